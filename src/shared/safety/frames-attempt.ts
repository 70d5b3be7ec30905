/**
 * Frames for an attempt under way or just made, told plainly and often without a method word
 * ("took them all 20 min ago", "i already did it", "i cut too deep"). They carry the 'attempt'
 * category, which makes the decision imminent (severity.ts). Pattern language: frame-patterns.ts.
 */
import { frameList, P } from './frame-patterns';

const { list, add } = frameList('t');

// Past forms only: "take them all" is intent or a plan (still a crisis), "took them all" is an attempt.
const SWALLOW = 'took|taken|swallowed|downed|popped|drank|od|overdosed|necked|injected|drunk';

add('attempt', 0.9, `already|just _2 ${SWALLOW} _3 them|it|all|everything|@medicine|@count|@container|@poison`, P);
add('attempt', 0.9, `${SWALLOW} _1 them|it|em _1 all`, P);
add('attempt', 0.9, `${SWALLOW} _2 all _2 of _1 them|it|my|the|em`, P);
add('attempt', 0.9, `${SWALLOW} _2 @count _3 @medicine|@container`, P);
add('attempt', 0.85, `${SWALLOW} _2 too _1 many|much _2 @medicine|@container|them|already|on`, P);
add('attempt', 0.9, `${SWALLOW} _3 everything _3 in _2 cabinet|drawer|box|house|bag`, P);
add('attempt', 0.85, '@medicine|@container|@poison|them _3 kick|kicking|start|starting|begin|beginning _2 in|work|working');
add('attempt', 0.85, 'feel|feeling|get|getting|become|becoming _3 sleepy|dizzy|drowsy|numb|weird|sick|heavy|woozy _8 @medicine|@container|@poison|took|take|swallow|swallowed');
// "I already did it" is as often a driving test as an attempt: weak frames that only help the model.
add('attempt', 0.6, 'already _2 did|done _2 it', P);
add('attempt', 0.6, 'did|done _1 it _4 already|now|bye|sorry|goodbye|ago|minutes|min', P);
add('attempt', 0.6, 'it _1 be _1 done _5 sorry|bye|goodbye|know|tell|love|ago|already');
add('attempt', 0.9, 'can|could|will|would _1 not _2 stop _3 bleed|bleeding|blood');
add('attempt', 0.85, 'cut|went _2 too _1 deep');
add('attempt', 0.8, 'so|too _1 much _1 blood');
add('attempt', 0.85, 'stand|standing|sit|sitting|here|be _4 @height|@traffic|@water|edge _5 now|rn|right|tonight', P);
add('attempt', 0.85, '@height|@traffic|edge _3 right _1 now');
add('attempt', 0.85, 'car|engine _4 run|running _6 garage|now|hose');
add('attempt', 0.85, 'rope|noose|belt _4 ready|up|tied|set _4 now|tonight|rn|here');
add('attempt', 0.8, 'with _1 the|a|my _1 @medicine|@blade|@container|rope|gun|@poison _3 now|rn|right|in _2 hand');
add('attempt', 0.85, 'mix|mixed|with _3 vodka|wine|alcohol|whisky|booze|drink _4 @medicine _3 now|already|just|tonight');

// Weak frames (below 0.4, so the model does not treat the message as framed): they never call a
// crisis, but when the message is one they make it imminent. "i took something", "it's done".
add('attempt', 0.35, `${SWALLOW} _3 @medicine|@container|@poison|them|all|everything|lot|something|what|rest`, P);
add('attempt', 0.35, 'it _1 be _1 done|happening|happen $');
add('attempt', 0.35, 'i _1 did _1 it $', P);
add('attempt', 0.35, 'too _1 late _1 now');
add('attempt', 0.35, 'garage _8 car|engine _3 on|running');
add('attempt', 0.35, 'car|engine _3 on|running _8 garage');
add('attempt', 0.35, 'i _2 be|sit|stand|sat|standing|sitting _3 on|at|in _3 @height|@traffic|@water|edge', P);
add('attempt', 0.35, 'climbed|climb|climbing _2 over|onto|up', P);

// Added after the weak frames so the ids above stay as they were (frame-patterns.ts).
// "took way too many" with nothing after it: "too many" ends the sentence.
add('attempt', 0.85, `${SWALLOW} _2 too _1 many|much $`, P);
// Means already at the body, with no act or time named: "the rope is around my neck". Not "tie"
// or "scarf" (lexicon.ts's ligatures): those are worn there.
add('attempt', 0.85, 'rope|noose|cord|cable|ligature|belt _3 around|round|on _2 my _1 neck', P);
add('attempt', 0.85, '@gun _3 against|to|in|under _2 my _1 head|temple|mouth|chest|chin', P);
add('attempt', 0.85, '@gun _2 loaded _6 table|hand|lap|desk|bed|beside|next|here|ready|now', P);

// The act and what it is doing to the body now, in one sentence: "took the lot, room's spinning",
// "swallowed the whole box and my hands are going numb". It needs "all", "the lot" or a container:
// "took 2 of my new tablets and I'm dizzy" is a side effect, "drank loads and the room's spinning" a
// night out. What was swallowed need not be named.
const FEELING_IT = 'spinning|spinnin|blurry|blurred|numb|shaking|shaky|vomiting|throwing|puking|slurring|breathe|breathing|faint|fainting|racing';
add('attempt', 0.85, `took|taken|swallowed|popped|downed|necked|injected|overdosed|od _3 all|lot|loads|everything|@container _8 ${FEELING_IT}`, P);
// "throwing up and shaking after what I took": the act kept unnamed, the body telling it.
add('attempt', 0.6, `${FEELING_IT} _6 after _1 what _2 took|taken|swallowed|had|done`, P);

// At the means now, in the words for where the body is: on the rails ("sitting on the railway
// line"; not "lying down on the tracks", which is how a thought of it is told), past the railing,
// in the water to the chest. Not "lying in the road" (children chalk it) nor "walking into the sea"
// (a swim, and as a thought it is a method, not an act under way: means.ts's frames have it).
const RESTING = 'lying|lay|laying|sitting|sat|standing|stood|kneeling';
add('attempt', 0.85, `${RESTING} on|across|between _2 the|train|railway|rail _1 tracks|rails|railway|railroad|railtrack`, P);
add('attempt', 0.85, 'wrong|other _1 side _2 of _2 the|a _1 railing|railings|parapet', P);
add('attempt', 0.6, 'water|sea|river|lake _4 up _1 to _1 my _1 chest|neck|chin|shoulders', P);

// Added after a twelfth writer's attempts (2026-11-29 evening), in the shapes of an act under way
// that need no method word: in the middle of a highway, charcoal lit in a shut room, a rope already
// up on a beam. The highway needs the writer there now ("I am"): not "standing in the middle of the
// road" (waiting to cross), a bowling alley's lane, "a deer was standing in the middle of the
// highway" or "I was, when the car broke down". The charcoal needs a room shut on it, not a grill's
// lid; the rope needs to be up, not "tied to the beam for the hammock" or a thought of a banister.
add('attempt', 0.85, 'am _2 sitting|lying|laying|standing|walking|walkin _3 middle _2 of _3 highway|motorway|freeway|expressway|carriageway|interstate', P);
add('attempt', 0.85, 'lit|light|lighting|brought _3 charcoal|coals|coal|braai|burner _8 shut|closed|close|sealed|seal|taped|tape _3 window|windows|door|doors|vent|vents|gaps|everything|room', P);
add('attempt', 0.85, 'rope|noose|ligature _3 up|tied|hung|hanging|ready _4 beam|rafter|rafters|fan|ceiling|banister|bannister|loft|hook');
// Read from the eleventh writer's misses once it had served as a check (2026-11-29 evening): an
// engine left running behind a shut garage, shed or roller door (not a car's own door: "waiting for
// her with the engine running"); lying in the middle of the road ("I am", not children chalking it);
// parked on a level crossing. "Not going back to the shore" was dropped (a windy day).
add('attempt', 0.85, 'engine|motor _1 going|running|on _6 garage|roller|shed _1 door|doors _2 down|shut|closed', P);
add('attempt', 0.85, 'garage|roller|shed _1 door|doors _2 down|shut|closed _6 engine|motor _1 going|running|on', P);
add('attempt', 0.85, 'am _2 lying|laying|sitting _3 middle _2 of _2 the _1 road|street', P);
add('attempt', 0.85, 'parked _2 on _2 the _1 level _1 crossing', P);
// The railway line by name: a line alone is also a race's, a queue's or a tennis court's.
add('attempt', 0.85, `${RESTING} on|across _2 the _1 railway|rail|train|railroad _1 line`, P);

export const ATTEMPT_FRAMES = list;
