/**
 * A story of risk told as over: "a year ago I tried to end it, today I'm so glad I didn't", "500 days
 * free from self harm". Recovery milestones were the largest source of false alarms: they name
 * an attempt, a method or a wish to die in the words a crisis uses. The context rule (context.ts)
 * lowers a message only when it anchors the risk in the past AND says how things are now (or counts
 * time clean), AND says nothing of the risk being here again: "clean for 200 days and I've just
 * ruined it", "a year ago I tried; tonight I want to again" stay crisis.
 *
 * Patterns run on a message's sentences as context.ts joins them (words, single spaces, a space
 * each side of a sentence), so none reaches across a sentence's end.
 */

/** A count: "two", "18", "a couple of", "over a". */
const N = '(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple|couple of|several|many|some|hundred|thousand|over a|more than a)';

/** Time counted without the act: a milestone is a recovery statement on its own. */
const STREAK = new RegExp([
  ` ${N} (?:days?|weeks?|months?|years?|yrs?) (?:without|free|clean|sober|of no)\\b`,
  ` (?:clean|free|sober) (?:for|since) ${N} `,
  ` year (?:one|two|three|four|five|six|\\d+) of no `,
].join('|'));

/** The risk placed in the past, months or years back (weeks ago is too recent to call over). */
const PAST = new RegExp([
  ` ${N} (?:more )?(?:years?|yrs?|months?)(?: and (?:a|one|two|three|\\d+) (?:half|months?|weeks?))? (?:ago|since|without|of no|free|clean|sober|on)\\b`,
  ` ${N} days? (?:since|without|free|clean|sober|of no)\\b`,
  ` (?:clean|free|sober|well|safe) (?:for|since) ${N} (?:years?|months?)\\b`,
  ' (?:this time )?last year ', ' (?:in|since|from) (?:19|20)\\d\\d ', ' (?:19|20)\\d\\d me ', ' back (?:then|in) ', ' when i was ', ' used (?:to|tae) ',
  ' (?:my|the|our|her|his) (?:old|past) ', ' anniversary ', ' in my (?:teens|20s|30s|40s|50s|twenties|thirties|forties) ',
  ' younger (?:me|self) ', ' the (?:girl|boy|woman|man|kid|person|lady) who (?:wanted|tried|used) ', ' remember (?:when|last year|being) ',
].join('|'));

/** How things are now, set against that past. */
const NOW = new RegExp([
  ' now ', ' (?:it is|it has) been so long ', ' today ', ' this year ', ' anymore ', ' any more ', ' no longer ', ' glad ', ' grateful ',
  ' thankful ', ' proud ', ' still here ', ' so far from ', ' different (?:person|woman|man|life) ', ' healing ', ' progress ', ' growth ',
  ' (?:got|getting|feel|feeling|doing|much|so much|a lot|gets|get|it got) better ', ' doing (?:well|ok|okay|good|grand|fine|great) ',
  ' i am (?:ok|okay|good|fine|well|safe|stable|alive|happy) ', ' survived ', ' never looked back ', ' celebrat\\w* ', ' recovery ',
  ' held on ', ' i stayed ', ' happy ',
].join('|'));

/** The risk here again, or not welcome as over: any of these keeps the message as it reads. */
const RISK_NOW = new RegExp([
  ' again ', ' ulit ', ' tonight ', ' tomorrow ', ' right now ', ' lately ', ' these days ', ' this week ', ' about to ', ' fresh ',
  ' still (?:want|wanna|think|feel|have|wish|cut|hurt|plan|thinking) ', ' relapse\\w* ', ' back (?:to|tae|at) (?:zero|day|square) ',
  ' (?:are|is|came|coming|creeping|come|comes) back ', ' (?:can not|cannot) stop ', ' same way ', ' nothing (?:has )?changed ',
  ' not (?:glad|happy|grateful|thankful) ', ' (?:mad|angry|annoyed|disappointed|upset|pissed|sad) (?:that )?i (?:am|was) still ',
  ' wish i (?:had|did|was|would) ', ' get it right ', ' part of me ', ' (?:want|wanna|wants) (?:to die|it|that|the same|to go) ',
  ' kind of want ', ' tempted ', ' (?:going to|gonna|will|plan to|planning to) (?:do it|end|kill|die|try) ', ' maybe i should ',
  ' if only (?:they|you|she|he|people|everyone) knew ', ' ruined ', ' slipped ', ' broke (?:my|the) streak ',
].join('|'));

/** Whether a message (its sentences as context.ts joins them) tells its risk as past and over. */
export function toldAsOver(text: string): boolean {
  return (STREAK.test(text) || (PAST.test(text) && NOW.test(text))) && !RISK_NOW.test(text);
}
