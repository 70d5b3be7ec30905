/**
 * A small rule-based lemmatiser for the verbs and nouns the detector cares about. It does not need
 * to be right about English in general, only to send every form of a word that matters to one
 * lemma (overdosing, overdosed, ODing → overdose; hanged, hung → hang; cutting, cutter → cut), so
 * that a form never seen in training still reaches the same frame and the same model feature.
 */
import { VOCAB } from './lexicon';

/** Forms no suffix rule can reach, and nouns whose -er/-s would mislead the rules. */
const IRREGULAR: Record<string, string> = {
  died: 'die', dies: 'die', dying: 'die', dyin: 'die', dieing: 'die', deaths: 'death',
  killed: 'kill', kills: 'kill', killer: 'kill',
  hung: 'hang', hanged: 'hang', hanging: 'hang',
  cutter: 'cut', cutting: 'cut', cuts: 'cut', cuttings: 'cut',
  slit: 'slit', slitting: 'slit',
  bled: 'bleed', burnt: 'burn', shot: 'shoot', stabbed: 'stab', overdid: 'overdo', od: 'overdose', ods: 'overdose',
  oding: 'overdose', odd: 'overdose', overdosing: 'overdose', overdosed: 'overdose', overdoses: 'overdose',
  took: 'take', taken: 'take', taking: 'take', threw: 'throw', thrown: 'throw', bought: 'buy', gave: 'give',
  given: 'give', wrote: 'write', written: 'write', writing: 'write', went: 'go', goes: 'go', felt: 'feel',
  thought: 'think', thoughts: 'think', fell: 'fall', fallen: 'fall', got: 'get', gotten: 'get', made: 'make',
  said: 'say', says: 'say', told: 'tell', found: 'find', saw: 'see', seen: 'see', brought: 'bring', kept: 'keep',
  stood: 'stand', sat: 'sit', ran: 'run', drank: 'drink', drunk: 'drink', ate: 'eat', eaten: 'eat', chose: 'choose',
  chosen: 'choose', hid: 'hide', hidden: 'hide', woke: 'wake', woken: 'wake', drove: 'drive', driven: 'drive',
  slept: 'sleep', meant: 'mean', spent: 'spend', sent: 'send', lost: 'lose', paid: 'pay', did: 'do', does: 'do',
  was: 'be', were: 'be', am: 'be', is: 'be', are: 'be', been: 'be', being: 'be', had: 'have', has: 'have',
  knives: 'knife', lives: 'life', leapt: 'leap', swam: 'swim', sank: 'sink', sunk: 'sink', began: 'begin',
  begun: 'begin', held: 'hold', left: 'left', gone: 'gone', done: 'done', dead: 'dead', wanna: 'want',
  tried: 'try', tries: 'try', cried: 'cry', cries: 'cry', meds: 'med', pills: 'pill', tablets: 'tablet',
  sleeping: 'sleeping', morning: 'morning', nothing: 'nothing', something: 'something', anything: 'anything',
  everything: 'everything', evening: 'evening', ceiling: 'ceiling', building: 'building', feelings: 'feeling',
  wishes: 'wish', hopes: 'hope', ropes: 'rope', nooses: 'noose', bridges: 'bridge', tracks: 'track', wrists: 'wrist',
  thighs: 'thigh', scars: 'scar', blades: 'blade', razors: 'razor', letters: 'letter', notes: 'note', urges: 'urge',
  always: 'always', perhaps: 'perhaps', bus: 'bus', gas: 'gas', yes: 'yes', this: 'this', his: 'his', us: 'us',
  its: 'its', less: 'less', unless: 'unless', news: 'news', series: 'series', species: 'species', lens: 'lens',
  tied: 'tie', lied: 'lie', suicidal: 'suicidal', lethal: 'lethal', fatal: 'fatal', painless: 'painless', needs: 'need',
  unaliving: 'unalive', unalived: 'unalive', ended: 'end', ending: 'end', jumper: 'jumper', hanger: 'hanger',
  everyone: 'everyone', anyone: 'anyone', someone: 'someone', nobody: 'nobody',
};

/** Common verbs, so that suffix stripping can check it landed on a real lemma (hoping → hope, not hop). */
const VERBS = new Set(`hope cope save use lose live move leave make take give write ride hide decide close type love
  care phone scare stare share rate hate bake smoke dose overdose arrange prepare schedule gaze breathe believe argue
  continue fire tire retire receive promise notice bruise carve starve scrape bleach chase excuse refuse confuse
  imagine picture fantasise fantasize realise realize apologise apologize organise organize recognise recognize
  measure rehome delete come become shake wake drive dive strive die lie tie skate place face replace trace relapse
  erase purchase choke smile cause pause praise raise rise settle handle struggle google swallow sharpen pick stop
  jump hang cut hit kill burn shoot drown stab slit punch bang slam scratch crash step drop plan end want wish pray
  think feel sit get put set run swim begin forget admit commit submit regret upset chat chop drag drug grab hug
  rob rub scrub shop shrug skip slip snap stab tap trap trip wrap ban bed beg dig fit fret grin jog knit knot mop
  nag nod pat pet pin plot sip slap sob spot stir stun tug vet wed bleed need test search hoard stash collect
  stack keep order buy sort cancel pay finish last walk talk look work help start want try call stay play
  pray say enjoy destroy annoy obey check`.split(/\s+/));

function known(w: string): boolean {
  return VOCAB.has(w) || VERBS.has(w);
}

/** A word the detector knows, directly or through its lemma: the normaliser only repairs towards these. */
export function isKnown(w: string): boolean {
  return known(w) || known(lemmatise(w)) || w in IRREGULAR;
}

const DOUBLE_END = /([bdfgklmnprstvz])\1$/;

/** The first candidate that is a known word, else the plain stripped stem. */
function pick(stem: string): string {
  // consonant + one vowel + consonant usually lost an e (hoping → hope); otherwise the bare stem wins.
  const cvc = /(^|[^aeiou])[aeiou][^aeiouwxy]$/.test(stem);
  const candidates = cvc ? [`${stem}e`, stem] : [stem, `${stem}e`];
  if (DOUBLE_END.test(stem) && !/(ll|ss|ff|zz)$/.test(stem)) candidates.unshift(stem.slice(0, -1));
  for (const c of candidates) if (known(c)) return c;
  if (DOUBLE_END.test(stem) && !/(ll|ss|ff|zz)$/.test(stem)) return stem.slice(0, -1);
  return stem;
}

const cache = new Map<string, string>();

export function lemmatise(word: string): string {
  const hit = cache.get(word);
  if (hit !== undefined) return hit;
  const out = lemmaOf(word);
  if (cache.size < 20_000) cache.set(word, out);
  return out;
}

function lemmaOf(w: string): string {
  const irregular = IRREGULAR[w];
  if (irregular) return irregular;
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('ied') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('ing') && w.length > 5) return pick(w.slice(0, -3));
  if (w.endsWith('ed') && w.length > 4) {
    if (known(w.slice(0, -1))) return w.slice(0, -1); // hoped → hope, overdosed → overdose
    return pick(w.slice(0, -2));
  }
  if (w.endsWith('es') && w.length > 4 && /(ch|sh|x|ss|zz)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !/(ss|us|is|ous)$/.test(w) && w.length > 3) return w.slice(0, -1);
  return w;
}
