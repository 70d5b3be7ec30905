/**
 * Frames for acts and means: methods, intent and plans, preparation, past attempts, self-injury,
 * lethality questions, and someone else at risk. Pattern language and weights: see frame-patterns.ts.
 */
import { frameList, P } from './frame-patterns';

const { list, add } = frameList('a');

const VERB_ON = 'kill|murder|unalive|off|end|hang|shoot|drown|poison|overdose|suffocate|strangle|gas|electrocute|throw';

// Method (C-SSRS: thinking of a way).
add('method', 0.95, 'hang|shoot|drown|poison|overdose|suffocate|strangle|gas|electrocute|throw|hanging myself');
add('method', 0.85, 'jump|leap|fall|throw|go|step|drive|climb _4 off|from|over|in|into|onto|out|down _3 @height|@traffic', P);
add('method', 0.85, 'walk|wade|swim _4 into|out _3 @water', P);
add('method', 0.85, '@wish|@think _4 jump _2 down|off|over|from');
add('method', 0.85, 'in front _1 of _2 train|bus|truck|lorry|car|traffic|express|it');
add('method', 0.8, 'over _1 the _1 edge|railing|ledge|side|balcony|parapet', P);
add('method', 0.75, '@think|@wish|about|keep _6 jump|jumping|hang|hanging|overdose|drown|shoot|slit', P);
add('method', 0.85, 'picture|imagine|see _2 myself _3 hang|hanged|hanging|dead|die|jump|bleed');
add('method', 0.9, 'swallow|take|drink|down|neck|od _4 all|whole|every|entire|handful|bunch|lot|rest|everything|many _4 @medicine|@container');
add('method', 0.85, 'swallow|take|took|od _2 @container _2 @medicine');
add('method', 0.85, 'swallow|take|drink _2 everything _3 cabinet|house|drawer');
add('method', 0.85, 'drink|swallow _3 bleach|poison|antifreeze|pesticide|weedkiller');
add('method', 0.85, 'bleach|poison|antifreeze|pesticide|weedkiller _8 drink|drinking|swallow|swallowing');
add('method', 0.85, 'slit|open|cut|slash _2 wrist|vein|throat|artery');
add('method', 0.85, '@blade _2 wrist|wrists|vein|throat');
add('method', 0.85, 'bleed _1 out|death');
add('method', 0.7, 'car|engine _6 garage');
add('method', 0.7, 'garage _6 car|engine|exhaust|hose');
add('method', 0.8, 'engine _2 running|on|run _8 garage|sleep|closed|shut|drift');
add('method', 0.8, 'hose _4 exhaust|car|window');
add('method', 0.75, 'turn|open|leave _3 gas');
add('method', 0.85, 'gas _4 not _1 light|lighting');
add('method', 0.8, 'gas _6 close|seal|sealing|shut _3 window|windows|kitchen|door');
add('method', 0.7, 'stop|skip _4 @medicine _6 heart|die|stop|out|purpose', P);
add('method', 0.85, 'stop|skip _3 @medicine _2 on _1 purpose');
add('method', 0.8, '@medicine _6 heart _2 stop|give|gives|out');
add('method', 0.7, '@medicine _3 and|with|plus _2 vodka|wine|alcohol|whisky|drink|bottle');
add('method', 0.7, 'whole _1 pack|bottle|box|packet');
add('method', 0.75, 'rope|noose|belt|cord _5 neck|hang|closet|beam|door|doorframe|rail|hinge|ceiling');
add('method', 0.8, 'would _1 it _1 hold _1 me|my');
add('method', 0.8, 'drive|crash _5 into _3 tree|wall|pillar|bridge|truck|lorry|barrier|traffic');
add('method', 0.7, 'no barrier|railing');
add('method', 0.75, 'step|stepped|stepping|lean|leaned _4 train|track|tracks|platform|traffic|edge', P);
add('method', 0.6, 'easy _4 fall|jump|hang|die|go', P);
add('method', 0.8, '@think _3 how _2 do _1 it', P);
add('method', 0.85, 'how _1 many|much _3 @medicine _6 enough|kill|die|fatal|lethal');
add('method', 0.85, 'how _1 many|much _3 @medicine _6 would|will|does|did _1 it _1 take');
add('method', 0.7, 'let _1 go _1 of _1 the _1 wheel');
add('method', 0.75, 'counting|count _2 my _1 @medicine', P);
add('method', 0.75, '@medicine _2 lined _1 up');
add('method', 0.85, 'roof|rooftop|floor|bridge|ledge|balcony|cliff|carpark _6 and _1 jump|jumping');

// Intent (C-SSRS 4) and plan (C-SSRS 3).
add('intent', 0.9, 'going|will|decide|ready _3 die|suicide|jump|overdose', P);
add('intent', 0.85, 'go|going _1 through _1 with _1 it');
add('intent', 0.85, 'do|doing _1 it _3 time|tonight|forgood|real|tomorrow|soon|weekend', P);
add('intent', 0.85, 'decide|decided|mind|choice|choose _6 die|dead|end|kill|jump|not', P);
add('intent', 0.9, 'be _1 dead _3 by|before|soon|tomorrow|tonight|weekend', P);
add('intent', 0.85, 'not _2 survive|alive _3 weekend|tonight|week|night|tomorrow|christmas|birthday', P);
add('intent', 0.85, 'check|checking|log|logging _1 out|off _3 life|forgood|forever|world|existence');
add('intent', 0.6, 'no _1 go|going _1 back _1 now', P);
add('intent', 0.7, 'no more _1 tomorrow|tomorrows|tries|try|waiting');
add('intent', 0.8, 'look _1 like _1 an|a _1 accident', P);
add('intent', 0.8, 'nobody|anyone|noone _4 stop|find _1 me');
add('intent', 0.75, 'no _1 one _4 stop|find _1 me');
add('plan', 0.9, 'pick|picked|choose|chosen|set|circle _4 date|day|night|time _6 die|end|kill|go|do|it');
add('plan', 0.9, 'day|night|date _2 i _2 die|end|kill|ending', P);
add('plan', 0.85, 'day|night|date _2 i _2 do _1 it', P);
add('plan', 0.85, 'day _2 i _1 go _1 too');
add('plan', 0.95, 'last day _1 alive');
add('plan', 0.8, 'my _1 birthday|date|day _3 be _1 my|the _1 last|day');
add('plan', 0.8, 'plan|planned _2 how|when|it|out|everything|step');
add('plan', 0.8, 'have _1 a _1 plan _2 and _1 a _1 date|time|place|day');
add('plan', 0.8, 'work|worked _1 out _2 how|when|exactly|every');
add('plan', 0.7, 'that _1 be _1 my _1 way|window|plan|exit|chance');
add('plan', 0.8, 'when|after|once _3 go|pass|die _4 i _3 follow|go|die|kill|end|same', P);
add('plan', 0.75, 'when|after|once _1 everyone|everybody|they|parents|mum|dad|family|house _3 asleep|sleeping|bed|out|empty');
add('plan', 0.75, '@time _8 take|taking|swallow|swallowing _2 the|my|all _2 @medicine');

// Preparatory behaviour (C-SSRS 5).
add('preparation', 0.95, 'write|wrote|finish|leave|draft _4 suicide|goodbye _1 note|letter|text|message');
add('preparation', 0.8, 'suicide note', { who: 'person', mention: true });
add('preparation', 0.8, 'give|rehome|find _1 away|home _5 my|all|his|her|their _3 thing|stuff|everything|possession|belonging|cat|dog|pet|bird|guitar|hoodie|game|clothes');
add('preparation', 0.75, 'give|giving _3 thing|stuff|everything|possession|belonging _1 away', P);
add('preparation', 0.9, 'not _1 need _5 where _3 going|after|soon');
add('preparation', 0.65, 'not _1 need _3 it|them|any|anymore|em _1 anymore');
add('preparation', 0.8, 'say|said _6 not _1 need _2 it|them|any|anymore');
add('preparation', 0.6, 'make|write|draft|sort|do _2 will', P);
add('preparation', 0.85, 'for _2 when _1 i _2 ready|gone|dead|not|go');
add('preparation', 0.85, 'for _1 when _2 find _1 me');
add('preparation', 0.8, 'for _1 after $');
add('preparation', 0.7, 'where _3 be _1 found');
add('preparation', 0.85, 'exit _1 plan|bag');
add('preparation', 0.85, 'my _1 exit|ending');
add('preparation', 0.85, 'stockpile|hoard|stash _5 @medicine|@container|it|them');
add('preparation', 0.7, 'save|collect|stack|keep|hide|hidden _5 @medicine _5 for|up|night|end|last', P);
add('preparation', 0.8, '@medicine|@container _4 save|saving|saved|stash|stockpile|hoard|keep|kept|hidden');
add('preparation', 0.8, '@medicine _8 save|saving _3 up|for');
add('preparation', 0.85, 'keep|save _2 it|them _2 for _2 last|final _1 night|day|time');
add('preparation', 0.75, 'hide|hidden|taped|tape _4 @blade|rope|noose|@medicine');
add('preparation', 0.7, 'buy|bought|get|order|pick _4 rope|hose|charcoal|noose|helium|poison|gun|razor', P);
add('preparation', 0.85, 'buy|bought|get|got|order|cop|copped _4 stuff|thing|everything|what _3 need _3 end|die|kill|hang|go|exit');
add('preparation', 0.8, 'pick|choose|plan|prepay|pay|make|write _5 my|own _2 funeral|headstone|eulogy|obituary');
add('preparation', 0.8, 'for _1 my _1 funeral|headstone', P);
add('preparation', 0.7, 'delete|close|cancel _5 account|social|socials|instagram|membership|subscription _5 before|after|gone|die|go');
add('preparation', 0.8, 'password|passwords _8 after|gone|dead|die');
add('preparation', 0.7, 'schedule|timer|delay|delayed _4 email|text|message|post|goodbye');
add('preparation', 0.8, 'if _1 anything _1 happen _1 to _1 me', P);
add('preparation', 0.8, 'loose _1 end _4 before _2 i|go|die');
add('preparation', 0.75, 'before _1 i _2 go|die|kill|do _1 it|forgood|myself');
add('preparation', 0.85, 'before _2 go|gone|leave _1 forgood|forever');
add('preparation', 0.6, 'not _1 coming _1 back', P);

// Past attempt.
add('past_attempt', 0.9, 'try|tried|attempt|attempted _2 to _1 die|suicide|overdose|od');
add('past_attempt', 0.9, 'try|tried|attempt|attempted _3 kill|hang|drown|overdose|shoot|slit|end|jump|cut _2 myself|@otherRefl|my|her|his|their|it|life|off|from');
add('past_attempt', 0.85, 'try|tried _3 leave|go _1 forgood');
add('past_attempt', 0.9, 'suicide|@methodVerb|monoxide|hanging|overdose|wrist|slitting|my _1 attempt|attempts');
add('past_attempt', 0.8, 'i _1 attempted $');
add('past_attempt', 0.8, 'i _1 attempted _1 twice|once|before|again|last|when|in|at|recently|suicide|and|it|myself');
add('past_attempt', 0.8, 'i _1 attempted _1 a _1 few|couple');
add('past_attempt', 0.75, '@think _2 try|trying|attempt|attempting _1 again', P);
add('past_attempt', 0.7, 'last _1 time _1 i _1 tried|attempted');
add('past_attempt', 0.8, 'overdose', { who: 'person', mention: true });
add('past_attempt', 0.85, '@methodVerb|take|took|sit|sat|walk|went|jump|drive|swallow|run|running _8 to _1 die|dead', { who: 'person', youIsSelf: true });
add('past_attempt', 0.85, 'stomach _2 pump|pumped');
add('past_attempt', 0.75, 'wake|woke _1 up _2 in _2 hospital|icu|ward|emergency', P);
add('past_attempt', 0.85, 'find|found _1 me _2 before|trying|unconscious|bathroom|floor');
add('past_attempt', 0.85, 'walk|walked _1 in _1 on _1 me');
add('past_attempt', 0.85, 'not _2 supposed|meant _2 to _2 found|wake|survive|saved');
add('past_attempt', 0.85, 'not _1 want _2 to _1 be _1 saved|found|rescued');
add('past_attempt', 0.8, 'not _1 an|a _1 accident', P);
add('past_attempt', 0.7, 'on _1 purpose _4 crash|accident|car|tree|wheel');
add('past_attempt', 0.85, 'wish _2 it _2 work|worked');
add('past_attempt', 0.7, 'disappoint|disappointed|angry|mad _4 not _1 work|wake|die');
add('past_attempt', 0.9, 'rope|noose|belt|cord _3 around _2 neck');
add('past_attempt', 0.7, '@medicine|@blade|rope _3 in _1 my _1 hand', P);
add('past_attempt', 0.7, 'stand|stood|sit|sat|climb _4 ledge|edge|railing _4 roof|bridge|building|balcony|hour|floor');
add('past_attempt', 0.8, 'aim|aimed _2 for _2 tree|wall|truck|pillar');
add('past_attempt', 0.7, 'pull|pulled _1 me _1 out _3 water|river|sea|lake', P);

// Non-suicidal self-injury.
add('nssi', 0.9, 'hurt|harm|cut|burn|scald|punch|hit|scratch|carve|stab|slash|punish|starve|bruise|choke|bang myself');
add('nssi', 0.85, 'cut|burn|carve|scratch|slash|scald _3 @body', P);
add('nssi', 0.85, 'cut|selfharm|sh|carve|burn _1 again|tonight|deeper|deep|until|anymore', P);
add('nssi', 0.9, 'cut|selfharm|harm|burn|hurt _1 urge|urges');
add('nssi', 0.9, 'urge|urges _3 cut|selfharm|harm|burn|hurt');
add('nssi', 0.85, 'selfharm', { who: 'person', mention: true });
add('nssi', 0.85, 'start|started|keep|been _2 cut|cutting|burn|selfharm', P);
add('nssi', 0.85, 'hit|punch|bang|slam|smash _3 my _1 head|myself|fist _5 wall|floor|door|until|over');
add('nssi', 0.85, 'head _1 bang|banging|slam|slamming _3 wall|door|floor');
add('nssi', 0.9, 'carve|carved _5 into|in _1 my');
add('nssi', 0.75, '@blade _4 again|tonight|deeper|out|one', P);
add('nssi', 0.8, 'want|need _2 pain|hurt|bleed|blood _4 my|body|feel|real', P);
add('nssi', 0.75, 'feel|need _3 pain _3 physical|body|hurt');
add('nssi', 0.8, 'until _4 blister|blistered|bleed|bled|bruise|purple', P);
add('nssi', 0.8, 'back _2 day _1 zero|0|one|1');
add('nssi', 0.75, 'streak _3 reset|lost|broke|broken|gone|0|zero');
add('nssi', 0.75, 'lost _2 streak');
add('nssi', 0.75, 'snap|snapping _4 band _4 wrist|bleed');
add('nssi', 0.85, 'cut|burn _2 as _1 punishment');
add('nssi', 0.85, 'punish _2 my _1 body|skin|arm');
add('nssi', 0.7, 'relapse|relapsed _3 cut|selfharm|blade|again', P);
add('nssi', 0.8, 'fresh|new _1 cut|cuts|scar|scars|burn|burns _4 arm|wrist|thigh|leg|skin|all', P);
add('nssi', 0.7, 'scars|cuts|scar|burns _3 on _2 wrist|wrists|arm|arms|thigh|thighs');

// Lethality questions.
add('lethality_question', 0.85, 'how _1 many|much _8 die|kill|lethal|fatal|overdose|enough|wake|survive|dead|death', { youIsSelf: true });
add('lethality_question', 0.85, 'lethal|fatal|deadly _1 dose|amount|level|quantity', { mention: true });
add('lethality_question', 0.8, 'dose|amount _4 lethal|fatal|deadly|kill', { mention: true });
add('lethality_question', 0.7, 'which|what _3 bridge|building|floor|cliff|tower _4 highest|tallest|high|tall|deadly');
add('lethality_question', 0.9, 'painless|quick|quickest|fast|fastest|easy|easiest|sure|surest|gentle|gentlest|best|peaceful|effective _2 way|method|ways|methods _4 die|kill|end|suicide|unalive|overdose|dead', { youIsSelf: true });
add('lethality_question', 0.85, 'painless|gentle|gentlest|peaceful|least _3 way|method|ways|methods _2 to _1 go');
add('lethality_question', 0.85, 'painless|painful _3 die|death|overdose|od|go|suicide');
add('lethality_question', 0.85, 'how _1 long _9 die|bleed|drown|drowning|suffocate|wake|death|dead|unconscious', { youIsSelf: true });
add('lethality_question', 0.75, 'die _1 fast|quick|quickly|instantly|instant');
add('lethality_question', 0.85, 'fall|jump|drop|impact|landing|dose|amount _3 kill _1 me|you');
add('lethality_question', 0.85, 'would|will|could _1 it|that|this _1 kill _1 me|you', { youIsSelf: true });
add('lethality_question', 0.75, '@medicine _3 at _1 once');
add('preparation', 0.8, 'different _1 shops|shop|pharmacies|pharmacy|chemists|stores');
add('preparation', 0.7, 'buy|bought _4 @container _3 @medicine', P);
add('lethality_question', 0.85, 'can|could|would|will _2 die _2 from|of|if _5 @medicine|@container|@poison|@gasMeans|overdose|taking|fall|jump', { youIsSelf: true });
add('lethality_question', 0.85, 'jump|fall|drop _4 to _1 die', { youIsSelf: true });
add('lethality_question', 0.8, 'if _2 train|bus|car|truck _2 hit _1 me');
add('lethality_question', 0.85, 'which|what _4 vein|floor|pill|med|medicine|artery|way|wrist _8 die|kill|fastest|overdose|od|painful|survive|fatal|death', { youIsSelf: true });
add('lethality_question', 0.85, 'which|what _3 one|way _3 kill|kills _1 you|me', { youIsSelf: true });
add('lethality_question', 0.9, 'high|tall _1 enough _4 die|survive|kill|fall|not|hang');
add('lethality_question', 0.85, 'enough _4 to _2 not _1 wake|survive|die|kill');
add('lethality_question', 0.8, 'strong _1 enough _4 hold|weight');
add('lethality_question', 0.75, 'hold _1 my _1 weight');
add('lethality_question', 0.8, '@traffic|hang|drown|drowning|jump|fall|shoot|gun|overdose _6 instant|painless|hurt|quick', { youIsSelf: true });
add('lethality_question', 0.85, `how|can|way|could|should|which|where _4 ${VERB_ON}|cut _1 yourself|myself|urself`, { youIsSelf: true });
add('lethality_question', 0.85, 'fall _1 asleep _1 and _1 die|not');
add('lethality_question', 0.8, 'will|would _1 i _3 wake|feel _3 anything|up|tomorrow|die');
add('lethality_question', 0.8, 'make _1 sure _3 can _1 not|not _3 swim|survive|wake|back');
add('lethality_question', 0.75, 'where _2 can _2 cut _1 yourself|myself');
add('lethality_question', 0.8, 'lose _2 blood', { youIsSelf: true });

// Someone else at risk: the same acts with herself / himself / themselves. Subject 'other' makes
// the category third_party in frames.ts; any frame above can also come out as third_party.
add('third_party', 0.9, `${VERB_ON}|hurt|harm|cut|burn|selfharm|starve|punish|slit|carve _1 @otherRefl`);
add('third_party', 0.85, 'end|take _1 her|his|their _1 life');
add('third_party', 0.85, 'end|take _1 her|his|their _1 own _1 life');
add('third_party', 0.8, 'selfharm|relapse|relapsed', { who: 'other' });
add('third_party', 0.8, 'overdose|overdosed', { who: 'other' });
add('third_party', 0.8, 'cut|cutting|cuts _1 again|arm|wrist|wrists|herself|himself', { who: 'other' });

// Late additions: means at hand, said of oneself or of someone else.
add('method', 0.75, 'vodka|wine|alcohol|whisky|booze _3 and|with|plus _2 @medicine');
add('method', 0.75, '@medicine _8 think|thinking _2 about _1 it');
add('method', 0.7, 'she|he|i _2 has|have|got _2 a|the _1 razor|blade|gun|rope|noose');
add('method', 0.6, 'lock|locked _1 herself|himself|myself|themselves _3 in _2 bathroom|room|car|garage');
add('method', 0.8, 'take|took|swallow|swallowed _4 of _1 my|the|her|his _1 @medicine');
add('method', 0.85, '@methodVerb|die|death|dying|suicide _4 all|only|always _2 i _1 think');
add('method', 0.8, '@methodVerb|die|death|dying|suicide _4 on _1 my _1 mind');
add('method', 0.85, '@wish|@think|keep _3 walk|step|run|jump|drive _2 into|in _3 traffic|road|motorway|highway|sea|river|lake');
add('plan', 0.8, 'plan _1 be _1 the _3 @traffic|@height|rope|pill|gun|bridge');
add('plan', 0.75, '@time _1 be _1 the _1 day|night $');
add('nssi', 0.8, 'punch|hit|cut|burn|smash|scratch|bang _4 on _1 purpose', P);
add('goodbye', 0.7, 'post|posted|sent|said|texted|wrote _3 goodbye|bye');
add('goodbye', 0.7, 'nobody|not|no _2 reach|answering|answer|picking|replying _2 her|him|them|up|phone');

export const ACT_FRAMES = list;
