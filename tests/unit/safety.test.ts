/**
 * The first detector's table of phrasings, kept as a regression check on the shared detector, and
 * Aura's pure helpers: crisis message, history budget, titles, the companion.
 */
import { describe, expect, it } from 'vitest';
import { deriveTitle, withinBudget } from '../../src/server/ai/aura';
import { companionReply } from '../../src/server/ai/companion';
import type { ChatTurn } from '../../src/server/ai/provider';
import { crisisMessage, DEFAULT_CRISIS_RESOURCES } from '../../src/server/ai/safety';
import { detectCrisis, detectRisk } from '../../src/shared/safety';

/** [phrase, shows risk]. Rows that fail are detector gaps to fix, not expectations to relax. */
const RISK: [string, boolean][] = [
  // Direct statements.
  ['I want to kill myself', true],
  ["I'm going to kill myself", true],
  ['I keep thinking about killing myself', true],
  ['I have a plan to kill myself', true],
  ['I want to end my life', true],
  ["I'm thinking of ending my life", true],
  ["I'm going to take my own life", true],
  ['I feel suicidal', true],
  ['i am thinking about suicide', true],
  ['I just want to die', true],
  ['i wanna die', true],
  ["I'm ready to die", true],
  ['I wish I was dead', true],
  ["I'd rather be dead", true],
  ["I'm going to hang myself", true],
  ['I want to hurt myself', true],
  ["I'm planning to end it all tonight", true],
  // Indirect: wishing not to exist, burden, goodbyes.
  ['everyone would be better off without me', true],
  ['my family would be better off if I was gone', true],
  ["I don't want to wake up tomorrow", true],
  ["I don't want to be alive anymore", true],
  ['I want to sleep and never wake up', true],
  ['I want to go to sleep forever', true],
  ["there's no reason to live", true],
  ['there is no point in living', true],
  ["life isn't worth living", true],
  ["I'm tired of living", true],
  ["I'm done with life", true],
  ['I want it all to end', true],
  ['I want to stop existing', true],
  ['nobody would miss me if I was gone', true],
  ['no one would care if i died', true],
  ['I want to disappear forever', true],
  ['this is my final goodbye', true],
  ['writing my goodbye letter', true],
  ["I'm writing a suicide note", true],
  // Self-harm and means.
  ['I have been cutting again', true],
  ['I started cutting myself', true],
  ["I've been self-harming", true],
  ['I cut my wrists last night', true],
  ['how many pills would it take', true],
  ['how many sleeping pills does it take to die', true],
  ['what is a lethal dose of paracetamol', true],
  ['I took all my pills', true],
  ["I'm going to overdose", true],
  ["I'm going to jump off the bridge", true],
  // Slang.
  ['kms', true],
  ['honestly might just kms lol', true],
  ['I want to unalive myself', true],
  ['thinking about unaliving myself', true],
  // Case and curly apostrophes.
  ['I WANT TO DIE', true],
  ['KMS', true],
  ['I Want To Kill Myself', true],
  ['I don’t want to live anymore', true],
  ['I don’t want to wake up tomorrow', true],
  ['I’VE BEEN CUTTING AGAIN', true],
  // Risk next to an idiom still fires, in the same sentence or the next one.
  ['This homework is killing me. I want to kill myself.', true],
  ['work is killing me and I want to kill myself', true],
  ['fine.\nI want to die', true],
  // Figures of speech and ordinary life: must not fire.
  ['this homework is killing me', false],
  ['I could kill for a coffee', false],
  ["I'm dying to see the new film", false],
  ['my phone battery died', false],
  ['I killed it at the presentation', false],
  ['the suspense is killing me', false],
  ['she cut her hair', false],
  ['I cut my hair', false],
  ['I cut myself a slice of cake', false],
  ['this traffic is killing me', false],
  ['THIS HEAT IS KILLING ME', false],
  ["I'm dying to know", false],
  ['I nearly died laughing', false],
  ["I'm dead tired", false],
  ['we killed time at the mall', false],
  ['my mom is going to kill me', false],
  ['I took my pills this morning', false],
  ["I'm ending my subscription", false],
  ['I want to end it with my boyfriend', false],
  ['the plant died', false],
  ["I'm so stressed about exams", false],
];

/**
 * Pain without a self-harm or death element is the distress tier: no help card by itself (the
 * "Get help now" control is always in the header), unlike the first detector, which fired on these.
 */
const DISTRESS = ["I can't go on", "I can't do this anymore", 'I can’t take it anymore'];

describe('detectRisk', () => {
  it.each(DISTRESS)('%j is distress, not crisis', (phrase) => {
    expect(detectCrisis(phrase).tier).toBe('distress');
  });

  it('has a table of at least 40 phrasings, with negatives', () => {
    expect(RISK.length).toBeGreaterThanOrEqual(40);
    expect(RISK.filter(([, risk]) => !risk).length).toBeGreaterThanOrEqual(10);
  });

  it.each(RISK)('%j → %s', (phrase, risk) => {
    expect(detectRisk(phrase)).toBe(risk);
  });

  it('does not fire on an empty message', () => {
    expect(detectRisk('')).toBe(false);
    expect(detectRisk('   ')).toBe(false);
  });
});

describe('crisisMessage', () => {
  it('lists every resource with its name, region and contact', () => {
    const text = crisisMessage(DEFAULT_CRISIS_RESOURCES);
    for (const r of DEFAULT_CRISIS_RESOURCES) {
      expect(text).toContain(r.name);
      expect(text).toContain(r.region);
      expect(text).toContain(r.contact);
    }
    expect(text).toMatch(/findahelpline\.com/);
    expect(text).toMatch(/emergency/i);
  });

  it('says Aura is an AI and not a crisis service, and never poses as one', () => {
    const text = crisisMessage(DEFAULT_CRISIS_RESOURCES);
    expect(text).toMatch(/\bAI\b/);
    expect(text).toMatch(/not a crisis service/i);
  });

  it('uses exactly the resources it is given', () => {
    const text = crisisMessage([{ name: 'Only Line', contact: 'Call 123', region: 'Somewhere' }]);
    expect(text).toContain('- **Only Line** (Somewhere): Call 123');
    expect(text).not.toContain('Samaritans');
  });
});

describe('withinBudget', () => {
  const turn = (role: ChatTurn['role'], text: string, image?: ChatTurn['image']): ChatTurn => ({ role, text, ...(image ? { image } : {}) });
  const img = { mime: 'image/png', base64: 'AAAA' };

  it('keeps the whole history when it fits', () => {
    const turns = [turn('user', 'a'.repeat(10)), turn('model', 'b'.repeat(10)), turn('user', 'c'.repeat(10))];
    expect(withinBudget(turns, 100)).toEqual(turns);
  });

  it('drops the oldest turns first and never opens with a model turn', () => {
    const turns = [turn('user', 'a'.repeat(50)), turn('model', 'b'.repeat(50)), turn('user', 'c'.repeat(50)), turn('model', 'd'.repeat(50)),
      turn('user', 'e'.repeat(50))];
    expect(withinBudget(turns, 160).map((t) => t.text[0])).toEqual(['c', 'd', 'e']);
    expect(withinBudget(turns, 110).map((t) => t.text[0])).toEqual(['e']);
  });

  it('always keeps the newest turn, even over the budget', () => {
    const turns = [turn('user', 'short'), turn('model', 'ok'), turn('user', 'x'.repeat(500), img)];
    expect(withinBudget(turns, 10)).toEqual([turn('user', 'x'.repeat(500), img)]);
  });

  it('sends only the newest image', () => {
    const turns = [turn('user', 'first', img), turn('model', 'nice'), turn('user', 'second', img)];
    const kept = withinBudget(turns, 1000);
    expect(kept.map((t) => Boolean(t.image))).toEqual([false, false, true]);
  });
});

describe('deriveTitle', () => {
  it('takes the first six words, capitalised', () => {
    expect(deriveTitle('feeling a bit lost about my exams lately')).toBe('Feeling a bit lost about my');
    expect(deriveTitle('  hello   there ')).toBe('Hello there');
  });

  it('drops markdown marks and line breaks', () => {
    expect(deriveTitle('## hello *world*\nthis is `fine`')).toBe('Hello world this is fine');
  });

  it('shortens a long title to at most 40 characters with an ellipsis', () => {
    const title = deriveTitle('Supercalifragilisticexpialidocious extraordinarily incomprehensibilities');
    expect(title.length).toBeLessThanOrEqual(40);
    expect(title.endsWith('…')).toBe(true);
    expect(title.startsWith('Supercalifragilisticexpialidocious')).toBe(true);
  });

  it('is empty for an empty or blank message (an image-only chat stays untitled)', () => {
    expect(deriveTitle('')).toBe('');
    expect(deriveTitle(' \n ')).toBe('');
  });
});

describe('companionReply', () => {
  const CLAIMS_HUMAN = /\bI(?:'m| am) (?:a )?(?:human|real person|person|therapist|doctor)\b/i;

  it('says it is an AI, not a person or a therapist, when asked', () => {
    for (const q of ['are you human?', 'Are you a real person?', 'are you a therapist?', 'who are you']) {
      const reply = companionReply(q, 1);
      expect(reply).toMatch(/\bAI\b/);
      expect(reply).toMatch(/not a person/);
      expect(reply).toMatch(/not a therapist/);
    }
  });

  it('varies from one turn to the next on the same message', () => {
    const replies = [1, 2, 3, 4].map((t) => companionReply('I feel anxious', t));
    expect(new Set(replies).size).toBe(4);
  });

  it('offers something to try on some turns and only listens on others', () => {
    const offers = /breath|grounding|feet flat|diary|someone you trust/i;
    const replies = [1, 2, 3, 4, 5, 6].map((t) => companionReply('I have been so sad lately', t));
    expect(replies.filter((r) => offers.test(r)).length).toBeGreaterThan(0);
    expect(replies.filter((r) => !offers.test(r)).length).toBeGreaterThan(0);
  });

  it('asks an open question and never claims to be human or a therapist', () => {
    const messages = ['I feel anxious', 'my boss shouts at me', 'I cannot sleep', 'hello', 'I feel better today', 'the weather is odd', 'I feel lonely'];
    for (const m of messages) {
      for (const t of [1, 2, 3]) {
        const reply = companionReply(m, t);
        expect(reply).toMatch(/\?/);
        expect(reply).not.toMatch(CLAIMS_HUMAN);
      }
    }
  });

  it('answers an image-only message about the picture', () => {
    expect(companionReply('', 1, true)).toMatch(/picture/);
  });

  it('stays present, without coaching, when the message shows risk', () => {
    const reply = companionReply('I want to kill myself', 2);
    expect(reply).not.toMatch(/breath|grounding|diary/i);
    expect(reply).toMatch(/\?/);
  });
});
