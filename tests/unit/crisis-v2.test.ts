/**
 * Crisis detection v2 (docs/crisis-detection.md): the imminent tier, judging a message with the
 * writer's previous lines, the lexicon of means, and the window of previous lines. Hand-written
 * here; the measured figures come from scripts/eval-crisis.ts over authors' data, never asserted in
 * tests.
 */
import { describe, expect, it } from 'vitest';
import { analyseMessage, detectCrisis, helpFor, higherTier, isCrisisTier, recentTexts, PREVIOUS_MESSAGES, PREVIOUS_WITHIN_MS } from '../../src/shared/safety';
import { conceptsOf } from '../../src/shared/safety/lexicon';
import { isImminent } from '../../src/shared/safety/severity';

describe('the imminent tier', () => {
  it.each([
    'i already took them all, i just wanted someone to know',
    'took 30 of my sertraline 20 min ago',
    'i swallowed everything in the medicine cabinet',
    'the pills are starting to kick in',
    'i cut too deep and it wont stop bleeding',
    'im standing on the bridge right now',
    'i have the rope ready and im doing it tonight',
  ])('an attempt under way, or means with a time that is now: %s', (line) => {
    const d = detectCrisis(line);
    expect(d.tier).toBe('imminent');
    expect(helpFor(line)?.imminent).toBe(true);
  });

  it.each([
    'thinking about taking all of my insulin at once',
    'i want to die',
    'i have been stockpiling my tablets for weeks',
    'sunday is the day i end it',
  ])('a crisis with no attempt and no time that is now stays a crisis: %s', (line) => {
    expect(detectCrisis(line).tier).toBe('crisis');
    expect(helpFor(line)?.imminent).toBeUndefined();
  });

  it.each([
    'the rope is around my neck',
    'noose is round my neck now',
    'gun is loaded and on the table',
    'i have the gun in my mouth',
    'cannae feel my hands, took way too many',
  ])('means already at the body, or "too many" ending the line, is imminent: %s', (line) => {
    expect(detectCrisis(line).tier).toBe('imminent');
  });

  it.each([
    'this debt is like a noose around my neck',
    'i feel like i have a noose around my neck with this job',
    "I wouldn't do that job even with a gun to my head",
    'the tie around my neck is choking me at this wedding lol',
    'this collar is strangling me in this heat',
    'took too many photos at the beach',
    'london is not worth living in',
  ])('a figure of speech or a worn thing is not an attempt: %s', (line) => {
    expect(isCrisisTier(detectCrisis(line).tier)).toBe(false);
  });

  it('a rope around the neck told as past stays a crisis, not imminent', () => {
    expect(detectCrisis('I had the rope around my neck on Sunday. My phone rang.').tier).toBe('crisis');
  });

  it.each([
    'they pumped my stomach after I swallowed the whole bottle',
    'two years ago i took all my pills and woke up in hospital',
  ])('an attempt the rules find told as over is a crisis, whatever the imminent model reads: %s', (line) => {
    expect(detectCrisis(line).tier).toBe('crisis');
  });

  it.each([
    'i took 30 pills an hour ago and my hands are numb',
    'swallowed the whole bottle 20 mins ago',
    'i just woke up and took all my pills',
    'swallowed the whole bottle, woke up on the floor, still here',
    'the cord is tight around my neck and its choking me',
  ])('an attempt of an hour ago or just after waking, or a ligature that is no garment, stays imminent: %s', (line) => {
    expect(detectCrisis(line).tier).toBe('imminent');
  });

  it.each([
    'the collar around my neck is choking me and i want it to',
    'my necklace keeps choking me, i pulled it tighter on purpose',
    'the lanyard around my neck is choking me. i tied it to the door handle',
  ])('a garment made a ligature, or the choking wanted, is no everyday reason: %s', (line) => {
    expect(isCrisisTier(detectCrisis(line).tier)).toBe(true);
  });

  it('imminent risk to someone else is imminent too, worded for a helper', () => {
    const d = detectCrisis('my sister just took a whole bottle of pills and she wont wake up');
    expect(d.tier).toBe('imminent');
    expect(d.subject).toBe('other');
  });

  it.each([
    'took two paracetamol for my headache an hour ago',
    'i already did it! passed my driving test 🎉',
    'we got slaughtered, took them all out in the last round though',
  ])('everyday lines with the same words are not imminent (or a crisis): %s', (line) => {
    expect(isCrisisTier(detectCrisis(line).tier)).toBe(false);
  });

  it.each([
    'the bath is running and i have the razor',
    'i tied it to the beam already',
  ])('the imminent model finds what the rule has no words for: %s', (line) => {
    const a = analyseMessage(line);
    expect(isImminent(a.hits, a.sents)).toBe(false);
    expect(detectCrisis(line).tier).toBe('imminent');
  });

  it.each([
    'took my meds this morning like always',
    'ran a bath and lit some candles, so relaxing',
    'just took my vitamins and feeling sleepy now',
    'hanging out on the roof with friends tonight',
    'my last shift at the cafe today!',
  ])('nor does the imminent model make an everyday line a crisis: %s', (line) => {
    expect(detectCrisis(line).tier).toBe('none');
  });

  it('a tier can only be raised: a second opinion or context never lowers it', () => {
    expect(higherTier('crisis', 'none')).toBe('crisis');
    expect(higherTier('none', 'crisis')).toBe('crisis');
    expect(higherTier('crisis', 'imminent')).toBe('imminent');
    expect(higherTier('imminent', 'distress')).toBe('imminent');
  });
});

describe('a message judged with the writer\'s previous lines', () => {
  const plan = ['my mind is made up', 'its gonna be sunday', 'everything is ready'];

  it('catches a plan spread over lines on the line that completes it', () => {
    for (const line of plan) expect(isCrisisTier(detectCrisis(line).tier)).toBe(false);
    expect(isCrisisTier(detectCrisis(plan[1]!, plan.slice(0, 1)).tier)).toBe(false);
    const last = detectCrisis(plan[2]!, plan.slice(0, 2));
    expect(isCrisisTier(last.tier)).toBe(true);
  });

  it('does not offer help again on an ordinary line after a message that already brought it', () => {
    expect(detectCrisis('ok gonna make dinner now', ['i want to kill myself']).tier).not.toBe('crisis');
  });

  it('raises a crisis to imminent when an earlier line held the means and this one the time', () => {
    expect(detectCrisis('ive been saving up my pills').tier).toBe('crisis');
    expect(detectCrisis('tonight', ['ive been saving up my pills']).tier).toBe('imminent');
  });

  it('does not raise a line after one that was already imminent on its own: its card came then', () => {
    expect(detectCrisis('i have all my pills lined up').tier).toBe('imminent');
    expect(detectCrisis('tonight', ['i have all my pills lined up']).tier).toBe('none');
  });

  it('leaves ordinary lines ordinary whatever came before them', () => {
    expect(detectCrisis('see you at practice', ['exams are killing me', 'so tired lol']).tier).toBe('none');
  });
});

describe('the lexicon of means', () => {
  it.each(['panadol', 'crocin', 'dolo', 'biogesic', 'nurofen', 'tilidin', 'zopiclon', 'alprax', 'endone', 'sniper', 'paraquat'])('knows %s', (word) => {
    expect(conceptsOf(word).length).toBeGreaterThan(0);
  });

  it('turns a dose question about a brand into a lethality question', () => {
    expect(isCrisisTier(detectCrisis('how many dolo 650 would it take to not wake up').tier)).toBe(true);
  });
});

describe('the window of previous lines', () => {
  const at = new Date('2026-11-26T12:00:00Z');
  const ago = (min: number) => new Date(at.getTime() - min * 60_000).toISOString();

  it('keeps the last few lines written shortly before, oldest first', () => {
    const texts = recentTexts([
      { text: 'e', at: ago(1) }, { text: 'old', at: ago(PREVIOUS_WITHIN_MS / 60_000 + 1) }, { text: 'c', at: ago(3) },
      { text: 'd', at: ago(2) }, { text: 'b', at: ago(4) }, { text: '  ', at: ago(1) },
    ], at);
    expect(texts).toEqual(['c', 'd', 'e'].slice(-PREVIOUS_MESSAGES));
  });

  it('ignores lines written after the message (a clock that jumped)', () => {
    expect(recentTexts([{ text: 'later', at: new Date(at.getTime() + 1000) }], at)).toEqual([]);
  });
});

describe('a story of risk told as over', () => {
  const over = (text: string) => analyseMessage(text).flags.includes('past-over');

  it('is a past anchored in months or years, set against a good now, or a count of time clean', () => {
    expect(over('Two years ago I swallowed a bottle of pills. Now I run a support group and I am so proud of it.')).toBe(true);
    expect(over('back in 2018 i wanted to die every single day, these past months i have been doing well')).toBe(true);
    expect(over('300 days without cutting 🎉')).toBe(true);
    expect(over('this time last year i was in hospital after an overdose, today i am celebrating my graduation')).toBe(true);
    expect(over('a year ago i tried to end it. so glad i am still here')).toBe(true);
    expect(over('six months clean from self harm, my counsellor made me a card')).toBe(true);
    // A good now in other words, and a past placed at school or in an old diary (2026-11-29).
    expect(over('two years since my overdose and i am in a much better place')).toBe(true);
    expect(over('i was suicidal in high school. life is so good now')).toBe(true);
    expect(over('read my old journal from when i wanted to die. i do not recognise her')).toBe(true);
  });

  it('is not a past without a good now, a past only weeks back, or time without something else', () => {
    expect(over('two years ago i tried to hang myself')).toBe(false);
    expect(over('when i was 14 i tried to kill myself. today i bought a rope')).toBe(false);
    expect(over('back then my mum found me in time. now there is nobody to stop me')).toBe(false);
    expect(over('4 days without sleeping, i have the pills in front of me')).toBe(false);
    expect(over('i took an overdose three weeks ago and today i feel nothing')).toBe(false);
  });

  it('is not a story whose risk is here again', () => {
    expect(over('a year ago i tried to end it, now i want to do it again')).toBe(false);
    expect(over('Clean for 90 days and I just slipped. Fresh cuts tonight')).toBe(false);
    expect(over('Last year I took pills. Now I am not glad I survived')).toBe(false);
    expect(over('back then I wrote my note, and now I am going to end it')).toBe(false);
    expect(over('i used to cut and now the urges are coming back')).toBe(false);
    expect(over('a year free of self harm but the urges have returned and i have a blade in my hand')).toBe(false);
    expect(over('two years since my attempt and i feel exactly like i did then. i have the pills ready')).toBe(false);
    expect(over('i was suicidal in college and i am in a worse place now, i want to die again')).toBe(false);
    expect(over('found my old diary. life is so different now that he is gone and i want it to be over')).toBe(false);
  });

  it('lowers the frames of the story, and leaves a crisis the message tells now alone', () => {
    expect(isCrisisTier(detectCrisis('Two years ago I swallowed a bottle of pills. Now I run a support group and I am so proud of it.').tier)).toBe(false);
    expect(isCrisisTier(detectCrisis('Five years since I tried to kill myself, and today I got my nursing degree. So grateful.').tier)).toBe(false);
    expect(isCrisisTier(detectCrisis('a year ago i tried to end it, now i want to do it again').tier)).toBe(true);
    expect(isCrisisTier(detectCrisis('i took an overdose three weeks ago and today i feel nothing').tier)).toBe(true);
  });

  it('lowers only the sentence that tells the past, and never an act or a plan for a count of time clean', () => {
    const later = analyseMessage('a year ago i tried to end it and i am glad i survived. i still have the rope in the garage and i will use it').hits;
    expect(later.some((h) => h.sent === 1 && h.weight >= 0.5)).toBe(true);
    const streak = analyseMessage('300 days without self harm and i am proud, so i bought a new razor for my legs').hits;
    expect(streak.some((h) => h.category === 'preparation')).toBe(true);
    expect(streak.filter((h) => h.category === 'preparation').every((h) => !h.lowered.includes('past-over'))).toBe(true);
  });

  it('is someone else\'s story still the writer\'s worry', () => {
    const text = 'my sister tried to kill herself last year, she was doing well and now she is saying goodbye to everyone';
    const hits = analyseMessage(text).hits;
    expect(over(text)).toBe(true);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => !h.lowered.includes('past-over'))).toBe(true);
  });
});

describe('questions and negations that only look like risk', () => {
  const lowered = (text: string, why: string) => analyseMessage(text).hits.some((h) => h.lowered.includes(why));

  it('reads a death toll as the news, unless a means or the writer is in the question', () => {
    expect(lowered('how many people died in the 1971 stadium disaster', 'death-toll')).toBe(true);
    expect(lowered('how many people have died at beachy head? thinking of going there tomorrow', 'death-toll')).toBe(false);
    expect(lowered('i have 40 co-codamol here. how many people die from that', 'death-toll')).toBe(false);
    expect(lowered('how many people die from a 10 storey fall', 'death-toll')).toBe(false);
    expect(isCrisisTier(detectCrisis('how many soldiers died at the somme?').tier)).toBe(false);
    expect(lowered('how many people die from taking a whole bottle of aspirin', 'death-toll')).toBe(false);
    expect(lowered('how many people die jumping off the tay bridge', 'death-toll')).toBe(false);
    expect(isCrisisTier(detectCrisis('how many pills would it take for me to die').tier)).toBe(true);
  });

  it('knows Scots negation and the Pidgin aspect marker', () => {
    expect(lowered('honestly i dinnae want tae die, i just want a holiday', 'negation')).toBe(true);
    expect(lowered('nae self harm, just a rubbish week', 'negation')).toBe(true);
    expect(lowered('i no dey think of killing myself, na exam wahala', 'negation')).toBe(true);
    expect(isCrisisTier(detectCrisis('i want tae die, i cannae take it anymore').tier)).toBe(true);
    expect(isCrisisTier(detectCrisis('life isnae worth living').tier)).toBe(true);
    expect(lowered('i no dey really think of anything apart from suicide these days', 'negation')).toBe(false);
    expect(lowered('i cannae think about anything except ending it all', 'negation')).toBe(false);
  });
});

describe('a goodbye with a return', () => {
  it('is not a deadline or a duration', () => {
    expect(isCrisisTier(detectCrisis("I've decided I will not be alive by the end of this month").tier)).toBe(true);
    const hits = analyseMessage('been hiding my tablets away, saving them up for a while now').hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.some((h) => h.lowered.includes('see-you-later'))).toBe(false);
  });

  it('is still a goodbye for now', () => {
    expect(analyseMessage('logging off for a while, goodbye everyone').hits.some((h) => h.lowered.includes('see-you-later'))).toBe(true);
    expect(analyseMessage('last post of the year from me, goodbye all').hits.some((h) => h.lowered.includes('see-you-later'))).toBe(true);
    expect(analyseMessage('goodbye everyone. by the end of the day i will be at peace').hits.some((h) => h.lowered.includes('see-you-later'))).toBe(false);
  });
});
