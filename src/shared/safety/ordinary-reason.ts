/**
 * A goodbye or a clear-out with an ordinary reason given: "giving away my clothes before we move
 * to colorado", "last shift at the café, they close forever", "won't be around to reply, flying to
 * London". The reason explains the finality away, unless the message also says something no trip or
 * move explains ("a better place", "not coming back", "won't be here for it"): then it stands.
 * Also someone else's "I'll die if I don't get the tickets", waved off by the writer.
 * Word-level texts (` w w w `, contractions expanded) as context.ts builds them.
 */
import type { Category } from './frame-patterns';

/** Life events, also a model feature (context.ts flag 'life-event'): the words the model was trained with. */
export const LIFE_EVENT_RE = / last day (at|of) (work|this job|the job|my job|school|uni|college)| (new|next) job | moving (house|out|away|abroad|to) | leaving (the|this|my) (job|company|school|group|team|city)| retir(e|ing|ement) |(?<! (?:end|start|middle|beginning|day)) (of|for) the (year|week|day|term|semester) | see (you|u) (tomorrow|later|soon|next|again)| (bought|buying) a (house|flat|home) | (got|getting) married | mortgage | solicitor | lawyer | had a baby | waiting for (a|the|my) (taxi|bus|train|uber|lift|ride|flight) | visiting | on holiday | travelling | traveling | on a trip | out of town /;

/**
 * More ordinary reasons, read only by the rule (not a model feature): a move or a trip to somewhere,
 * a course, a season or a job coming to its end, a place closing, a thing replaced by a new one,
 * parental leave, a stay somewhere ("while i'm in dubai").
 */
const MORE_REASONS_RE = / (move|moves|moved|relocate|relocates|relocating|relocated|japa|emigrate|emigrating) to | (fly|flies|flying|flew) to | (going|travelling|traveling|heading) (to|back to) (my|our|the) (village|hometown|home town)| (a|the|our|my) (cruise|field trip|business trip|conference|honeymoon) | (no|any) (wifi|network|signal|reception) | (on|for|my|our|the|a) (vacation|holidays?|internship|siwes|nysc|camp|training|leave) | graduat(e|es|ing|ion) | final year | last (semester|term|season) | (better|new|another) (job|team|club|school|phone|one|account) | got a job | (switching|switch|transferring) (to|teams|clubs|schools) | (they|it|we|she|he) (are |is )?(clos(e|es|ing|ed)|shutting|shut) | shutting down | for renovations? | (phone|laptop) (is )?(getting|being) (fixed|repaired)| for (christmas|xmas|eid|diwali|easter|thanksgiving) | (christmas|xmas) (cards?|presents?) | last day (at|in) the (office|shop|store|site|lab|clinic|ward|bank) | (maternity|paternity|parental|study) leave | finished (the|my) (programme|program|course|placement|rotation|apprenticeship) | while i am (in|at) (?!(a|the) (better|other|next) )/;

/** Finality no ordinary reason explains away. */
const FINALITY_RE = / (better|other|happier|next|peaceful) (place|side|world|life)| (not|never|will not|won't) (be )?(coming|come) back| (will not|not|never) be back | long (trip|journey|sleep|goodbye)| sleep forever| (not|never|stop|no more) wak(e|ing) up| from (life|it all|everything|the world|this world) | where i am going| (will not|not) (be here|be around|make it|see|need)(?! to (reply|answer|respond|chat|text|talk))| (my|the) last (christmas|birthday|one)| without me | no (one|body) will (need|miss)| so am i | (last|final) \w+ anyway | (thanks|thank you) for (trying|everything|all)| not going to be (there|here|around)| not really | not to a | (easier|better) (for everyone )?this way| better off | then that is (me|it)| already said | this is goodbye | (die|dying|died|dead|death|kill|killing|suicide|suicidal|overdose|pills|meds|end it|end my|ending it|hurt myself|harm myself|cut myself|anymore) /;

/**
 * An end date in the goodbye's own sentence: "last post of the year", "goodbye for now". Not a
 * deadline ("not alive by the end of this month") or a duration ("saving them up for a while now").
 */
const DATED_RE = /(?<! (?:end|start|middle|beginning|day)) (of|for) (the|this) (year|week|day|month|season|term|semester)| for (now|today)\b| for a while\b(?! now)| before (my |the )?(holiday|vacation|break|trip|exams?)| happy new year| until (next|tomorrow|monday)| before i (fly|leave|go|head) (home|back)| (fly|flying|flight) (home|back) /;

/** The message-level half, read once per message: an ordinary reason given, and anything that outlasts it. */
export interface MessageReason {
  reason: boolean;
  final: boolean;
}

/** `lifeEvent`: the message's 'life-event' flag (LIFE_EVENT_RE), already read by context.ts. */
export function messageReason(message: string, lifeEvent: boolean): MessageReason {
  return { reason: lifeEvent || MORE_REASONS_RE.test(message), final: FINALITY_RE.test(message) };
}

/** Whether the goodbye or clear-out in `sentence` has an end date or an ordinary reason, and nothing outlasts it. */
export function explainedAway(sentence: string, message: MessageReason): boolean {
  return !message.final && (message.reason || DATED_RE.test(sentence));
}

/** "won't be around to reply": away from the chat, not from life. Only ever read with an ordinary reason. */
export const AWAY_FROM_CHAT_RE = / not be (around|online|on here|here|available) to (reply|answer|respond|chat|text|talk)/;

/** Someone else's "I'll die if …" / "I'd rather die than …": plain dying words. */
const HYPERBOLE_RE = / (die|dead) if | rather (die|be dead) than | die before | will (literally )?die /;
/** An act, a means or a farewell anywhere in the message keeps it a worry. */
const STILL_A_WORRY_RE = / (kill|killing|suicide|suicidal|overdose|pills|tablets|cut|cutting|hang|jump|note|notes|letters?|goodbyes?|bye|plan|giving|gave|given|bridge|river|rope|gun|knife|blade|end (it|her life|his life|their life|things)|hurt (herself|himself|themselves)) /;
/** The writer waves it off: the person is being dramatic, and says it of everything. */
const WAVED_OFF_RE = / (so|too|being|is|very) dramatic | says (it|that|this) about everything | (she|he|they) will live | teenagers | going on (fifteen|sixteen|thirty)| every (season|time|year) | always says | lol | lmao | haha /;

/** What a worried writer adds after waving it off: "everyone laughed, but now she is not answering". */
const BUT_NOW_RE = / but | though | now | scared | worried | afraid | not (answering|replying|picking up)| no answer | anymore | (has not|did not) (come|answer|reply)/;

/**
 * Someone else's dying hyperbole, waved off by the writer: no act or means, and nothing the writer
 * adds after waving it off. context.ts also asks that no other frame stands in the message.
 */
export function wavedOffHyperbole(sentence: string, message: string): boolean {
  return HYPERBOLE_RE.test(sentence) && WAVED_OFF_RE.test(message) && !STILL_A_WORRY_RE.test(message) && !BUT_NOW_RE.test(message);
}

/** A letter to one's own future or younger self: a therapy or time-capsule exercise, not a farewell. */
const OWN_SELF_LETTER_RE = / (letter|letters|note|notes) to (my|your|our) (future|younger|older|past|teenage|inner|\d+ year old) (self|selves|me) /;
/** A day picked for a celebration ("picked the date! the 12th for the wedding"), with no other event it is timed around. */
const CELEBRATION_RE = / (wedding|engagement|proposal|baby shower|gender reveal|christening|housewarming|reunion|birthday party|hen do|stag do|launch party) /;
const TIMED_AROUND_RE = / (after|before|once|until|till|then|when) /;
/** A mark with an everyday cause, covered or hidden: sunburn, henna, a jab's bruise. */
const ORDINARY_MARK_RE = / (sunburn|sunburnt|sunburned|henna|mehndi|eczema|psoriasis|rash|hives|mosquito bites|bug bites|jab|vaccine|blood test|tan lines|fake tan) /;
const SELF_INJURY_RE = / (cut|cuts|cutting|scar|scars|wound|wounds|blade|razor|self harm|selfharm|blood|bleed|bleeding|burn myself|burned myself|burnt myself) /;

/**
 * Everyday occasions that wear a frame's words (seen in two review writers' harmless lines, 2026-11-29):
 * a letter to one's future self, a day picked for a wedding, sunburn covered at a party.
 */
export function ordinaryOccasion(found: Category, sentence: string, whole: string, message: () => MessageReason): boolean {
  const occasion = found === 'preparation' || found === 'goodbye' ? OWN_SELF_LETTER_RE.test(sentence)
    : found === 'plan' ? CELEBRATION_RE.test(whole) && !TIMED_AROUND_RE.test(whole)
      : found === 'nssi' && ORDINARY_MARK_RE.test(sentence) && !SELF_INJURY_RE.test(whole);
  // The message-level half (read lazily, once per message) only when an occasion is there.
  return occasion && !message().final;
}
