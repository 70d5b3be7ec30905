/**
 * What people type instead of the words the frames look for: chat shorthand, apostrophe-less
 * contractions, self-harm slang and algospeak (words coined to get past moderation filters, such as
 * "unalive" and "sewerslide"), and emoji. Each maps to plain words so the rest of the detector sees
 * one spelling. "ctb" (catch the bus) is here because clinical and moderation lists record it as
 * suicide slang; the spelled-out phrase is not rewritten, because people really do catch buses.
 */

import { MIXED_PHRASES, MIXED_TOKENS } from './mixed-languages';

/** Emoji → words. Only emoji with a meaning the detector can use; the rest become spaces. */
export const EMOJI: Record<string, string> = {
  '💀': 'skull', '☠': 'skull', '🪦': 'grave', '⚰': 'coffin', '🔪': 'knife', '🗡': 'knife', '💊': 'pills',
  '🩸': 'blood', '🪢': 'rope', '🔫': 'gun', '🩹': 'bandage', '🚑': 'ambulance', '🏥': 'hospital', '👋': 'bye',
  '🕊': 'peace', '🥀': 'wilted', '💔': 'heartbroken', '🖤': 'blackheart', '😂': 'haha', '🤣': 'haha', '😹': 'haha',
  '😆': 'haha', '😅': 'lol', '😭': 'sob', '😢': 'sad', '😔': 'sad', '😞': 'sad', '😟': 'worried', '😰': 'worried',
  '😱': 'scared', '😣': 'sad', '😩': 'sad', '😫': 'sad', '😶': 'blank', '🫠': 'melt', '🙃': 'upsidedown',
  '🔌': 'unplug', '🌊': 'water', '🚆': 'train', '🚄': 'train', '🚂': 'train', '🚇': 'train', '🚅': 'train',
  '🌉': 'bridge', '🏢': 'building', '🏙': 'building', '⬇': 'down', '🚗': 'car', '⏳': 'time', '⌛': 'time',
  '🌙': 'night', '🎂': 'birthday', '📵': 'offline', '🍷': 'wine', '🍾': 'alcohol', '🥃': 'alcohol', '✂': 'scissors',
  '🎮': 'game', '🕹': 'game', '🎯': 'target', '🙏': 'please', '🫂': 'hug', '🤗': 'hug', '❤': 'love', '💙': 'love',
  '💜': 'love', '💛': 'love', '💗': 'love', '🎉': 'yay', '🥳': 'yay', '👀': 'eyes',
};

/**
 * One token → its plain words. Applied after stretched letters are squeezed ("kmsss" → "kms").
 * "ngl" becomes "honestly", not "not going to lie", so that it never opens a negation scope.
 */
export const TOKEN_MAP: Record<string, string> = {
  // Apostrophe-less contractions.
  im: 'i am', ima: 'i am going to', imma: 'i am going to', ive: 'i have', id: 'i would', iam: 'i am',
  dont: 'do not', doesnt: 'does not', didnt: 'did not', cant: 'can not', cannot: 'can not', wont: 'will not',
  wouldnt: 'would not', couldnt: 'could not', shouldnt: 'should not', isnt: 'is not', wasnt: 'was not',
  arent: 'are not', werent: 'were not', havent: 'have not', hasnt: 'has not', hadnt: 'had not', aint: 'is not',
  youre: 'you are', youve: 'you have', youll: 'you will', youd: 'you would', theyre: 'they are', theyve: 'they have',
  theyll: 'they will', theyd: 'they would', hes: 'he is', shes: 'she is', hed: 'he would',
  thats: 'that is', whats: 'what is', wats: 'what is', theres: 'there is', heres: 'here is', wheres: 'where is',
  hows: 'how is', whos: 'who is', its: 'it is', itll: 'it will', itd: 'it would', wouldve: 'would have',
  couldve: 'could have', shouldve: 'should have', dunno: 'do not know', lemme: 'let me', gimme: 'give me',
  // Scots: "i dinnae want tae die", "nae self harm", "naebody".
  dinnae: 'do not', didnae: 'did not', disnae: 'does not', cannae: 'can not', couldnae: 'could not', wouldnae: 'would not',
  shouldnae: 'should not', isnae: 'is not', wasnae: 'was not', havenae: 'have not', hasnae: 'has not', willnae: 'will not',
  tae: 'to', nae: 'no', naebody: 'nobody', naewhere: 'nowhere', maself: 'myself', masel: 'myself', mysel: 'myself',
  // Chat shorthand.
  gonna: 'going to', finna: 'going to', wanna: 'want to', wnna: 'want to', wana: 'want to', wnt: 'want',
  gotta: 'got to', tryna: 'trying to', kinda: 'kind of', sorta: 'sort of', idk: 'i do not know', idc: 'i do not care',
  ngl: 'honestly', tbh: 'honestly', tbf: 'honestly', fr: 'for real', frfr: 'for real', forreal: 'for real',
  rn: 'right now', atm: 'right now', u: 'you', ur: 'your', urs: 'yours', ya: 'you', r: 'are', n: 'and', w: 'with', b: 'be', y: 'why',
  wud: 'would', cud: 'could', shud: 'should', wen: 'when', wat: 'what', abt: 'about', bout: 'about', thx: 'thanks',
  ty: 'thanks', pls: 'please', plz: 'please', tmrw: 'tomorrow', tmr: 'tomorrow', tmrrw: 'tomorrow', tmoz: 'tomorrow',
  tomoz: 'tomorrow', tonite: 'tonight', nite: 'night', wknd: 'weekend', wkend: 'weekend', bc: 'because',
  cuz: 'because', cos: 'because', coz: 'because', bcuz: 'because', ppl: 'people', sth: 'something', smth: 'something',
  lmao: 'haha', lmfao: 'haha', rofl: 'haha', lmaoo: 'haha', hahaha: 'haha', hehe: 'haha', lool: 'lol', gudbye: 'goodbye',
  goodby: 'goodbye', gbye: 'goodbye', byee: 'bye', evry1: 'everyone',
  every1: 'everyone', some1: 'someone', no1: 'no one', any1: 'anyone', b4: 'before', '4ever': 'forever',
  '2day': 'today', '2nite': 'tonight', '2night': 'tonight', '2moro': 'tomorrow', '2morrow': 'tomorrow', in2: 'into',
  l8r: 'later', srry: 'sorry', sry: 'sorry', soz: 'sorry', gud: 'good', luv: 'love', ily: 'i love you',
  gf: 'girlfriend', bf: 'boyfriend', bff: 'best friend', bestie: 'best friend', gc: 'group chat', mom: 'mum',
  mam: 'mum', mommy: 'mum', mummy: 'mum', evryone: 'everyone', evrything: 'everything', nobdy: 'nobody',
  noone: 'no one', anymoree: 'anymore', agn: 'again', agian: 'again', tho: 'though', thru: 'through',
  // Self-harm slang and algospeak.
  kms: 'kill myself', kys: 'kill yourself', ctb: 'suicide', sewerslide: 'suicide', suicid: 'suicide',
  selfharm: 'self harm', sh: 'self harm', shing: 'self harming', unalive: 'unalive', unaliving: 'unaliving',
  od: 'overdose', oding: 'overdosing', odd: 'overdosed', ded: 'dead', myslef: 'myself', mysef: 'myself',
  urself: 'yourself', yourslef: 'yourself', herslef: 'herself', himslef: 'himself', pils: 'pills',
  // Short misspellings the one-typo repair (six letters and up) does not reach.
  wich: 'which', frend: 'friend', freind: 'friend', frnd: 'friend', sis: 'sister', roomate: 'roommate', parnts: 'parents', wot: 'what', nighty: 'night', leter: 'letter', drawr: 'drawer', razr: 'razor', redy: 'ready',
  clifs: 'cliffs', bak: 'back', nvr: 'never', evr: 'ever', mayb: 'maybe', becuz: 'because', realy: 'really',
  wanted2: 'wanted to', gna: 'going to', gon: 'going to', killl: 'kill', diee: 'die',
  kil: 'kill', killin: 'killing', myslf: 'myself', myselff: 'myself', gona: 'going to', goin: 'going', evry: 'every',
  hav: 'have', '1ce': 'once', antidepresant: 'antidepressant', antidepresants: 'antidepressants', wanna2: 'want to',
  ...MIXED_TOKENS,
};

/**
 * Rewrites over a whole sentence of plain words (word boundaries, after TOKEN_MAP). Multi-word
 * slang lives here because it spans tokens ("sewer slide", "self delete", "six feet under").
 */
export const PHRASES: [RegExp, string][] = [
  // "2" and "4" as words, only where a word follows that a number would not: "urge 2 cut", "lookin 4 me".
  [/\b2 (die|kill|cut|be|go|do|get|not|stop|end|me|you|whoever|the|my|hurt|live|sleep|jump|take)\b/g, 'to $1'],
  [/\b4 (me|you|when|the|my|ever|good|real|him|her|u|life|always|everyone)\b/g, 'for $1'],
  [/\bsewer ?slide\b/g, 'suicide'],
  [/\bsu+ ?i+ ?cide\b/g, 'suicide'],
  [/\bself (?:delete|deleting|deleted)\b/g, 'kill myself'],
  [/\b(delete|deleting|deleted) (myself|me)\b/g, 'kill myself'],
  [/\bkill yourself (myself|me)\b/g, 'kill myself'],
  [/\b(?:six|6) ?(?:feet|foot|ft) under\b/g, 'dead'],
  [/\bmy ?self\b/g, 'myself'],
  [/\bur self\b/g, 'yourself'],
  [/\bunalive thoughts\b/g, 'suicidal thoughts'],
  [/\bunalive(d)? (myself|me)\b/g, 'kill$1 myself'],
  [/\bunaliving (myself|me)\b/g, 'killing myself'],
  [/\bunalive(s)? (herself|himself|themselves|yourself)\b/g, 'kill$1 $2'],
  [/\bunaliving\b/g, 'dying'],
  [/\bunalived?\b/g, 'die'],
  [/\bkill myself d\b/g, 'killed myself'],
  [/\bself harm d\b/g, 'self harmed'],
  [/\bself harm(?:ed|ing)?\b/g, 'selfharm'],
  [/\b(?:car park|parking garage|parking lot|multi storey|multistorey)\b/g, 'carpark'],
  [/\bcarbon monoxide\b/g, 'monoxide'],
  [/\bfor good\b/g, 'forgood'],
  [/\bno longer\b/g, 'nolonger'],
  [/\bsleeping (pills|tablets)\b/g, 'sleeping pills'],
  [/\bover ?dos(e|ed|ing)\b/g, 'overdos$1'],
  [/\bdoor ?frame\b/g, 'doorframe'],
  [/\bnot be here\b/g, 'not be here'],
  // Euphemisms recorded in suicide-slang and moderation lists.
  [/\b(?:do|doing|did|done) (myself|me) in\b/g, 'kill myself'],
  [/\boff(?:ing)? (myself|yourself|himself|herself)\b/g, 'kill $1'],
  [/\buninstall(?:ing)? (?:myself|me)\b/g, 'kill myself'],
  [/\bcheck(?:ing|ed)? out (?:permanently|forgood|of (?:life|this life|this world))\b/g, 'dying'],
  [/\bdirt ?nap\b/g, 'death'],
  [/\bby my own hand\b/g, 'by suicide'],
  [/\bself (?:injur(?:e|ed|es|ing|y)|poison(?:ing|ed)?|mutilat(?:e|ed|ing|ion))\b/g, 'selfharm'],
  [/\bzebra (?:arms?|legs?|stripes)\b/g, 'selfharm scars'],
  ...MIXED_PHRASES,
];
