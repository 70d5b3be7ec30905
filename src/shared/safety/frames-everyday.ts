/**
 * Risk told in everyday words (docs/crisis-detection.md): what counsellors are trained to notice when there is no
 * method word and no death word. Written from the clinical categories (C-SSRS, Stanley–Brown's
 * warning signs, crisis-line training), not from any data file. Most are below the strong cut-off
 * (0.8): the model decides how far to trust them. Pattern language: frame-patterns.ts.
 */
import { frameList, P } from './frame-patterns';

const { list, add } = frameList('e');

// Passive wishes, hedged, half-joking or in slang.
add('wish_dead', 0.85, 'why _2 be _1 i _2 still _1 here|alive|around');
add('wish_dead', 0.6, 'not _1 exist|existing|exists', P);
add('wish_dead', 0.7, 'heart _3 stop|stopped', P);
add('wish_dead', 0.7, 'not _1 make _1 it _1 to|past|through');
add('wish_dead', 0.6, 'not _2 mind|care|mad|upset _5 if _6 die|dead|hit|took|gone|crash|accident|wake');
add('wish_dead', 0.6, 'fade|disappear|vanish _2 away|out|forever|forgood', P);
add('wish_dead', 0.6, 'wish _4 never _2 born|existed|wake');

// Burden and entrapment.
add('burden_entrapment', 0.7, 'i _2 be _3 burden|waste|problem|reason|mistake', P);
add('burden_entrapment', 0.7, 'no _1 way _1 out');
add('burden_entrapment', 0.6, 'trapped|stuck _5 escape|never|forever|way|out|get', P);
add('burden_entrapment', 0.7, 'nobody|no|noone _2 one|would|will _2 miss|notice|care _2 me|if|when|i');
add('burden_entrapment', 0.7, 'easier|better _3 for _1 everyone|them|everybody|family|kids _3 without|if _2 me|i|gone');

// Intent, plan and a date with no method word.
add('intent', 0.6, 'going|gonna _2 do _1 it', P);
add('intent', 0.65, 'decided|made|make _3 mind|choice|decision', P);
add('intent', 0.7, 'not _1 backing _1 out');
add('plan', 0.8, 'picked|chose|chosen|set _2 a|the _1 date|day|night|time');
add('plan', 0.6, 'that _1 be _1 when $');
add('plan', 0.7, 'done|gone _1 forgood');
add('plan', 0.6, 'after|once _6 i _2 be _1 done|gone|going');

// Preparation without a method word.
add('preparation', 0.8, 'wrote|write|written|writing _3 letter|letters|note|notes _4 to|for _2 my|everyone|mum|dad|family|kids|brother|sister');
add('preparation', 0.75, 'who _1 get|gets _1 what');
add('preparation', 0.5, 'paid|pay|paying|settled|settle _3 back|off|everyone|everybody|debt|debts|owed', P);
add('preparation', 0.5, 'password|passwords|login|logins|account|accounts _6 to|for _2 my|her|him|cousin|sister|brother|mum|dad');
add('preparation', 0.6, 'rehome|rehoming|rehomed|new _1 home _3 for _2 my _1 cat|dog|pet|bird|rabbit');
add('preparation', 0.85, 'save|saving|saved _2 up _3 my|the|some|enough _1 @medicine');
add('preparation', 0.6, 'so _1 nobody|noone _3 find|finds _3 after|anything');

// Goodbyes and finality in everyday words.
add('goodbye', 0.6, 'thank|thanks _2 for _1 everything');
add('goodbye', 0.7, 'take _1 care _1 of _4 for _1 me');
add('goodbye', 0.6, 'sorry _1 for _1 everything');
add('goodbye', 0.8, 'if _2 not|never _2 hear _2 from _1 me');
add('goodbye', 0.8, 'nice _1 knowing');
add('goodbye', 0.5, 'last _3 run|time|coffee|shift|meal|cigarette|sunset|walk|drink|dinner|breakfast');
add('goodbye', 0.7, 'not _1 be _1 around _3 reply|answer|much|anymore|after|tomorrow|long');

// Self-injury told sideways.
add('nssi', 0.8, 'relapse|relapsed _5 clean|month|months|day|days|streak|again');
add('nssi', 0.8, 'hide|cover|hiding|covering|hid|covered _3 cut|cuts|scar|scars|mark|marks|beans|wound|wounds|burns|arm|arms|wrist|wrists', P);
add('nssi', 0.6, 'clean _2 a|the|my _1 cut|wound', P);
add('nssi', 0.6, 'cat _1 scratch|scratches');
add('nssi', 0.6, 'long _1 sleeve|sleeves _6 summer|hot|hide|cover|nobody|so');

// Methods and lethality in everyday words.
add('method', 0.6, 'keep|kept|just _1 swimming|walking|driving _3 out|away|until|past|and');
add('method', 0.6, 'swerve|swerving|swerved _2 into|off');
add('method', 0.6, 'sink|sinking _3 bottom');
add('lethality_question', 0.6, 'would|will _1 it|that|they _1 work $');
add('lethality_question', 0.7, 'would|will|could _1 that|it|this _1 do _1 it');
add('lethality_question', 0.8, 'would|will|could _1 you|u|i|me _1 survive');
add('lethality_question', 0.85, 'how _1 deep _4 cut');
add('lethality_question', 0.6, 'enough _1 or _1 nah|not');

// Past attempt with risk now.
add('past_attempt', 0.75, 'i _2 tried _3 before|twice|already|last|ago|once|march|summer|weeks|again');

// Added 2026-11-29 (appended, so earlier ids stay): a date said to be "the day", knowing when and
// where, "one last …", things that will not be needed, and leaving things right for whoever comes.
// Written with the development authors' missed lines in view (docs/crisis-detection.md).
add('plan', 0.6, 'that _1 be _1 my|the _1 date|day|plan|window|night $');
add('plan', 0.7, 'know|knew|known _2 when _1 and _1 where|how', P);
add('goodbye', 0.55, 'one _1 last _1 time|game|match|day|drink|pint|dance|proper|good|look');
add('preparation', 0.65, 'not|never _1 be _1 needing _2 it|them|any|anything|that');
add('preparation', 0.7, 'whoever _1 find|finds|found|come|comes|has _3 after|it|in|handle|deal|clean|sort');
add('preparation', 0.6, 'so _1 nobody|no _4 after|clean|deal|handle|chase|bother|stuck|lumbered');

// Added 2026-11-29 afternoon (appended): written from a new writer's missed lines (a review set
// the detector never trained on); frames that fired on the development authors' harmless lines were
// dropped (docs/crisis-detection.md, "A tenth writer's misses, and everyday occasions").
add('preparation', 0.6, 'not _2 need|needing _2 stuff|things|them|it|anything|clothes _2 anymore|where|after');
add('preparation', 0.6, 'no _1 point _3 paying|renewing|buying|booking _3 next|another|for');
add('preparation', 0.6, 'everything|all _2 else _1 be _1 in _1 order');
add('preparation', 0.55, 'affairs|things|everything _1 in _1 order', P);
add('preparation', 0.6, 'when _1 the _1 time _1 comes');
add('preparation', 0.6, 'when _1 they|people|someone _1 go _1 through _2 it|my|things|stuff');
add('preparation', 0.7, 'policy|insurance _6 pay|pays|payout _3 out|no|if|suicide');
add('plan', 0.6, 'tonight|today|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|night|birthday|christmas _3 be _1 it $');
add('plan', 0.65, 'right|perfect|good _1 day|time|night|date _2 to _2 finish|end|do|go _1 it', P);
add('plan', 0.6, 'free _1 to _1 go');
add('plan', 0.6, 'go _1 in _1 peace');
add('plan', 0.6, 'not|never _1 want _2 see|reach|make _2 another|next|19|20|21|30|40|50|christmas|birthday');
add('plan', 0.55, 'then|after _3 stop _1 trying');
add('burden_entrapment', 0.8, 'i _2 be _2 a|an|such|the _2 drain|liability|weight|pit|disgrace|leech', P);
add('burden_entrapment', 0.7, 'dead _1 weight', P);
add('burden_entrapment', 0.6, 'take|taking _1 up _1 space|room|oxygen|air');
add('burden_entrapment', 0.55, 'i _3 always|just|only _1 in _1 the _1 way');
add('burden_entrapment', 0.65, 'favour|favor _3 by _1 going|leaving|disappearing|dying|not');
add('burden_entrapment', 0.65, 'just|simply _1 by _1 existing|being|breathing');
add('burden_entrapment', 0.55, 'worth _1 saving|keeping|the _1 trouble|bother');
add('burden_entrapment', 0.55, 'supposed _2 live _2 with');
add('goodbye', 0.6, 'not|no|never|wont _3 see|seeing|hear|hearing _2 me|from _2 again|anymore');
add('goodbye', 0.7, 'thank|thanks|cheers _2 for _1 trying');
add('goodbye', 0.55, 'hug|cuddle|kiss|kisses|hugs _3 from _1 me');
add('goodbye', 0.55, 'mind|hug _3 for _1 me $');
add('goodbye', 0.55, 'last _1 sunrise|sunset|morning|christmas|birthday');
add('goodbye', 0.55, 'never|not _2 get _1 to _3 again');
add('goodbye', 0.5, 'not _1 forget _1 me');
add('goodbye', 0.5, 'remember _1 me|the _2 good _2 version|times|bits|parts');
add('nssi', 0.7, 'clean _6 relapse|relapsed|slipped|slip');
add('nssi', 0.55, 'back _1 to _1 zero|0|square');
add('nssi', 0.8, 'deeper _3 meant|than|usual|before', P);
add('nssi', 0.55, 'need|needed|needs _2 stitches|stitch|steristrips|glue');
add('nssi', 0.7, 'feel _1 something|anything _4 hurt|hurts|pain');
add('nssi', 0.7, 'deserve _2 pain|hurt|hurting|punishment', P);
add('nssi', 0.55, 'urge|urges _4 louder|strong|stronger|back|bad|worse|again');
add('nssi', 0.55, 'where _1 nobody|noone|no _2 see|sees|notice|look');
add('nssi', 0.75, 'new|fresh _1 scars|cuts|marks|burns|wounds');
add('nssi', 0.55, 'make _2 hurt _1 more');
// "tell Gwen I loved her": a love told in the past tense, by the person, to be passed on.
add('goodbye', 0.8, 'tell _3 i _1 loved _1 her|him|them|you|everyone|everybody|yall|all', P);
// "will I feel it when the train hits?": asked at the means.
add('lethality_question', 0.85, 'feel _2 it _1 when _1 the _1 train|truck|lorry|bus _1 hits|comes|gets', P);

export const EVERYDAY_FRAMES = list;
