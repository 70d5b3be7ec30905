/**
 * Context rules. They can only LOWER a frame's weight, never raise it, and they stay conservative:
 * a missed crisis costs far more than an extra help card. Each rule names itself on the hit so
 * that a reviewer can see why a frame was discounted. Rules look at the frame's own sentence
 * unless a comment says otherwise.
 */
import { sentenceText, type Category, type Hit, type Sent } from './frames';
import {
  ACADEMIC, ACADEMIC_RE, ACCIDENT_RE, COMPLETED_RE, DEATH_TOLL_MEANS, DEATH_TOLL_RE, DEATH_TOLL_WORDS, DEATH_WORDS, DOSING, DOSING_RE, EVERYDAY_RE, GAMING, GARMENT_GUARD_RE, GARMENT_RE,
  GAMING_RE, GRIEF, HARMLESS, HYPOTHETICAL, IDIOM_RE, LARGE_COUNT_RE, LAUGH, LEISURE_RE, MEDIA, MEDIA_RE, NEGATORS,
  MEANT_RE, NEG_BRIDGE, NEG_CANCEL, ON_PURPOSE_RE, RELAPSE, RESOLVED, RESOLVED_RE, SAY, SERIOUS, SIDE_EFFECT_RE, SUPPORT, SUPPORT_RE,
} from './cues';
import { CONCEPTS, GENERIC_PEOPLE, RISK_CONCEPTS } from './lexicon';
import { AWAY_FROM_CHAT_RE, explainedAway, LIFE_EVENT_RE, messageReason, type MessageReason, ordinaryOccasion, wavedOffHyperbole } from './ordinary-reason';
import { overAnchor, toldAsOver } from './told-as-over';

/** Categories whose act is in the past and can be resolved; ideation in the present is never "resolved". */
const PAST_ACTS: ReadonlySet<Category> = new Set(['nssi', 'past_attempt']);
/** Whether an idiom's words overlap tokens start..end of a sentence text (` w w w `). */
function idiomCovers(text: string, start: number, end: number): boolean {
  const re = new RegExp(IDIOM_RE.source, 'g');
  for (const m of text.matchAll(re)) {
    // Token index of a character offset: the spaces before it, less the leading one.
    const first = (text.slice(0, m.index + 1).match(/ /g)?.length ?? 1) - 1;
    const last = first + m[0].trim().split(' ').length - 1;
    if (first <= end && last >= start) return true;
  }
  return false;
}

/** Categories a count of time clean ("a year free from self harm") never lowers: what is being done or readied now. */
const PLANS_AND_ACTS: ReadonlySet<Category> = new Set(['plan', 'preparation', 'method', 'intent', 'attempt']);
/** Categories that gaming and idiom talk can fake; goodbyes and preparation are left alone. */
const ACT_WORDS: ReadonlySet<Category> = new Set(['wish_dead', 'active_ideation', 'method', 'intent', 'nssi', 'lethality_question', 'past_attempt', 'third_party', 'attempt']);

function has(s: Sent, words: ReadonlySet<string>, from = 0, to = s.length): boolean {
  for (let i = Math.max(0, from); i < Math.min(s.length, to); i++) {
    const t = s[i];
    if (t && (words.has(t.w) || words.has(t.l))) return true;
  }
  return false;
}

function phrase(s: Sent, re: RegExp): boolean {
  return re.test(sentenceText(s));
}

function lower(hit: Hit, factor: number, why: string): void {
  hit.weight = Math.min(hit.weight, hit.base * factor);
  hit.lowered.push(why);
}

/** Context flags over the whole message; they are also features for the model. */
export function messageFlags(sents: Sent[]): string[] {
  const flags: string[] = [];
  const texts = sents.map(sentenceText);
  const any = (words: ReadonlySet<string>, re?: RegExp) => sents.some((s, i) => has(s, words) || (re !== undefined && re.test(texts[i]!)));
  if (any(GAMING, GAMING_RE)) flags.push('gaming');
  if (any(MEDIA, MEDIA_RE)) flags.push('media');
  if (any(ACADEMIC, ACADEMIC_RE)) flags.push('academic');
  if (any(GRIEF)) flags.push('grief');
  if (any(LAUGH)) flags.push('laugh');
  if (any(SERIOUS)) flags.push('serious');
  if (any(RESOLVED, RESOLVED_RE)) flags.push('resolved');
  if (any(RELAPSE, / back (at|to) day | day (zero|0|one|1) | streak /)) flags.push('relapse');
  if (any(HARMLESS)) flags.push('harmless');
  if (sents.some((s) => s.some((t) => t.q))) flags.push('quoted');
  // Cue families as features: the model learns from the training negatives how much each one is worth.
  const cue = (re: RegExp, name: string) => {
    if (texts.some((t) => re.test(t))) flags.push(name);
  };
  if (toldAsOver(texts.join(''))) flags.push('past-over');
  cue(IDIOM_RE, 'idiom');
  cue(SUPPORT_RE, 'support');
  // No dosing question when the act is said to be meant ("took too much on purpose") or ten or more
  // were taken ("took 25 of them"); no mishap when it was meant ("my hand on the stove, on purpose").
  const noDose = texts.some((t) => MEANT_RE.test(t) || LARGE_COUNT_RE.test(t));
  if (!noDose) cue(DOSING_RE, 'dosing');
  cue(LEISURE_RE, 'leisure');
  if (!texts.some((t) => ON_PURPOSE_RE.test(t))) cue(ACCIDENT_RE, 'accident');
  cue(/ (doctor|gp|pharmacist|psychiatrist|nurse|prescribed|prescription|pharmacy|chemist|refill) /, 'clinician');
  cue(LIFE_EVENT_RE, 'life-event');
  cue(EVERYDAY_RE, 'everyday');
  if (!flags.includes('everyday') && !texts.some((t) => MEANT_RE.test(t) || GARMENT_GUARD_RE.test(t))) cue(GARMENT_RE, 'everyday');
  if (flags.includes('quoted') || texts.some((t) => /\?/.test(t))) cue(/ (question|questionnaire|assessment|survey|form|quiz|intake) /, 'questionnaire');
  cue(/ (pick|picked|collect|collected|refill|refilled) up (my |the )?(pills|prescription|meds|medication|tablets) | (pills|meds|medication|tablets|dose) (are|is|has been) (helping|working)| as (usual|prescribed) /, 'routine-meds');
  cue(/ (mum|dad|grandma|gran|nan|grandad|grandpa|friend|brother|sister|dog|cat|wife|husband|partner|son|daughter|aunt|uncle|hamster|fish|pet) (died|passed|passed away|is dead)| since \w+ (died|passed)| (his|her|their) (suicide|death|funeral) /, 'grief');
  cue(/ would (you|u) rather | what if | hypothetically | if (someone|somebody|a person|your) | how (can|do) (you|i|u) (tell|know) /, 'hypothetical');
  if (any(DOSING)) flags.push('dosing-word');
  // Someone in a story or on the news, and the writer nowhere in the message.
  if (any(GENERIC_PEOPLE) && !sents.some((s) => s.some((t) => t.w === 'i' || t.w === 'me' || t.w === 'my' || t.w === 'myself'))) {
    flags.push('generic-person');
  }
  return flags;
}

export function applyContext(hits: Hit[], sents: Sent[], messageLevel: readonly string[] = messageFlags(sents)): void {
  const flags = new Set(messageLevel);
  const texts = sents.map(sentenceText);
  // Message-level facts, computed once (a long message has many hits and many sentences).
  const supportIn = texts.map((t) => SUPPORT_RE.test(t));
  const supportCount = supportIn.filter(Boolean).length;
  // A means, a fall or an intention anywhere in the message keeps a death toll a lethality question
  // (cues.ts). Looked for only when a death toll is asked: most messages never need it.
  const tollMeans = () => sents.some((s) => s.some((t) => DEATH_TOLL_WORDS.has(t.w) || DEATH_TOLL_MEANS.some((c) => CONCEPTS[c].has(t.l) || CONCEPTS[c].has(t.w))));
  const whole = texts.join('');
  // Read only for a goodbye, a clear-out, "won't be around" or an everyday occasion: most messages have none.
  let reason: MessageReason | undefined;
  const reasonOf = () => (reason ??= messageReason(whole, flags.has('life-event')));
  const explained = (text: string) => explainedAway(text, reasonOf());
  // "see you on the other side", "see you in heaven" promise no return: they are a goodbye's finality.
  // Not after a move or a new job ("moving to perth, see you on the other side"). After an exam or
  // an operation it is an idiom too, which no flag marks: a card then is the cheaper mistake.
  const finalOnly = (o: string) => (flags.has('life-event') ? o : o.replace(FINAL_RETURN_RE, ' '));
  const returning = texts.some((o) => RETURN_RE.test(finalOnly(o)));
  for (const hit of hits) {
    const s = sents[hit.sent];
    if (!s) continue;
    const text = texts[hit.sent] ?? '';
    // What the frame found, before reported speech makes it someone else's ('third_party').
    const found = hit.category;

    // Negation right before the frame: "I would never hurt myself", "not going to kms over a grade".
    // Not "can not think of anything but ending it": the negation is of everything else.
    if (negated(s, hit.start) && !has(s, NEG_CANCEL, 0, hit.start) && !/ not (even )?(a )?joking| not a joke| (anything|nothing|everything|else) (but|except|apart from|other than|besides) /.test(text)) {
      lower(hit, 0.1, 'negation');
    }
    // "Why does everyone assume I'd hurt myself? I never would."
    const nextText = (texts[hit.sent + 1] ?? '').trim();
    if (/^(i never would|i would never|i will never|i could never|never|no|i am not going to)\b/.test(nextText) && !/ want| alive| here/.test(nextText)) {
      lower(hit, 0.2, 'negation');
    }
    // A question someone asked, inside which the frame sits: "the form asked if I had thoughts of self-harm".
    // Not "if anyone asks, tell Jess I loved her": an instruction for later, not a question put.
    const asked = s.findIndex((t, i) => (t.w === 'asked' || t.w === 'ask' || t.w === 'asks') && i > 0 && s[i - 1]?.w !== 'i'
      && !(s[i - 2]?.w === 'if' && /^(anyone|anybody|someone|somebody|they|people)$/.test(s[i - 1]?.w ?? '')));
    if (asked >= 0 && asked < hit.start) {
      lower(hit, / (said|answered|ticked|say) (no|never|not|one)\b/.test(text) ? 0.2 : 0.3, 'asked');
    }

    // Hypotheticals, quizzes, lyrics and "how can you tell if someone …".
    if (has(s, HYPOTHETICAL) || / would (you|u) rather | difference between | what if (someone|somebody|a |your|you|they)| if (someone|somebody|a person|a friend|your|a teenager|a student|a pupil|people) /.test(text)
      || / how (can|do|would) (you|i|u|we) (tell|know) (if|when|whether) (someone|somebody|a |my|your|they|he|she)/.test(text)) {
      lower(hit, 0.3, 'hypothetical');
    }

    // Quoted speech: someone else's words, unless a person close to the writer said them about themselves.
    const span = s.slice(hit.start, hit.end + 1);
    if (span.some((t) => t.q)) {
      const before = s.slice(0, hit.start + 1);
      const disclosed = before.some((t) => SAY.has(t.w) || SAY.has(t.l)) && before.some((t) => t.w !== 'i' && (t.w === 'she' || t.w === 'he' || isRelation(t.w)));
      if (disclosed) hit.subject = 'other';
      else if (span.every((t) => t.q)) lower(hit, 0.4, 'quoted');
    }
    // Reported speech without quotes: "my friend keeps saying kms".
    reported(hit, s);
    if (hit.subject === 'other') hit.category = 'third_party';

    // Talk about a film, a book, the news or a course: the writer is discussing, not disclosing.
    // A bare mention ("suicide", "self-harm") in topic talk is discussion; an act frame about oneself less so.
    if (has(s, MEDIA) || has(s, ACADEMIC) || phrase(s, MEDIA_RE) || phrase(s, ACADEMIC_RE)) {
      lower(hit, hit.subject === 'self' && !hit.mention ? 0.6 : 0.35, 'topic');
    } else if ((flags.has('media') || flags.has('academic')) && !s.some((t) => t.w === 'i')) {
      lower(hit, 0.6, 'topic');
    }

    if (ACT_WORDS.has(hit.category) && !hit.mention && !hit.triggers.includes('suicidal') && flags.has('gaming')) {
      lower(hit, has(s, GAMING) || phrase(s, GAMING_RE) ? 0.2 : 0.5, 'gaming');
    }

    // Resolved past: "used to self-harm but three years clean". Not when the message also says "again".
    if (PAST_ACTS.has(hit.category) && flags.has('resolved') && !flags.has('relapse')) lower(hit, 0.25, 'resolved-past');
    // Thoughts told as past and over: "years ago I had thoughts of suicide; now I am happy".
    if (!PAST_ACTS.has(hit.category) && flags.has('resolved') && !flags.has('relapse')
      && / ago | used to | back (in|then) | when i was | last (year|winter|summer|spring|autumn) /.test(text)) lower(hit, 0.35, 'resolved-past');

    // A story told as over: "a year ago I tried to end it, today I'm so glad I didn't" (told-as-over.ts).
    // Only the sentence that places it in the past, and a count of time clean never lowers an act or a plan.
    if (flags.has('past-over') && hit.subject !== 'other') {
      const anchor = overAnchor(text);
      if (anchor === 'past' || (anchor === 'streak' && !PLANS_AND_ACTS.has(hit.category))) lower(hit, 0.3, 'past-over');
    }

    // Idioms that contain the words of a frame; an idiom elsewhere in the sentence
    // ("work is killing me and I want to kill myself") leaves the frame standing.
    if (idiomCovers(text, hit.start, hit.end)) lower(hit, 0.2, 'idiom');
    // "i want to die 😂 he liked my story from 2019": laughter and embarrassment, unless "not joking".
    if ((hit.category === 'wish_dead' || hit.category === 'active_ideation') && flags.has('laugh') && !flags.has('serious')) lower(hit, 0.35, 'laughter');

    // Dosing questions with no death element: "what's the max dose of paracetamol per day?"
    // "Sugar tablets" are a diabetic's medicine in Indian English, not sweets.
    const harmless = (has(s, HARMLESS) && !/ sugar (tablets|pills|medicine|meds|medication) /.test(text)) || / energy drinks? /.test(text);
    if ((hit.category === 'lethality_question' || hit.category === 'method' || hit.category === 'past_attempt' || hit.category === 'third_party' || hit.category === 'attempt')
      && (harmless || ((has(s, DOSING) || DOSING_RE.test(text)) && !has(s, DEATH_WORDS) && !MEANT_RE.test(text) && !LARGE_COUNT_RE.test(text)))) {
      lower(hit, harmless ? 0.2 : 0.3, 'medical-dosing');
    }
    if (hit.category === 'lethality_question' && DEATH_TOLL_RE.test(text) && !tollMeans()) {
      lower(hit, 0.25, 'death-toll');
    }
    if (LEISURE_RE.test(text)) lower(hit, 0.2, 'leisure');
    // Ending a relationship, not a life: "I want to end it with my boyfriend".
    if (/ (end|ending|ended|finish|finishing|call) (it|things) (off )?(with|between) (him|her|them|my|me|us) /.test(text)) lower(hit, 0.2, 'relationship');
    if (ACCIDENT_RE.test(text) && !ON_PURPOSE_RE.test(text) && hit.category === 'nssi') lower(hit, 0.15, 'accident');
    // An attempt told as past and survived: "they pumped my stomach after I swallowed the bottle",
    // "I had the rope around my neck". Not any "I had a …": "I had a bottle of vodka and all my pills" is now.
    if (hit.category === 'attempt' && / (years?|months?|weeks?) ago | last (year|month|week|time|summer|winter) | pumped | woke up | survived | used to | back then | when i was | i had (the|a|my) (rope|noose|cord|cable|ligature|belt|gun|pistol|rifle|shotgun|revolver|handgun) /.test(text)) lower(hit, 0.2, 'resolved-past');
    // Routine medicine and good news: "took my pills this morning", "already did it! passed my test".
    if (hit.category === 'attempt' && !/ (all|whole|every|lot|too many|too much|bunch|rest) /.test(text)
      && / (this|every|each) (morning|evening|night)| as (usual|prescribed|normal)| for (my|a|the) (headache|period|cold|flu|back|pain|migraine|fever|allergies|cramps)| with (breakfast|lunch|dinner|food)| daily | every day /.test(text)) lower(hit, 0.2, 'routine');
    // "took 2 of my new tablets and my hands are shaking, is that normal?": a side effect asked about,
    // with no "all", no count of ten or more and nothing said to be meant.
    if ((hit.category === 'attempt' || hit.category === 'method') && SIDE_EFFECT_RE.test(whole) && !MEANT_RE.test(whole)
      && !/ (all|whole|every|everything|lot|loads|too many|too much|bunch|rest|[1-9][0-9]+) /.test(whole)) lower(hit, 0.3, 'side-effect');
    if (hit.category === 'attempt' && / (passed|yay|finally|proud|aced|won|got the job|nailed|yes|woo+) /.test(` ${texts.join(' ')} `)) lower(hit, 0.2, 'good-news');
    // "took them all out / down / home": players, shopping, children, not tablets.
    if (hit.category === 'attempt' && / (them|em|it) all (out|down|back|home|off|with|to|for|in|over) /.test(text)) lower(hit, 0.2, 'everyday');
    if (EVERYDAY_RE.test(text) && (hit.category === 'nssi' || hit.category === 'method' || hit.category === 'past_attempt')) lower(hit, 0.3, 'everyday');
    // Giving things to charity or clearing out: not putting affairs in order.
    if (hit.category === 'preparation' && / (to|for) (charity|a charity|the charity shop|goodwill|oxfam|the food bank)| donat(e|ing|ed) | declutter| clear(ing)? out | spring clean/.test(text)) {
      lower(hit, 0.3, 'everyday');
    }
    // "cutting his hair", "cut the grass": cutting something that is not skin.
    if (/ (cut|cuts|cutting|burn|burned|burnt|burning) (my |his |her |their |the |some |own )?(own )?(hair|fringe|bangs|nails|grass|lawn|hedge|toast|rice|dinner|food|paper|wood|losses|class|ties|costs)/.test(text) && (hit.category === 'nssi' || hit.category === 'third_party')) {
      lower(hit, 0.2, 'everyday');
    }

    // Someone else's completed suicide is grief, not a crisis to answer with a help card.
    if (hit.subject !== 'self' && COMPLETED_RE.test(text) && !/ (try|tried|trying|attempt\w*|survived?|hospital) /.test(text)) {
      lower(hit, 0.3, 'completed-other');
    }
    if (flags.has('grief') && (hit.subject !== 'self' || hit.mention)) lower(hit, 0.4, 'grief');
    // "his suicide note", "my pupil mentioned self-harm": a word about someone else is weaker than an act.
    if (hit.mention && hit.subject === 'other') lower(hit, 0.7, 'mention-other');
    // A man on the news, a film character: not someone the writer is worried about.
    if (hit.subject === 'generic') lower(hit, 0.4, 'generic-person');

    // Support given to someone else: "you're not a burden", "proud of you for not self-harming".
    if (hit.subject === 'you' && hit.category !== 'goodbye' && !/^ (what|how) do (you|u) /.test(text)) lower(hit, 0.5, 'addressed-to-you');
    if ((has(s, SUPPORT) || SUPPORT_RE.test(text)) && hit.subject !== 'other') lower(hit, 0.4, 'support');
    else if (supportCount > (supportIn[hit.sent] ? 1 : 0) && !s.some((t) => t.w === 'i') && hit.subject !== 'other') {
      lower(hit, 0.6, 'support');
    }

    // "I don't want to be here at this party": a place, not a life.
    if (hit.category === 'wish_dead' && / (here|live|living|stay) (at|in|with|near) (this|the|a|my|that) (?!world|life|earth|planet|body)/.test(text) && !/ anymore | alive | life | world /.test(text)) {
      lower(hit, 0.3, 'here-place');
    }
    // "goodbye for now", "giving my clothes away before we move to colorado": finality with an end
    // date or an ordinary reason is not finality, unless something outlasts it (ordinary-reason.ts).
    if ((found === 'goodbye' || found === 'preparation') && explained(text)) lower(hit, 0.3, 'see-you-later');
    // "won't be around to reply this week, flying to London": away from the chat.
    if (found === 'wish_dead' && AWAY_FROM_CHAT_RE.test(text) && explained(text)) lower(hit, 0.3, 'see-you-later');
    // "a letter to my future self", "picked the date! the 12th for the wedding", "covering my sunburn".
    if (ordinaryOccasion(found, text, whole, reasonOf)) lower(hit, 0.3, 'everyday');
    // "my sister says she'd rather die than ride the bus, so dramatic": waved off, no act, no means,
    // and the message's only frame.
    if (hit.subject === 'other' && wavedOffHyperbole(text, whole) && hits.every((h) => h.sent === hit.sent || h.weight < 0.3)) {
      lower(hit, 0.35, 'hyperbole');
    }
    // "goodbye everyone, logging off for the night, see you tomorrow": a goodbye with a return.
    if ((hit.category === 'goodbye' || hit.category === 'intent') && returning) {
      lower(hit, 0.3, 'see-you-later');
    }
    // Breaking up, not ending a life: "end it with him", "end things between us".
    if (/ end(ing)? (it|things) (with|between) /.test(text)) lower(hit, 0.3, 'end-with');
  }
}

const RETURN_RE = / see (you|u|ya|yall|you all) (tomorrow|later|soon|next|in|on|at|again)\b| for the night | back (tomorrow|later|soon|in)\b| brb | talk (tomorrow|later|soon) /;
/** A meeting after death, not after the weekend ("the other side of exams" is a return). */
const FINAL_RETURN_RE = / see (you|u|ya|yall|you all) (all )?(on the other side(?! of)|in (heaven|paradise|the afterlife|the next life|another life|a better place|the next world|another world))\b/g;

/** A negator within four words before the frame, with only bridge words between it and the frame. */
function negated(s: Sent, start: number): boolean {
  for (let i = start - 1; i >= Math.max(0, start - 5); i--) {
    const t = s[i];
    if (!t) return false;
    if (NEGATORS.has(t.w)) return true;
    if (!NEG_BRIDGE.has(t.w) && !NEG_BRIDGE.has(t.l)) return false;
  }
  return false;
}

function isRelation(w: string): boolean {
  return /^(friend|sister|brother|mum|mother|dad|father|girlfriend|boyfriend|partner|roommate|flatmate|son|daughter|student|cousin|wife|husband|best)$/.test(w);
}

/** "my friend keeps saying kms" / "she posted that she wants to die": the risk is someone else's. */
function reported(hit: Hit, s: Sent): void {
  if (hit.subject !== 'self') return;
  for (let i = hit.start - 1; i >= 0; i--) {
    const w = s[i]?.w ?? '';
    if (w === 'i' || w === 'myself') return;
    if (SAY.has(w)) {
      const who = s.slice(Math.max(0, i - 3), i).map((t) => t.w);
      if (who.some((x) => x === 'she' || x === 'he' || x === 'they' || isRelation(x))) hit.subject = 'other';
      return;
    }
  }
}

/**
 * How much the context rules discount the message as a whole; the models' probability is multiplied
 * by it (the models read the same words, so a negation or a film that lowers a frame must lower the
 * models too). When strong frames fired, or any frame was explained away by an ordinary reason, the
 * discount is the smallest one among them, and none at all if one of them stands undiscounted. When
 * none did, message-level cues (an idiom, a game, a dosing question, someone being supportive,
 * grief) discount it moderately.
 */
export function contextDamp(hits: readonly Hit[], flags: readonly string[] = []): number {
  const fired = hits.filter((h) => h.base >= 0.7 || h.lowered.some((why) => EXPLAINED_AWAY.has(why)));
  if (fired.some((h) => h.weight >= h.base)) return 1;
  if (fired.length) return Math.max(...fired.map((h) => h.weight / h.base));
  let damp = 1;
  for (const f of flags) damp = Math.min(damp, MESSAGE_DAMP[f] ?? 1);
  return damp;
}

/**
 * Lowerings that explain a frame's words away (an ordinary reason or occasion), so the model, which
 * reads the same words, is discounted with the frame however weak the frame was to begin with.
 */
const EXPLAINED_AWAY: ReadonlySet<string> = new Set(['see-you-later', 'everyday']);

const MESSAGE_DAMP: Record<string, number> = {
  idiom: 0.1, leisure: 0.15, accident: 0.15, everyday: 0.15, 'routine-meds': 0.2, gaming: 0.25, support: 0.15,
  hypothetical: 0.25, questionnaire: 0.25, 'life-event': 0.3, media: 0.35, academic: 0.35, grief: 0.35,
  'generic-person': 0.35, 'past-over': 0.3, dosing: 0.4, clinician: 0.6, 'dosing-word': 0.6,
};

/** Any word of a risk concept, or any frame at all (even a lowered one): the model alone may not fire without one. */
export function riskEvidence(sents: readonly Sent[], hits: readonly Hit[]): boolean {
  if (hits.some((h) => h.base >= 0.5)) return true;
  return sents.some((s) => s.some((t) => !TOO_COMMON.has(t.w) && RISK_CONCEPTS.some((c) => CONCEPTS[c].has(t.l) || CONCEPTS[c].has(t.w))));
}

/** Concept words too common to count as evidence on their own ("last night", "my body needs rest"). */
const TOO_COMMON = new Set(['last', 'final', 'end', 'off', 'hit', 'bang', 'snap', 'pack', 'box', 'bag', 'floor', 'window', 'edge',
  'story', 'water', 'bath', 'bus', 'train', 'glass', 'tie', 'gas', 'engine', 'garage']);
