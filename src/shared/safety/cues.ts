/**
 * Cue words and phrases for the context rules (context.ts): what a negation, a film, a game, an
 * idiom, a dosing question or a supportive reply looks like. Word sets match a lemma or a word;
 * phrase patterns run on a sentence's words joined by single spaces, padded with a space each side.
 * Ambiguous single words ("show", "exam", "boss") are only used inside phrases.
 */

const set = (s: string): ReadonlySet<string> => new Set(s.trim().split(/\s+/));

export const NEGATORS = set('not never nolonger no nor');
/**
 * Words a negation reaches across ("not going to", "never really thought about"); any other word ends its scope.
 * "dey" marks the ongoing in Nigerian Pidgin ("i no dey think of suicide").
 */
export const NEG_BRIDGE = set(`going to dey gonna want wanna will would be am is are was planning plan thinking think about of ever even
  really actually do did does have has had been feel like i it anything that so anymore ever seriously literally`);
/** "fighting not to kill myself", "a reason not to", "can not stop thinking about": still risk. */
export const NEG_CANCEL = set('fight fighting try trying tryin struggle struggling hard reason help stop resist urge back promise scared afraid');
/** Words that only mean "this is about a story, the news or a course". Ambiguous ones ("show", "book", "exam") are phrases below. */
export const MEDIA = set(`documentary film movie series episode finale novel character villain hero protagonist anime manga podcast meme memes
  article newspaper headline lyric lyrics chorus thriller storyline netflix romeo juliet rewatched cinema isekai`);
export const MEDIA_RE = / (the|on the|in the) news | news (sites?|articles?|reports?|story|stories|said|says) | (tv|the) show | book club | (the|this|that|a) (book|play|song|scene|doc) /;
export const ACADEMIC = set(`lecture module seminar thesis dissertation psychology psychiatry stats statistics dataset rates postvention
  leaflet campaign fundraiser theory pharmacology nursing criminology sociology biology apoptosis durkheim werther
  papageno kamikaze seppuku samurai coroner questionnaire survey screening phq quiz debate prompt journals
  template translate translating barriers moderation moderator moderators audit paramedic paramedics algospeak toxicology`);
export const ACADEMIC_RE = / (suicide|selfharm) (prevention|awareness|rates|training|intervention|statistics|data)| signs of | (teacher|staff|first aid|safeguarding|health) training | training (covered|day|session|course) | risk factors | (class|lesson|lecture|seminar|course) (discussed|covered|talked about|was about|is about|on) | (exam|essay|history|class) question | (research|lit) (paper|review|project|study) | research (on|into|about) | training (at|today|on)| (history|pharm) (class|exam|essay) | (the|this|a|our|debate) motion (is|was|that|for|against|on|in|about) | debating /;
export const GAMING = set(`game games gaming gamer respawn checkpoint raid speedrun npc sims zelda elden minecraft creeper
  hardcore permadeath tamagotchi neopet gta fortnite valorant overwatch pubg warzone headshot lag spawn ragdoll xbox
  playstation nintendo valheim rimworld subnautica celeste malenia mario pokemon lobby noob uninstall uninstalled
  paraglider potion potions colonists`);
export const GAMING_RE = / (final|the|a) boss | boss fight | fall damage | health bar | game over | breath of the wild | botw | (last|that|this|the) (level(?! crossing)|stage) | bot lane | the server | my (sim|character) /;
export const HYPOTHETICAL = set('hypothetically hypothetical ethical prompt quiz lyric chorus');
export const SUPPORT = set('proud glad reached helpline 741741 85258 hotline hugs');
export const SUPPORT_RE = / (it|things|that) (can|will) (for|change for|get better for) you too| does not make you (weak|broken|bad|a failure|selfish)| (it|that|the feeling) (lifted|passed|faded)| (thanks|thank you) for (telling|sharing|trusting|opening)| (your|the) (therapist|doctor|gp|counsellor|counselor) | (doctor|gp|therapist) should know | is there someone | could you tell | would you (feel|be willing|let me)| (been|was) there too | what helped | helped me | it (gets|got|does get) (easier|better|weaker)| do get weaker | changed everything | someone you trust | crisis (line|text)| text (home|shout) | here for you | you are not alone | you are not a burden | not a burden to me | please (call|text|reach out|talk)| reach out | always here | 988 | 111 | 116 123 | (you|your life) matters? | (do not|never) say goodbye | hear from you | checking in | your (last )?post |^ i (have )?(had|felt|been|used to) .* too $/;
export const RESOLVED = set('recovery recovered healed fade faded nolonger dbt proud');
export const RESOLVED_RE = / no more (thoughts|urges)| not had (a|one|any) (single )?(thought|urge)| never got close | in a good place | used my safety plan | (now|today) i am (happy|okay|ok|well|safe|fine)[ .]| used to | clean (for|since|now)|(years?|months?|weeks?|days?|yrs?) (clean|free)|harm free | (have not|not|never) (\w+ ){0,3}since | got help | peer support | (now|today) i (work|trained|help|volunteer|am a|am an) | (urges?|it) (are|is|went|be) (gone|away)| old scars | scars are (old|from) /;
export const RELAPSE = set('again relapse relapsed reset lately still tempted');
export const SERIOUS = set('joking joke serious seriously mean real actually');
export const LAUGH = set('haha embarrassment embarrassed embarrassing cringe hilarious funny tripped');
export const HARMLESS = set(`caffeine coffee espresso espressos vitamin iron melatonin potion potions sugar mushrooms chocolate
  protein sweets candy`);
export const DOSING = set('max maximum daily limit mg ml doses prescribed pharmacist taper syrup toddler calpol');
export const DOSING_RE = / how often | per day | a day | too much | double up | missed a dose | side effects? | (the|my) dose | (should|can|do) i take | for (a|my|the) (headache|migraine|flight|cold|flu|fever|period|back|toothache)/;
/** Fun with heights and falls: "bungee jump off a bridge", "jumped off the high board". */
export const LEISURE_RE = / high dive | diving | gym | boxing | punching bag | sparring | kickboxing | bungee| skydiv| parachut| diving board | high board | zipline | rope swing | (for|raised?) (charity|the hospice|the hospital) | paraglid| monkey bars | playground | climbing frame | trampoline /;
/** Kitchen and household accidents: "burned my arm on the oven door", "cut my foot on the glass". */
export const ACCIDENT_RE = / on (the|a|my) (\w+ )?(oven|stove|pan|tray|iron|kettle|glass|grill|hob|radiator|door|toaster|bbq|barbecue|cupboard|table|shelf|corner|desk|step|stairs)| by accident | accidentally | ouch | oops | clumsy | while (ironing|cooking|baking|cleaning|making|chopping|fixing|gardening|shaving|opening|washing)| (cut|scratched|burned|burnt|scraped|grazed|bruised|banged|hit) my (\w+ )on (a|the|some) /;
/** Cooking, surgery and other everyday reasons for a knife in the hand or a hospital bed. */
export const EVERYDAY_RE = / (end|ending|ended|cancel|cancelling|canceling|cancelled) (my|the|our) (subscription|contract|membership|lease|tenancy|account|phone plan|plan|gym|netflix|spotify)| (carve|carving|chop|chopping|slice|slicing|cook|cooking|peel|peeling|cut|cutting) (up )?(the |some |a |an )?(turkey|onions?|meat|vegetables|veg|bread|chicken|carrots?|potatoes?|dinner|cake|pizza|roast)| (surgery|operation|appendix|anaesthetic|anesthetic|procedure|gave birth|c section|colonoscopy|tonsils)/;
/**
 * A garment worn too tight: "the tie around my neck is choking me at this wedding". Not a scarf,
 * lanyard, necklace or choker, which are tied or pulled as ligatures (lexicon.ts), and read only
 * when nothing in the message makes the garment one (GARMENT_GUARD_RE, MEANT_RE).
 */
export const GARMENT_RE = / (the|my|this|a) (bow )?(tie|collar|shirt|jumper|hoodie|turtleneck)( around my neck)? (is|was|keeps) (choking|strangling|killing) me /;
/** What makes a garment a ligature, or the choking wanted. */
export const GARMENT_GUARD_RE = / (want|wanted|wish|need) (it|them) to | tight(er|en|ened|ening)? | tied | tie it | pull(ed|ing)? | door | handle | rail | beam | hook | banister | hinge | wardrobe /;
/** Said outright that the act was meant: no dosing question or mishap explains it away ("took too much on purpose"). */
export const MEANT_RE = / on purpose | purposely | deliberately | intentionally /;
/** Meant, or done for what it does ("to feel something", "to punish myself"): no mishap. */
export const ON_PURPOSE_RE = new RegExp(`${MEANT_RE.source}| to feel | punish`);
/** Ten or more of something taken: "took 25, is that enough?" asks no dosing question. Not "10 mg", "20 minutes". */
export const LARGE_COUNT_RE = / (took|taken|take|taking|swallowed|popped|downed|had|drank) (about |like |around |maybe |over |at least )?[1-9][0-9]+ (?!(mg|ml|mcg|g|milligrams|units|iu|minutes|mins|min|hours|hrs|seconds|days|weeks|years|percent|am|pm) )/;
/** Asking about a medicine's effect on oneself: "is that normal?", "should I worry?", "my new tablets". */
export const SIDE_EFFECT_RE = / (is|are) (that|this|it|they) normal | normal to (feel|be|get) | should i (be )?(worried|worry|call|see|go)| side effects? | (new|first) (pills|meds|medication|medicine|tablets|dose|prescription|antidepressants?) /;
export const DEATH_WORDS = set('die dead death kill suicide lethal fatal wake end unalive overdose');
export const GRIEF = set('grief grieving grieve funeral memory ashes passed coroner survivors loss rip bereavement eulogy memorial obituary');
export const COMPLETED_RE = / (killed|hanged|hung|shot|drowned) (himself|herself|themselves|themself)| took (his|her|their) (own )?life| died | (died|dies|death) by suicide| ended (his|her|their) life| jumped | (his|her|their) suicide /;
/** Figures of speech built from risk words. Also a model feature, so it can discount model-only scores. */
export const IDIOM_RE = / (mum|dad|parents|boss|teacher|wife|husband|girlfriend|boyfriend|coach|sister|brother|manager|landlord) (is |are |will |would |is going to |are going to |going to )(literally |actually )?kill (me|us) | die on (this|that|the) hill | sleep when (i am|i am) dead | (rather|sooner) die than (sing|singing|do|doing|eat|eating|wear|wearing|watch|watching|talk|call|ask|speak|dance|dancing|be seen|admit|apologi[sz]e|work|lose|miss) | suicide (mission|run|squad|doors?|sprints?|drills?) | (laughed|laughing|laugh) so (hard|much) | (shoot|shot|shooting) myself in the foot | cut myself (a|an|some) | die for (you|me|him|her|them|it|this|that|my|a) | (die|died|dying) (of|from) (embarrassment|laughter|laughing|boredom|cringe|shame) | (bored|scared|laughed|worried|freezing) to death | die happy | death of (me|us|my) | (jump off (a|the) bridge|die|take a bullet) for (you|her|him|me|them|us) | kill(ing|ed)? it | (is|are|be|was|were) killing me | (will|gonna|going to|is going to) kill me (when|if)| kill (time|for)| killing time | (dead|dying) (tired|serious|on my feet|to (see|know|hear|try|meet|go|get))| over my dead body | dead end | battery (is )?(dead|dying|died)| (laptop|phone|battery|car|computer|tv|headphones|printer|charger|wifi) (just |has |is )?(died|dead|dying)| (legs|arms|feet|body|brain) (are|is|feel|feels) dead | drowning in (debt|work|emails|bills|paperwork|assignments|homework|money|laundry)| (is|was|are|looks|be|were) to die for | hang(ing)? (out|around|tight|on|in there) | hung out | (die|dying|died) (my|her|his|their|your) hair | end of my (rope|tether) | edge of my seat | (could|would) (murder|kill) (a|an|one|some) (pizza|coffee|burger|beer|drink|pint|sandwich|curry|nap|sleep|cake|takeaway)| (could|would) (murder|kill) (for|one) | (i am|im) (actually |literally )?(dead|deceased) (lol|haha|skull|sob|from|i can not)| kill (her|his|my|the|this|that|their|your) (exam|test|interview|presentation|audition|game|match|set|performance|speech)| like (a|an|having a|i have a|i had a|there is a) (noose|rope|gun|millstone) | with a gun to (my|your) head | (held|hold|holds|holding|put|puts) a gun to (my|your) head /;
/**
 * A death toll: "how many people died in the floods", "how many die of malaria every year". The people
 * dying are the news's, not the writer; a means, a fall or an intention anywhere in the message keeps
 * the question a lethality question ("how many people die jumping off that bridge").
 */
export const DEATH_TOLL_RE = / how many (people |folk |persons |ppl |men |women |children |kids |soldiers |passengers |workers |civilians )?(died|die|dies|have died|had died|were killed|got killed) /;
/** Lexicon concepts (lexicon.ts) that keep a death toll a lethality question. */
export const DEATH_TOLL_MEANS = ['methodVerb', 'medicine', 'container', 'ligature', 'poison', 'gun', 'blade', 'gasMeans', 'lethal', 'self',
  'height', 'traffic', 'water'] as const;
/** Words outside those concepts that do the same: a fall, a time, an intention. */
export const DEATH_TOLL_WORDS = set('fall falls falling fell hit hits storey stories tonight tomorrow soon weekend going will plan planning thinking ready');
export const SAY = set('say says said saying text texted txted tell told write wrote post posted posting message messaged');
