/**
 * Frames for thoughts and words: wishing to be dead, suicidal ideation, goodbyes and finality,
 * being a burden or trapped. Pattern language and weights: see frame-patterns.ts.
 */
import { frameList, P } from './frame-patterns';

const { list, add } = frameList('t');

// Wish to be dead (C-SSRS 1).
add('wish_dead', 0.9, '@wish _3x die|dead|death');
add('wish_dead', 0.9, 'let _1 me|myself _1 die|go');
add('wish_dead', 0.85, 'not|no _2 @wish _3 live|exist|alive|here|around|wake|breathe|be|continue _2 anymore|again|forgood|tomorrow|forever|longer|world|planet|earth');
add('wish_dead', 0.8, 'not _2 @wish _3 live|exist|alive|wake', P);
add('wish_dead', 0.85, 'not _1 want _2 to _1 survive');
add('wish_dead', 0.85, 'tired|sick|done|exhausted|finish _3 live|life|alive|exist|existing|breathe', P);
add('wish_dead', 0.85, 'stop|quit|cease _1 exist|existing|breathe|breathing|live|living', P);
add('wish_dead', 0.85, 'stop|quit|cease _1 be|being _1 alive|here', P);
add('wish_dead', 0.85, 'not exist|existing', P);
add('wish_dead', 0.8, 'disappear|vanish|erase|gone _2 forever|forgood|permanently', P);
add('wish_dead', 0.85, '@wish|go|going|ready _3 sleep _1 forever|forgood|permanently');
add('wish_dead', 0.85, '@wish|sleep|asleep _6 never _2 come|wake _1 back|up');
add('wish_dead', 0.9, 'wish _4 never _2 born|exist|existed');
add('wish_dead', 0.85, 'never _2 wake|waking _1 up', P);
add('wish_dead', 0.85, '@wish|sleep|pray _4 not _1 wake');
add('wish_dead', 0.95, 'better off dead|gone|deceased');
add('wish_dead', 0.85, 'life|living|existence _2 not _2 worth _1 live|living|it|anything');
add('wish_dead', 0.8, 'not _1 worth _1 live|living _1 anymore|for');
add('wish_dead', 0.8, 'dead|death|die _5 relief|peace|peaceful|best|nice|easier|welcome|mercy|quiet|calm|better|gift|blessing|release|escape');
add('wish_dead', 0.85, '@wish|pray _6 hit|kill|take|finish|swerve|crash|run _2 me|into');
add('wish_dead', 0.8, 'god _4 take|let _2 me');
add('wish_dead', 0.8, '@wish _4 not _1 make _1 it _2 to|through|past|another');
add('wish_dead', 0.8, 'not _1 be _1 make|making _1 it _2 through|to|past _2 weekend|night|week|tonight|tomorrow|christmas|birthday|year');
add('wish_dead', 0.8, '@wish|be _3 my _1 last _1 birthday|christmas');
add('wish_dead', 0.85, 'not _3 be|stay|stick _2 here|around|alive _4 next|longer|long|anymore|tomorrow|by|much|after', P);
add('wish_dead', 0.75, '@wish _3x disappear|vanish');
add('wish_dead', 0.8, 'hope|wish|pray _3 get|have _1 cancer|sick|ill|hit');
add('wish_dead', 0.8, '@wish _6 so _2 it _1 be _1 over');
add('wish_dead', 0.85, 'not _1 be|being _1 here|around|alive _3 anymore|forgood|forever|permanently', P);
add('wish_dead', 0.8, 'i _1 will _1 not _1 be _1 here|around', P);
add('wish_dead', 0.85, '@think _4 not _1 be|being _1 here|alive|around');
add('wish_dead', 0.8, 'not _1 plan|want _3 stick|stay|be _1 around|alive|here', P);
add('wish_dead', 0.8, 'not think _3 be _1 around|here|alive _3 long|longer|much', P);
add('wish_dead', 0.8, 'be _1 gone|erased _3 from _2 world|earth|planet|existence', P);
add('wish_dead', 0.7, 'hope _6 kill|die|end _1 me|it|you', P);
add('wish_dead', 0.75, 'train|bus|car|truck|lorry _2 hit _1 me');
add('wish_dead', 0.8, 'in _1 the _1 ground|grave', P);
add('wish_dead', 0.85, 'last _1 day _2 on _1 earth|alive');

// Active ideation (C-SSRS 2).
add('active_ideation', 0.95, 'kill|murder|unalive|off myself');
add('active_ideation', 0.95, 'end|take _1 my _1 life');
add('active_ideation', 0.95, 'end|take _1 my _1 own _1 life');
add('active_ideation', 0.9, 'end _1 it _1 all|forgood|now|tonight|soon|forever|permanently');
add('active_ideation', 0.85, 'end|ending _1 it|things|everything', P);
add('active_ideation', 0.9, 'suicidal');
add('active_ideation', 0.85, '@think|feel|commit|attempt _4 suicide', { mention: true });
add('active_ideation', 0.85, 'suicide|suicidal _1 think|urge|urges|ideation|feeling|feelings|hours|mode');
add('active_ideation', 0.8, 'my suicide', { mention: true });
add('active_ideation', 0.75, 'suicide', { who: 'person', mention: true });
add('active_ideation', 0.8, '@think|urge _4 die|death|dying|dead|ending', P);
add('active_ideation', 0.85, '@think _3 end|ending _1 it|things|everything|my');
add('active_ideation', 0.9, 'urge|urges|temptation _3 kill|die|end|suicide');
add('active_ideation', 0.85, '@wish _3 it|everything|all _3 to _1 end|stop|over _2 forgood|permanently|forever');
add('active_ideation', 0.7, '@wish _3 it|everything|all _3 to _1 end|stop|over', P);
add('active_ideation', 0.85, 'delete|erase|remove myself|me _3 from _2 world|life|existence|earth|planet');
add('active_ideation', 0.85, 'not _3 stay|be _1 alive', P);
add('active_ideation', 0.75, 'die _2 on _1 purpose');
add('active_ideation', 0.6, 'it|suicide _1 be _1 happening');

// Finality and goodbye.
add('goodbye', 0.9, 'goodbye|bye|farewell|goodnight _2 forever|forgood|everyone|everybody|world|cruel|all|always');
add('goodbye', 0.9, 'this _1 be _1 my _1 goodbye|final|last');
add('goodbye', 0.9, 'final|last _1 goodbye');
add('goodbye', 0.9, 'when|after|once _2 i _3 gone|dead|die|died');
add('goodbye', 0.85, 'when|after|once _2 i _2 be|am _1 not _1 here|around|alive');
add('intent', 0.75, 'tonight _1 be _1 the _1 night');
add('goodbye', 0.75, 'remember _1 me', P);
add('goodbye', 0.85, 'remember _1 me _3 when|after|as|for|happy|good');
add('goodbye', 0.95, 'whoever _4 find _2 me|body');
add('goodbye', 0.85, 'sorry _2 to _1 whoever');
add('goodbye', 0.9, 'find|found _2 my _1 body');
add('goodbye', 0.85, 'not|never _1 come _1 look|looking _1 for _1 me');
add('goodbye', 0.85, 'one _1 who _1 find|finds _1 me');
add('goodbye', 0.8, 'not _1 your _1 fault _8a gone|after|tonight|leave|leaving|happen|choice|die');
add('goodbye', 0.75, 'whatever _1 happen|happens _1 tonight|tomorrow');
add('goodbye', 0.75, 'none _3 be _1 your _1 fault');
add('goodbye', 0.7, 'sorry _2 i _1 be _1 leaving');
add('goodbye', 0.8, 'last _1 post|message|walk|time|night|text|goodbye _4 ever|forever|alive|tonight|never|goodbye|last', P);
add('goodbye', 0.75, 'last _1 post|message|walk|goodbye|text', P);
add('goodbye', 0.9, 'goodnight|night|good _2 forever');
add('goodbye', 0.85, 'goodnight|night|good|goodbye|bye _3 for _1 the _1 last _1 time');
add('goodbye', 0.85, 'not _1 strong _1 enough _2 stay|live|hold|go');
add('goodbye', 0.85, 'sorry _6 not|never _2 stay|hold|strong|alive|leave|leaving');
add('goodbye', 0.8, 'look|take _1 after|care _3 for _1 me', P);
add('goodbye', 0.85, 'look|take _1 after|care _6 when|after|once _2 i');
add('goodbye', 0.7, 'say|saying _1 goodbye|thank _3 before|tonight|properly|everyone', P);
add('goodbye', 0.9, 'goodbye _6 before _1 i _1 die|go');
add('goodbye', 0.7, 'leave|leaving|going|go _1 forgood|forever', P);
add('goodbye', 0.75, 'not _2 waking|wake _1 up', P);
add('goodbye', 0.85, 'peace _1 out _3 forgood|forever|everyone');
add('goodbye', 0.7, 'it _1 be _1 already _1 over|done');
add('goodbye', 0.9, 'not _1 be _1 alive _3 to|for|by|when|after|tomorrow|next|come');
add('goodbye', 0.7, 'okay|fine|better|happier _2 without _1 me');
add('goodbye', 0.95, 'last _1 time _4 hear|see _2 from _1 me');
add('goodbye', 0.9, 'goodbye _3 while _1 i _1 still _1 can');
add('goodbye', 0.7, 'said|say _3 what _1 i _2 needed|need|wanted _2 to _1 say');
add('preparation', 0.85, 'explain|explaining|explains _2 why _1 i _2 did|do|done _1 it');
add('burden_entrapment', 0.9, 'worth _1 more _2 dead');
add('burden_entrapment', 0.7, 'life _1 insurance _6 help|pay|better|family|more|worth');
add('wish_dead', 0.6, 'finish _1 the _1 job');
add('lethality_question', 0.6, 'highest|tallest _1 bridge|building|cliff|tower|carpark _2 near|in|around');
add('goodbye', 0.85, 'when _2 i _1 be _1 gone _4 my _1 choice');
add('goodbye', 0.85, 'never _4 hear|see _2 from _1 me _1 again');
add('goodbye', 0.75, 'tell _2 my _1 mum|dad|family|parents|sister|brother|kids|wife|husband _4 sorry|love');
add('goodbye', 0.7, 'it _1 be _1 almost|nearly|finally _1 time');
add('preparation', 0.8, 'write|wrote|writing _2 letters|letter _2 to _1 everyone|each|all|everybody');
add('goodbye', 0.95, 'by _1 the _1 time _4 read|see|find|get _4 gone|dead|over|done');
add('goodbye', 0.75, 'i _1 will _1 be _1 gone');

// Burden and entrapment.
add('burden_entrapment', 0.95, 'better _1 off _3 without _1 me|him|her|them');
add('burden_entrapment', 0.95, 'better _1 off _1 if _1 i|he|she _3 gone|dead|die|not|never');
add('burden_entrapment', 0.9, 'better _3 without _1 me');
add('burden_entrapment', 0.9, 'better _1 off|with _1 me _1 gone|dead');
add('burden_entrapment', 0.85, 'no|only|one _2 way|escape|exit|option|door|choice|cure|relief|stop _8a die|dead|death|dying|suicide|end|kill|permanent|alive');
add('burden_entrapment', 0.9, 'die|dying|death|dead _3 only _2 way|escape|exit|option|cure|relief|answer');
add('burden_entrapment', 0.85, 'no|nobody|anyone|anybody|nobdy _4 notice|miss|care|know _4 if|when _1 i _3 die|dead|gone|disappear|vanish|stop|exist|kill');
add('burden_entrapment', 0.85, 'if _1 i _2 die|died|disappear|disappeared|gone _6 nobody|no|anyone _3 notice|miss|care');
add('burden_entrapment', 0.9, 'world|everyone|everybody|they|family _4 better _3 without _1 me');
add('burden_entrapment', 0.9, 'not _1 deserve _2 live|alive|exist|life', P);
add('burden_entrapment', 0.85, 'deserve _1 to _1 die|be _1 dead', P);
add('burden_entrapment', 0.85, 'should _2 die|dead|kill', P);
add('burden_entrapment', 0.85, 'why|point _4 stay|be|keep|bother _2 alive|living|live|exist|breathe');
add('burden_entrapment', 0.85, 'no|what _3 point|reason _4 live|living|alive|life|stay|exist|on');
add('burden_entrapment', 0.75, 'free|rid _1 of _1 me');
add('burden_entrapment', 0.8, 'need _4 to _1 end|stop _3 forgood|permanently|forever|me');
add('burden_entrapment', 0.7, 'burden _4 gone|dead|die|alive|relieve|relieved|better|without', P);
add('burden_entrapment', 0.85, 'only _3 way _3 escape|free|leave|away _6 dead|die|death|dying');
add('burden_entrapment', 0.85, 'not _2 see _2 reason|point _4 live|alive|living|stay|go');
add('burden_entrapment', 0.6, 'not _2 see _2 future|way _1 forward');
add('burden_entrapment', 0.8, 'if _1 i _2 not _2 alive|here|around|born|exist|existed');
add('burden_entrapment', 0.7, 'happier|easier _3 if _2 i _3 never|dead|gone|not');

// Late additions, each a general form of a phrase clinicians list as a warning sign.
add('active_ideation', 0.85, 'make|making _1 it|everything|this _1 stop|end _1 permanently|forgood|forever');
add('active_ideation', 0.85, 'remove|removing|erase|erasing|delete|deleting _1 myself _3 would|will|fix|solve|help|better');
add('goodbye', 0.8, 'sorry _3 it _1 ended|ends|end _2 this|like _1 way|this');
add('goodbye', 0.8, 'anyone|anybody|people|who|one|nobody _3 come _2 to _1 my _1 funeral');
add('burden_entrapment', 0.6, 'so _1 why _1 not $');
add('goodbye', 0.7, 'could _1 not _2 do|take|go _1 it|this|on _1 anymore', P);
add('wish_dead', 0.65, 'ready _2 to _1 stop|go $', P);
// Last, so the ids above stay as they were (frame-patterns.ts): "not worth living" ending the sentence.
add('wish_dead', 0.8, 'not _1 worth _1 live|living $');

export const THOUGHT_FRAMES = list;
