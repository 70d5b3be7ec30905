/**
 * The crisis detector in src/shared/safety: normalisation, lemmas, one block of hand-written
 * phrasings per clinical category (none copied from the data files), the context rules that lower a
 * score, third-party subjects, triggers, and recall/precision on the TRAIN split. The held-out split
 * is reported by scripts/eval-crisis.ts, never asserted here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyseMessage, detectCrisis, detectRisk, lemmatise, normalise } from '../../src/shared/safety';

describe('normalise', () => {
  it('decodes leetspeak only into words it knows', () => {
    expect(normalise('gonna k1ll mys3lf')).toBe('going to kill myself');
    expect(normalise('i w@nt to d!e')).toBe('i want to die');
    expect(normalise('got a ps5 and 4g of data')).toContain('ps5');
  });

  it('squeezes stretched letters', () => {
    expect(normalise('i want to dieeeee')).toBe('i want to die');
    expect(normalise('killll me nowwww')).toBe('kill me now');
    expect(normalise('sooooo tired')).toBe('so tired');
  });

  it('expands contractions, with and without the apostrophe', () => {
    expect(normalise("I can't and I won't")).toBe('i can not and i will not');
    expect(normalise('im done, idk anymore')).toBe('i am done i do not know anymore');
    expect(normalise('I’d rather not')).toBe('i would rather not');
    expect(normalise('dont wanna')).toBe('do not want to');
  });

  it('maps slang and algospeak to plain words', () => {
    expect(normalise('honestly might kms')).toBe('honestly might kill myself');
    expect(normalise('want to unalive myself')).toBe('want to kill myself');
    expect(normalise('sewer slide thoughts')).toBe('suicide thoughts');
    expect(normalise("OD'd once")).toBe('overdosed once');
  });

  it('maps emoji to words and strips the rest', () => {
    expect(normalise('🪦💊')).toBe('grave pills');
    expect(normalise('lol 💀')).toBe('lol skull');
    expect(normalise('🔪 tonight ✨')).toBe('knife tonight');
    expect(normalise('rope 🪢')).toBe('rope rope');
  });

  it('folds Unicode: accents, curly quotes, full-width letters', () => {
    expect(normalise('Suïcidé')).toBe('suicide');
    expect(normalise('ｋｉｌｌ ｍｙｓｅｌｆ')).toBe('kill myself');
  });

  it('repairs one-letter typos in the words that matter, and only those', () => {
    expect(normalise('killing myslef')).toBe('killing myself');
    expect(normalise('put it in the fridge')).toBe('put it in the fridge');
  });
});

describe('lemmatise', () => {
  it.each([
    ['overdosing', 'overdose'], ['overdosed', 'overdose'], ['oding', 'overdose'], ['hanged', 'hang'], ['hanging', 'hang'],
    ['hung', 'hang'], ['cutting', 'cut'], ['cuts', 'cut'], ['cutter', 'cut'], ['killing', 'kill'], ['killed', 'kill'],
    ['dying', 'die'], ['died', 'die'], ['jumped', 'jump'], ['pills', 'pill'], ['tablets', 'tablet'],
    ['stockpiling', 'stockpile'], ['hoarded', 'hoard'], ['swallowed', 'swallow'], ['hoping', 'hope'], ['planned', 'plan'],
  ])('%s → %s', (word, lemma) => {
    expect(lemmatise(word)).toBe(lemma);
  });
});

/** Hand-written, one block per category; written for this test, not taken from the data files. */
const CRISIS: Record<string, string[]> = {
  wish_dead: ['some days I just want to not be alive', 'I keep wishing I could fall asleep and never come back', 'honestly i wish i was never born'],
  active_ideation: ['I have been having thoughts of taking my own life', 'i keep getting urges to end it all', "I'm seriously considering suicide"],
  method: ['thinking about taking all of my insulin at once', 'I keep picturing stepping in front of a bus', 'i keep thinking about slitting my wrists'],
  intent: ["I'm done. I'm killing myself tonight.", "i've decided i'm not going to be alive by monday", "I'm going to go through with it this time"],
  plan: ['tonight when my parents are asleep I am taking the pills', 'picked the day I die, it is the 3rd', 'my plan is to be dead by the weekend'],
  preparation: ['I have been stockpiling my antidepressants for weeks', 'wrote a suicide note and put it in my desk', 'giving my things away since i will not need them where i am going'],
  past_attempt: ['I tried to end my life last year', 'i tried hanging myself once but the rope broke', 'they pumped my stomach after I swallowed the whole bottle'],
  nssi: ['i relapsed and cut my arms last night', 'I burn myself with cigarettes when it gets bad', 'the urge to cut is unbearable tonight'],
  goodbye: ['by the time you read this I will be gone', 'Goodbye forever, thank you for trying', 'please look after my cat when i am gone'],
  burden_entrapment: ['everyone would be better off without me', "there's no way out except killing myself", 'nobody would notice if i died'],
  lethality_question: ['how many paracetamol does it take to kill you', 'what is the most painless way to die', 'is a ten storey drop high enough to die'],
};

/** Means with a time that is now: the imminent tier (severity.ts), still a crisis. */
const IMMINENT_HERE = new Set(['tonight when my parents are asleep I am taking the pills']);

describe('detectCrisis: every category, hand-written phrasings', () => {
  for (const [category, lines] of Object.entries(CRISIS)) {
    it.each(lines)(`${category}: %s`, (line) => {
      const d = detectCrisis(line);
      expect(d.tier).toBe(IMMINENT_HERE.has(line) ? 'imminent' : 'crisis');
      expect(d.subject).toBe('self');
      expect(d.triggers.length).toBeGreaterThan(0);
      expect(d.score).toBeGreaterThan(0);
      expect(detectRisk(line)).toBe(true);
    });
  }

  it('handles styles: leetspeak, stretched letters, emoji, no apostrophes', () => {
    for (const line of ['i wanna d1e', 'KILL MYSELF TONIGHT', 'im so done w life rn 💀🪦', 'thinkin bout endin it all', 'dont wanna be alive anymoreee']) {
      expect(detectCrisis(line).tier, line).toBe('crisis');
    }
  });

  it('gives triggers that come from the message', () => {
    const d = detectCrisis('I have decided to kill myself on Friday');
    expect(d.triggers).toEqual(expect.arrayContaining(['kill', 'myself']));
    expect(d.category).not.toBeNull();
  });

  it('is none for an empty or ordinary message', () => {
    for (const line of ['', '   ', 'what should I cook tonight?', 'thanks everyone, see you at the meetup']) {
      expect(detectCrisis(line)).toMatchObject({ tier: 'none', triggers: [] });
    }
  });

  it("gives 'distress' for strong pain without a death or self-harm element", () => {
    expect(detectCrisis('everything is falling apart and I feel hopeless').tier).toBe('distress');
    expect(detectCrisis('I am so overwhelmed I can not breathe').tier).toBe('distress');
  });
});

describe('third party', () => {
  it.each([
    'my brother told me he wants to kill himself',
    'my girlfriend is talking about ending her life',
    'my friend texted me goodbye and said she took a bottle of pills',
    "I'm worried my son is self harming, there was blood on his sleeves",
  ])('%s → crisis about someone else', (line) => {
    const d = detectCrisis(line);
    // "she took a bottle of pills" is under way: imminent, and still a crisis about her.
    expect(d.tier).toBe(line.includes('took a bottle') ? 'imminent' : 'crisis');
    expect(d.subject).toBe('other');
    expect(d.category).toBe('third_party');
  });
});

describe('context rules only lower', () => {
  /** [message, the rule that should have lowered its frame]. None of these should raise a help card. */
  const LOWERED: [string, string][] = [
    ['I would never kill myself, I love my kids', 'negation'],
    ["I'm not going to hurt myself, I just needed to vent", 'negation'],
    ['on the news tonight they said a teenager tried to kill herself at school', 'topic'],
    ['in the novel the main character takes her own life', 'topic'],
    ['kms every time on that level, the boss is impossible in this game', 'gaming'],
    ['shot myself in the foot by agreeing to that deadline', 'idiom'],
    ['I used to cut myself but I have been clean for four years now', 'resolved-past'],
  ];
  it.each(LOWERED)('%s (%s)', (line, rule) => {
    const a = analyseMessage(line);
    const lowered = a.hits.filter((h) => h.lowered.includes(rule));
    expect(lowered.length).toBeGreaterThan(0);
    for (const h of a.hits) expect(h.weight).toBeLessThanOrEqual(h.base);
    expect(detectCrisis(line).tier).not.toBe('crisis');
  });

  it('leaves ordinary idioms and everyday violence words alone', () => {
    for (const line of ['my phone is dying, brb', 'I killed that presentation today!', 'this traffic is killing me',
      'I hung the painting in the hallway', 'cut my finger chopping onions', "I'm dying to see the new film",
      'what is the right dose of ibuprofen for a headache?', 'my grandad died last week, the funeral is on Monday',
      'a woman jumped from the bridge this morning and the traffic was stopped']) {
      expect(detectCrisis(line).tier, line).not.toBe('crisis');
    }
  });

  it('does not let a negation elsewhere cancel a real disclosure', () => {
    expect(detectCrisis("I'm fighting so hard not to kill myself right now").tier).toBe('crisis');
    expect(detectCrisis("I don't want to die but I don't want to live either").tier).toBe('crisis');
  });
});

describe('on the TRAIN split', () => {
  const dir = fileURLToPath(new URL('../safety/data/train/', import.meta.url));
  const rows = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).flatMap((f) =>
    readFileSync(`${dir}${f}`, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { text: string; label: string }));

  it('has recall ≥ 0.95 and precision ≥ 0.9 for the crisis tier', () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const r of rows) {
      const fire = detectRisk(r.text);
      if (fire && r.label === 'crisis') tp++;
      else if (fire) fp++;
      else if (r.label === 'crisis') fn++;
    }
    expect(tp / (tp + fn)).toBeGreaterThanOrEqual(0.95);
    expect(tp / (tp + fp)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('model weights', () => {
  it.each(['model-weights.json', 'imminent-weights.json'])('%s is committed and smaller than 1 MB', (file) => {
    const size = statSync(fileURLToPath(new URL(`../../src/shared/safety/${file}`, import.meta.url))).size;
    expect(size).toBeGreaterThan(1000);
    expect(size).toBeLessThan(1024 * 1024);
  });
});
