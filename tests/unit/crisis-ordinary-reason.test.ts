/**
 * A goodbye or a clear-out with an ordinary reason, and someone else's dying hyperbole waved off
 * (src/shared/safety/ordinary-reason.ts): lowered, while the same words with something that
 * outlasts the reason keep their help. Lines written here, not taken from the evaluation data.
 */
import { describe, expect, it } from 'vitest';
import { analyseMessage, detectRisk } from '../../src/shared/safety';

const lowered = (line: string) => analyseMessage(line).hits.flatMap((h) => h.lowered);

describe('a goodbye or a clear-out with an ordinary reason', () => {
  it.each([
    'giving away all my clothes before we move to leeds',
    'bye all, flying to manila tomorrow and there is no wifi at my lola\'s',
    'last shift at the bakery, they are shutting down for good next week',
    'this is my last season with the under 12s, i am graduating in june',
    'wrote letters to my cousins for christmas, with stickers',
    'final goodbye to my cracked phone, the new one came today',
    'last day at the office on friday, thank you all for everything',
    'last shift tomorrow and then paternity leave, see you in spring',
    'look after my plants for me while i am in lagos',
  ])('is not a crisis: %s', (line) => {
    expect(detectRisk(line)).toBe(false);
    expect(lowered(line)).toContain('see-you-later');
  });

  it('reads "won\'t be around to reply" with a trip as away from the chat', () => {
    const line = 'i won\'t be around to reply this week, flying to nairobi for my sister\'s wedding';
    expect(detectRisk(line)).toBe(false);
  });

  it.each([
    'giving away my stuff before i move to a better place',
    'take care of my mum for me while i am in a better place',
    'last day at the office. thank you for everything, i will not be around after this',
    'flying to see mum one last time, i won\'t be coming back after that',
    'writing letters to everyone for christmas, i won\'t be here for it',
    'last shift ever, they are closing anyway and i won\'t need a job where i am going',
    'saying bye to everyone before the trip. i have the pills packed',
    'moving to my dad\'s but honestly i just want to die',
    'giving my things away before graduation, nobody will need to sort them without me',
    // Shapes a review wrote to get past the rule: the reason is a cover, or the writer goes with it.
    'the cafe is shutting down on friday and honestly so am i. wrote goodbye letters for everyone',
    'bye all before my holiday. it is not really a holiday. i can not do this anymore',
    'new school, new city, same emptiness. been saving up my meds. this is goodbye',
    'moving out saturday but not to a new place. wrote notes for my brothers, it is easier this way',
    'got a new account after the hack but this will be my last post anyway. thanks for trying with me',
  ])('keeps its help when something outlasts the reason: %s', (line) => {
    expect(detectRisk(line)).toBe(true);
  });

  it('does not read a holiday word alone as a reason ("the best vacation")', () => {
    expect(detectRisk('not waking up sounds like the best vacation honestly')).toBe(true);
  });
});

describe('someone else\'s dying hyperbole, waved off', () => {
  it.each([
    'my cousin said he will literally die if he does not get the new jersey, so dramatic',
    'my sister says she would rather die than sit next to him at dinner lol',
  ])('is not a crisis: %s', (line) => {
    expect(detectRisk(line)).toBe(false);
    expect(lowered(line)).toContain('hyperbole');
  });

  it.each([
    'my sister says she would rather die than go back to him, she has been saving her pills lol i do not know what to do',
    'my friend said she will die if he leaves, she has been cutting again',
    'my brother keeps saying he would rather be dead than go back to school',
    // The writer waves it off, then says what worries them.
    'my cousin said she would rather die than go home lol, everyone laughed but now she is not answering her phone',
    'my mate says he would rather die than go to his cousin\'s wedding, so dramatic. he showed me the note he wrote',
  ])('keeps its help with an act or a means, or when nobody waves it off: %s', (line) => {
    expect(detectRisk(line)).toBe(true);
  });
});

describe('an everyday occasion in a frame\'s words', () => {
  it.each([
    'wrote a letter to my future self for the class time capsule',
    'we picked the date!! the 3rd of may for our wedding',
    'covering my arms at the barbecue because of the sunburn',
  ])('is not a crisis: %s', (line) => {
    expect(detectRisk(line)).toBe(false);
    expect(lowered(line)).toContain('everyday');
  });

  it.each([
    'picked the date. the day after her wedding, so i do not ruin it for her',
    'wrote a letter to my younger self and one to my mum. i will not be around much longer',
    'hiding my arms again, told everyone it is a rash but it is cuts',
  ])('keeps its help when the occasion is a cover or a timing: %s', (line) => {
    expect(detectRisk(line)).toBe(true);
    expect(lowered(line)).not.toContain('everyday');
  });
});

describe('a goodbye that promises a meeting after death, not a return', () => {
  it.each([
    'goodbye everyone, see you on the other side',
    'bye guys, see ya on the other side',
    'goodbye everyone. see you in heaven',
    'goodbye all, see you in a better place',
  ])('keeps its help: %s', (line) => {
    expect(detectRisk(line)).toBe(true);
    expect(lowered(line)).not.toContain('see-you-later');
  });

  it.each([
    'goodbye everyone, see you tomorrow',
    'bye all, see you on the other side of exams on monday',
    'moving to australia on friday, bye everyone, see you on the other side',
    'bye all, see you in hell lol',
  ])('a return, a move or a joke is not a goodbye\'s finality: %s', (line) => {
    expect(detectRisk(line)).toBe(false);
  });
});
