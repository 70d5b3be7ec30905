/**
 * A story of risk told as over: "a year ago I tried to end it, today I'm so glad I didn't", "500 days
 * free from self harm". Recovery milestones were the largest source of false alarms: they name
 * an attempt, a method or a wish to die in the words a crisis uses. The context rule (context.ts)
 * applies only when a message anchors the risk in the past AND says things are good now (or counts
 * time clean from it), AND says nothing of the risk being here again: "clean for 200 days and I've
 * just ruined it", "a year ago I tried; tonight I want to again" stay crisis. It then lowers only
 * the sentences that hold the anchor.
 *
 * Patterns run on normalised words (normalise.ts: "cannot", "tae" and "dinnae" are already "can not",
 * "to" and "do not"), on a message's sentences as context.ts joins them (single spaces, a space each
 * side of a sentence), so none reaches across a sentence's end.
 */

/** A count: "two", "18", "a couple of", "over a". */
const N = '(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple|couple of|several|many|some|hundred|thousand|over a|more than a)';

/**
 * Time counted without the act, named: "500 days free from self harm", "a year without cutting".
 * "4 days without sleeping" is not a milestone, and "2 years sober" is not one about this risk.
 */
const STREAK = new RegExp([
  ` ${N} (?:days?|weeks?|months?|years?|yrs?) (?:without|free from|free of|clean from|clean of|of no) (?:\\w+ )?(?:self harm|selfharm|harm|harming|cutting|hurting myself|burning|attempt|attempting|an attempt|my attempt|my overdose|relapse|relapsing|suicidal)`,
  ` ${N} (?:days?|weeks?|months?|years?|yrs?) (?:self harm |selfharm |harm )?(?:clean|free)(?: from (?:self harm|selfharm|harm|cutting))? `,
  ' year (?:one|two|three|four|five|six|\\d+) of no (?:self harm|selfharm|harm|cutting) ',
].join('|'));

/**
 * The risk placed months or years back (weeks ago is too recent to call over). Words that also
 * open a present story ("back in my room", "when i was at work today") are not anchors.
 */
const PAST = new RegExp([
  ` ${N} (?:more )?(?:years?|yrs?|months?)(?: and (?:a|one|two|three|\\d+) (?:half|months?|weeks?))? (?:ago|since)\\b`,
  ` (?:clean|free|safe) (?:for|since) ${N} (?:years?|months?)\\b`,
  ' (?:this time )?last year ', ' (?:in|since|from) (?:19|20)\\d\\d ', ' (?:19|20)\\d\\d me ', ' back then ', ' used to ',
  ' (?:my|the) past (?:self harm|selfharm|attempt|overdose) ', ' anniversary ', ' in my (?:teens|20s|30s|40s|50s|twenties|thirties|forties) ',
  ' younger (?:me|self) ', ' the (?:girl|boy|woman|man|kid|person|lady) who (?:wanted|tried|used) ',
  ' (?:in|at|during) (?:college|uni|university|high school|secondary school|\\d+(?:th|st|nd|rd) grade) ', ' (?:my|the) old (?:diary|journal|posts|tweets|messages|notes) ',
].join('|'));

/** How things are now, and good: "now" or "today" alone also open a crisis ("today I bought a rope"). */
const WELL_NOW = new RegExp([
  ' glad ', ' grateful ', ' thankful ', ' proud ', ' happy ', ' healing ', ' progress ', ' growth ', ' so far from ',
  ' different (?:person|woman|man|life) ', ' (?:got|getting|feel|feeling|doing|much|so much|a lot|gets|get|it got) better ',
  ' doing (?:well|ok|okay|good|grand|fine|great) ', ' i am (?:ok|okay|good|fine|well|safe|stable|happy|doing well) ',
  ' never looked back ', ' celebrat\\w* ', ' recovery ', ' held on ', ' i stayed ', ' (?:it is|it has) been so long ',
  ' (?:in|at) a (?:good|better|great|much better|healthier) place ', ' life is (?:so )?(?:different|good|better|great) ',
  ' (?:someone|somebody) else.s (?:life|story) ', ' (?:do not|never) recogni[sz]e ', ' an old story ', ' so much love for ', ' want to be alive ',
].join('|'));

/** The risk here again, or not welcome as over: any of these keeps the message as it reads. */
const RISK_NOW = new RegExp([
  ' again ', ' ulit ', ' tonight ', ' tomorrow ', ' right now ', ' lately ', ' these days ', ' this week ', ' about to ', ' fresh ',
  ' still (?:want|wanna|think|feel|have|wish|cut|hurt|plan|thinking) ', ' relapse\\w* ', ' back (?:to|at) (?:zero|day|square) ',
  ' (?:are|is|came|coming|creeping|come|comes) back ', ' can not stop ', ' same way ', ' nothing (?:has )?changed ',
  ' not (?:glad|happy|grateful|thankful) ', ' (?:mad|angry|annoyed|disappointed|upset|pissed|sad) (?:that )?i (?:am|was) still ',
  ' wish i (?:had|did|was|would) ', ' get it right ', ' part of me ', ' (?:want|wanna|wants) (?:to die|it|that|the same|to go) ',
  ' kind of want ', ' tempted ', ' (?:going to|gonna|will|plan to|planning to) (?:do it|end|kill|die|try) ', ' maybe i should ',
  ' if only (?:they|you|she|he|people|everyone) knew ', ' ruined ', ' slipped ', ' broke (?:my|the) streak ', ' caved ',
  ' returned ', ' just (?:cut|carved|did|took|swallowed|burned|burnt|relapsed) ', ' blood ', ' bleeding ', ' in my hand ',
  ' urges? (?:have|has|are|is) (?:back|returned|stronger|bad|strong|worse) ', ' (?:going to|gonna) (?:take|swallow|jump|hang|cut|finish) ',
  ' this time (?!last)', ' finish what ', ' ready ', ' (?:feel|feeling|felt) (?:exactly |just )?(?:like|the same) ',
].join('|'));

/** Whether a message (its sentences as context.ts joins them) tells its risk as past and over. */
export function toldAsOver(text: string): boolean {
  return (STREAK.test(text) || (PAST.test(text) && WELL_NOW.test(text))) && !RISK_NOW.test(text);
}

/**
 * How a sentence of such a message anchors the story: 'past' (the risk placed months or years
 * back), 'streak' (time counted clean), or null. Only an anchored sentence is lowered, so "when I
 * was 14 I tried. today I bought a rope" keeps its second sentence.
 */
export function overAnchor(sentence: string): 'past' | 'streak' | null {
  if (PAST.test(sentence)) return 'past';
  return STREAK.test(sentence) ? 'streak' : null;
}
