/**
 * Risk of self-harm or suicide in what a person writes. Many phrasings, not one keyword: direct
 * statements, plans and means, wishing not to exist, goodbyes, self-harm. Idioms ("this homework
 * is killing me", "I could kill for a coffee", "dying to see it") do not fire. When in doubt it
 * fires: showing help to someone who did not need it costs little.
 */

const RISK_PATTERNS: RegExp[] = [
  // Direct: kill / hurt / harm myself, end my life, take my own life.
  /\b(kill(ing)?|hurt(ing)?|harm(ing)?|cut(ting)?|burn(ing)?|starv(e|ing)|hang(ing)?|shoot(ing)?|poison(ing)?) (my ?self|myself)\b/,
  /\b(end|ending|take|taking|finish|finishing) (my|it all|my own) ?(life|own life|it all)?\b.*\b(life|all|tonight|now)\b/,
  /\b(end|ending|take|taking) my (own )?life\b/,
  /\bend (it|things) (all|tonight|now|for good)\b/,
  /\bsuicid(e|al)\b/,
  /\bkms\b/,
  /\b(want|wanna|going|gonna|plan(ning)?|ready|decided) (to )?(die|be dead)\b/,
  /\b(wish|want) (i was|i were|to be) dead\b/,
  /\bbetter off (dead|without me)\b/,
  /\b(don'?t|do not) want to (live|be alive|exist|wake up)( anymore)?\b/,
  /\b(no|any) (reason|point) (to|in) (live|living|going on|being alive)\b/,
  /\bcan'?t (go on|do this anymore|keep going|take it anymore)\b/,
  /\b(not|never) wak(e|ing) up\b/,
  /\bdisappear (forever|for good)\b/,
  /\b(overdose|od'?ing|o\.d\.)\b/,
  /\b(took|take|taking|swallow(ed)?) (all|a bunch of|a handful of|too many) (my |the )?(pills|tablets|meds)\b/,
  /\b(jump|jumping) (off|from) (a|the) (bridge|roof|building|balcony|cliff)\b/,
  /\b(rope|noose)\b.*\b(neck|hang|ready|tonight)\b/,
  /\bself[- ]?harm(ing)?\b/,
  /\b(cutting|cut) (again|my (arms?|wrists?|legs?|skin))\b/,
  /\b(slit|slitting|cut|cutting) (my )?wrists?\b/,
  /\bwrit(e|ing|ten) (a |my )?(suicide|goodbye) (note|letter)\b/,
  /\b(this is|saying) (my )?(final )?goodbye\b/,
  /\bnobody (would|will) (miss|care if) (me|i)\b/,
  /\b(everyone|everybody|they|my family) (would|will) be better off without me\b/,
  /\bi('?m| am) (a burden|worthless) (to everyone|and should die)\b/,
  /\bhow (many|much) .{0,30}(pills|tablets|paracetamol|tylenol).{0,30}(die|kill|lethal|fatal|overdose)\b/,
  /\b(lethal|fatal) dose\b/,
  /\bunaliv(e|ed|ing)\b/,
  /\bhow (many|much) .{0,30}(pills|tablets|paracetamol|tylenol|meds).{0,20}would it take\b/,
  /\b(i'?d|i would) rather (be dead|die|not exist|not be here|not be alive)\b/,
  /\b(life|living|it) (isn'?t|is not|'?s not|ain'?t) worth (living|it anymore)\b/,
  /\bnot worth living\b/,
  /\btired of (living|being alive|life|existing)\b/,
  /\bdone with (life|living|it all|being alive)\b/,
  /\bwant (it all|everything|my life) to (end|stop|be over)\b/,
  /\b(stop|quit) (existing|living|being alive)\b/,
  /\bsleep (forever|and never wake up)\b/,
  /\bbetter off if i (was|were|am|'?m) (gone|dead|not here|not around)\b/,
  /\bif i (died|was dead|were dead|was gone|were gone|disappeared|killed myself)\b/,
];

/** Figures of speech that look like risk but are not (checked on the matched sentence only). */
const IDIOMS: RegExp[] = [
  /\b(homework|work|exam|traffic|heat|suspense|wait|job|commute|class|boss|this|it)('s| is| was)? (killing|going to kill|gonna kill) me\b/,
  /\bcould (kill|murder) for\b/,
  /\bdying (to|for)\b/,
  /\b(laugh|laughed|laughing) (myself )?to death\b/,
  /\bkill (it|time)\b/,
  /\bcut (my ?self|myself) (a|an|some) (slice|piece|bit|break|deal)\b/,
];

function normalise(text: string): string {
  return text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ');
}

export function detectRisk(text: string): boolean {
  const sentences = normalise(text).split(/(?<=[.!?;\n])\s*/);
  return sentences.some((s) => {
    if (!RISK_PATTERNS.some((p) => p.test(s))) return false;
    // An idiom only clears a sentence when nothing stronger than the idiom is in it.
    const withoutIdioms = IDIOMS.reduce((rest, idiom) => rest.replace(idiom, ' '), s);
    return RISK_PATTERNS.some((p) => p.test(withoutIdioms));
  });
}

export interface CrisisResource {
  name: string;
  contact: string;
  region: string;
}

/** A sensible international default; CRISIS_RESOURCES replaces it (JSON array of {name, contact, region}). */
export const DEFAULT_CRISIS_RESOURCES: CrisisResource[] = [
  { region: 'Anywhere', name: 'Emergency services', contact: 'Call your local emergency number (112 in the EU, 911 in the US and Canada, 999 in the UK) if you are in immediate danger' },
  { region: 'International', name: 'Find a Helpline', contact: 'findahelpline.com lists free, confidential helplines in over 130 countries' },
  { region: 'United States', name: '988 Suicide & Crisis Lifeline', contact: 'Call or text 988' },
  { region: 'Canada', name: '9-8-8 Suicide Crisis Helpline', contact: 'Call or text 988' },
  { region: 'UK and Ireland', name: 'Samaritans', contact: 'Call 116 123' },
  { region: 'Australia', name: 'Lifeline', contact: 'Call 13 11 14' },
  { region: 'India', name: 'Tele-MANAS', contact: 'Call 14416' },
];

export function crisisMessage(resources: CrisisResource[]): string {
  const lines = resources.map((r) => `- **${r.name}** (${r.region}): ${r.contact}`);
  return [
    "I'm really glad you told me, and I'm worried about how much pain you're in. You deserve support from a person right now.",
    "I'm an AI companion, not a crisis service, so please reach out to one of these:",
    ...lines,
    'If you can, tell someone near you how you are feeling, or message the professional who referred you to Haven.',
  ].join('\n');
}
