/**
 * Words from languages people mix into English chat, mapped to the English words the frames read.
 * Tagalog (Taglish, the Philippines) and Nigerian Pidgin, written from dictionaries and crisis-line
 * glossaries, not from any data file. Only words that carry the meaning of a risk or of its
 * subject are here; a function word shared with English ("na", "ang", "make") is left alone so
 * English chat is never rewritten. The detector stays an English detector: this only lets it
 * read the crisis words inside a mixed message.
 */

/** One token → English words. */
export const MIXED_TOKENS: Record<string, string> = {
  // Tagalog: death, dying, killing oneself.
  mamatay: 'die', mamamatay: 'die', namatay: 'died', patay: 'dead', pumatay: 'kill',
  magpakamatay: 'kill myself', nagpakamatay: 'killed myself', magpapakamatay: 'going to kill myself', pagpapakamatay: 'suicide',
  mawala: 'disappear', mawawala: 'disappear', maglaho: 'disappear',
  magising: 'wake', gigising: 'wake', gumising: 'wake', nagising: 'woke',
  bigti: 'hang', magbigti: 'hang myself', nagbigti: 'hanged myself', magbibigti: 'going to hang myself',
  tumalon: 'jump', tatalon: 'going to jump', talon: 'jump', tulay: 'bridge', bubong: 'roof',
  laslas: 'cut', maglaslas: 'cut', naglaslas: 'cut', naglalaslas: 'cutting', hiwa: 'cut', sugat: 'wounds', peklat: 'scars',
  lason: 'poison', gamot: 'pills', banig: 'strip', ininom: 'took', iinumin: 'going to take', uminom: 'drank', lahat: 'all',
  paalam: 'goodbye', huling: 'last', huli: 'last', pabigat: 'burden', pagod: 'tired', buhay: 'life', mabuhay: 'live',
  sana: 'i wish', gusto: 'want', ayoko: 'i do not want', ayaw: 'not want', hindi: 'not', ngayon: 'now',
  ngayong: 'now', mamaya: 'later', bukas: 'tomorrow', gabi: 'night', ako: 'i', sarili: 'myself', saktan: 'hurt',
  // Nigerian Pidgin.
  wan: 'want', kpai: 'die', kpeme: 'die', wahala: 'trouble', abeg: 'please', sef: 'even',
};

/** Phrases over the same words. */
export const MIXED_PHRASES: [RegExp, string][] = [
  [/\bayoko na\b/g, 'i do not want to live anymore'],
  [/\bpatayin (ko )?(ang )?sarili( ko)?\b/g, 'kill myself'],
  [/\bsaktan (ko )?(ang )?sarili( ko)?\b/g, 'hurt myself'],
  [/\bmake i (die|kpai)\b/g, 'i want to die'],
  [/\bi (go|wan) (die|kpai|end am)\b/g, 'i want to die'],
  [/\bend am\b/g, 'end it'],
  // "i don take am": the Pidgin perfect ("I have taken it").
  [/\bi don take\b/g, 'i took'],
  [/\bi don (drink|swallow)\b/g, 'i swallowed'],
  [/\bcomot for this world\b/g, 'leave this world'],
];
