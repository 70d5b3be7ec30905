/**
 * Concept word sets, by lemma (see lemma.ts). Frames (frames.ts) match concepts, not spellings, so a
 * new way of saying the same thing ("stockpiling my tablets", "the railway line") still lands in
 * the right slot. The sets follow the C-SSRS (wish to be dead, active ideation, method, intent, plan,
 * preparatory behaviour, past attempt) plus non-suicidal self-injury, finality, burden/entrapment and
 * lethality questions. They are written from clinical vocabulary, not copied from any data file.
 */

import { GUNS, MEDICINES, POISONS } from './means';

/** A set from a space-separated list: keeps the lists short enough to read in one screen. */
function words(list: string): ReadonlySet<string> {
  return new Set(list.trim().split(/\s+/));
}

export const CONCEPTS = {
  /** The writer. "me" is here because non-native writers use it as a subject ("me want die"). */
  self: words('i me my myself mine'),
  selfObj: words('myself me'),
  /** Someone else the writer is worried about: the third-party subject of a frame. */
  otherRefl: words('herself himself themselves themself'),
  otherPron: words('she he they her him'),
  relation: words(`friend bestie mate sister sis brother bro mum mom mother mam dad father parent son daughter kid child
    cousin aunt uncle nan gran grandma grandad grandpa grandmother grandfather wife husband partner girlfriend boyfriend gf bf
    fiance fiancee roommate roomie flatmate housemate classmate colleague coworker student pupil patient client niece nephew
    neighbour neighbor teammate ex`),
  /** Generic "you" in a how-to question ("how do you kill yourself") still asks for the writer. */
  youRefl: words('yourself urself'),

  /** Being dead or dying. "gone" and "away" are not here: they are mostly about leaving a place. */
  die: words('die dead death suicide suicidal deceased ctb grave coffin funeral'),
  /** Verbs whose object is a life: kill myself, end my life, unalive, off myself. */
  kill: words('kill murder unalive off end delete erase remove'),
  /** Self-injury acts (NSSI): the body is hurt, not necessarily ended. */
  harm: words(`hurt harm cut burn scald hit punch bang slam scratch carve stab slash slit bruise punish starve bleed bite
    choke pinch selfharm snap slap`),
  /** Ways of dying named by their act. */
  methodVerb: words('hang shoot drown jump overdose poison suffocate strangle gas electrocute crash leap throw slit step'),
  body: words('wrist arm leg thigh stomach tummy hip skin neck throat vein artery head chest body ankle face wrists'),

  medicine: words(`pill tablet paracetamol acetaminophen tylenol ibuprofen aspirin advil panadol codeine sertraline zoloft
    prozac fluoxetine citalopram escitalopram lexapro venlafaxine effexor mirtazapine amitriptyline lithium insulin
    opioid oxycodone oxy fentanyl heroin morphine tramadol benzo xanax diazepam valium zopiclone zolpidem ambien
    antidepressant painkiller medication med medicine prescription sleeping dose capsule insulin quetiapine
    seroquel lamotrigine ${MEDICINES} codamol`),
  container: words('bottle box pack packet cabinet stash supply strip blister handful bunch stockpile'),
  ligature: words('rope noose belt cord cable ligature beam rafter hook hinge banister rail wardrobe closet doorframe scarf tie'),
  height: words(`bridge roof rooftop ledge cliff balcony window floor building tower carpark overpass edge railing
    height storey story skyscraper parapet viaduct`),
  traffic: words('train track tracks railway platform crossing bus truck lorry traffic motorway highway freeway pillar'),
  gasMeans: words('exhaust hose monoxide engine garage gas oven charcoal helium bag'),
  blade: words('blade razor knife sharpener scissors compass lighter shard'),
  gun: words(GUNS),
  water: words('sea river lake ocean water bath bathtub canal'),
  poison: words(POISONS),

  /** Wanting: with a death element it is a wish to be dead (C-SSRS 1). */
  wish: words('want wanna wish hope pray rather ready long crave beg desire'),
  /** Thinking about it: with a death or harm element it is ideation (C-SSRS 2). */
  think: words(`think thought imagine picture fantasise fantasize daydream consider contemplate urge tempt obsess dream
    visualise visualize`),
  /** Deciding and going to: with a death element it is intent (C-SSRS 4). */
  intent: words('going gonna will decide decided plan planned ready finna choose commit determine'),
  /** Preparatory behaviour (C-SSRS 5) verbs. */
  prep: words(`buy order get save stockpile hoard stash collect stack hide keep write give rehome research google search
    test practise practice tie measure pick choose schedule arrange sort settle delete cancel prepay prepare draft
    label leave seal`),
  prepObject: words(`note letter will funeral headstone playlist password account goodbye rope hose pill tablet razor
    blade belt charcoal poison stuff everything thing insurance`),
  /** Finality and goodbyes. */
  final: words('goodbye bye farewell last forever permanently forgood final forevermore'),
  /** Time markers that make a plan concrete (C-SSRS 3). */
  time: words(`tonight tomorrow weekend soon midnight monday tuesday wednesday thursday friday saturday sunday date
    birthday after when today now week month christmas eve morning night`),
  /** Being a burden and being trapped. */
  burden: words('burden trap trapped stuck escape exit mistake waste worthless failure'),
  /** Words that make a dosing question about death, not about safe use. */
  lethal: words('lethal fatal deadly toxic enough'),
  /** A number of tablets: "took 30", "twenty of them", "a whole dozen". */
  count: new Set([...Array.from({ length: 299 }, (_, i) => String(i + 2)), ...words(`two three four five six seven eight nine ten
    eleven twelve fifteen twenty thirty forty fifty sixty seventy eighty ninety hundred dozen several`)]),
  /** Being alive, the object of "don't want to …". */
  alive: words('live living alive exist existing life here around breathe wake survive'),
} as const;

export type Concept = keyof typeof CONCEPTS;

/** Which concepts each lemma belongs to, built once so that lookups are a single Map get. */
const BY_LEMMA = new Map<string, Concept[]>();
for (const [concept, set] of Object.entries(CONCEPTS) as [Concept, ReadonlySet<string>][]) {
  for (const w of set) {
    const list = BY_LEMMA.get(w);
    if (list) list.push(concept);
    else BY_LEMMA.set(w, [concept]);
  }
}

export function conceptsOf(lemma: string): readonly Concept[] {
  return BY_LEMMA.get(lemma) ?? [];
}

export function hasConcept(lemma: string, concept: Concept): boolean {
  return CONCEPTS[concept].has(lemma);
}

/**
 * Concepts that carry risk on their own. The model may only call a crisis without a frame when at
 * least one of these is in the message: "let me think about it" shares words with "I keep thinking
 * about it" but has nothing about death, harm, means, finality or being a burden.
 */
export const RISK_CONCEPTS: readonly Concept[] = ['die', 'kill', 'harm', 'methodVerb', 'medicine', 'container', 'ligature', 'height',
  'traffic', 'gasMeans', 'blade', 'gun', 'water', 'poison', 'final', 'burden', 'lethal', 'otherRefl'];

/** People in stories, the news and games. Not "someone" or "a guy": those may be someone the writer knows. */
export const GENERIC_PEOPLE: ReadonlySet<string> = words(`man woman character villain hero protagonist singer musician celebrity
  actor actress rockstar soldier dev developer author player team colonist colonists sim pet fish hamster plant`);


/**
 * Strong pain without a death or self-harm element: the 'distress' tier. Each entry is a lemma
 * sequence; matching is done by frames.ts on the same tokens.
 */
export const DISTRESS_PHRASES: readonly string[] = [
  'fall apart', 'fall to piece', 'break down', 'fall down', 'hopeless', 'no hope', 'overwhelm', 'can not breathe',
  'can not cope', 'can not stop cry', 'can not get out of bed', 'can not face', 'can not keep', 'can not think straight',
  'lose everything', 'drown in', 'panic attack', 'flashback', 'burn out', 'burnt out', 'nothing leave', 'nothing left',
  'run on empty', 'run on fume', 'terrify', 'so scared', 'dread', 'bully', 'stuck', 'nothing matter', 'worthless',
  'hate myself', 'can not do this anymore', 'can not take it anymore', 'can not go on', 'breaking point', 'numb',
  'empty inside', 'so alone', 'no one care', 'nobody care', 'exhausted', 'shaking', 'spiral', 'out of control',
];

/**
 * Vocabulary the normaliser trusts when it repairs a word (leetspeak, stretched letters, dropped g,
 * one-letter typos): a repair is only kept when it lands on a known word, so ordinary words such
 * as "ps5" or "coool" are not turned into something else.
 */
const COMMON = words(`a about above after again against all almost alone already also always am an and any anyone anything
  anymore are around as ask at away back bad be because bed been before being best better between big bit body both bring
  but by call can care change come could day do does doing done down each else end enough even ever every everyone
  everything face fall family feel few find fine first for forget forgive friend from get give go god going gone good got
  great had happy hard has have he hear help her here him his hold home how i if in inside into is it its just keep kind
  know last leave let life like little live long look lose lot love make man matter may me mean mind more morning most
  much must my myself need never new next night no nobody none not nothing now of off ok okay old on once one only or
  other our out over own people please point pretty put quite rather real really reason right run said same say see
  seem she should since sleep so some someone something sometimes soon sorry still stop such sure take talk tell than
  thank thanks that the their them then there these they thing think this those though through time tired to today
  together tomorrow tonight too try trying under until up us use very wait wake walk want was way we week well went were
  what when where which while who why will wish with without work world worse worth would yeah year yes yet you young
  your yourself cry crying scared afraid sad alive dying killing cutting hanging jumping wanna gonna again soon sleep
  tired anything everyone someone anymore forever goodbye sorry please help remember memories letter drawer parents
  hospital alcohol vodka hardware weekend birthday morning evening nobody anyone everything something nothing
  thinking picture thought staring looking drinking swallowing jumping driving overdosing tomorrow tonight really
  actually honestly properly already which should could would because before after`);

export const VOCAB: ReadonlySet<string> = new Set([...COMMON, ...BY_LEMMA.keys()]);

/**
 * Words worth repairing when one letter is off ("myslef", "sucidal", "ibuprofin"). A short list of
 * words with no real English word one letter away: repairing towards every known word would turn
 * real words we lack into ones we have ("fridge" → "bridge", "putting" → "cutting").
 */
export const TYPO_TARGETS: readonly string[] = [...words(`suicide suicidal myself yourself herself himself themselves
  overdose overdosed overdosing paracetamol ibuprofen tylenol sertraline antidepressant antidepressants medication
  goodbye forever tomorrow tonight anymore everyone everything remember hospital funeral unalive pointless worthless
  hopeless painless stomach balcony existence whoever honestly actually properly already because disappear
  disappeared permanently goodnight headstone passwords scissors attempted strangle suffocate swallowed
  acetaminophen amitriptyline tramadol diazepam zopiclone oxycodone propranolol quetiapine lorazepam alprazolam
  citalopram fluoxetine escitalopram venlafaxine mirtazapine diphenhydramine benadryl codeine insecticide`)];
