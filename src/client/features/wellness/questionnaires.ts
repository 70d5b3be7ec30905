/**
 * PHQ-9, GAD-7 and WHO-5 as published (docs/decisions/wellness.md): the items word for word, the
 * answer scales, the scoring and the published bands. They are screens, not diagnoses; each says
 * where it comes from. All three are free to use without permission.
 */

import { QUESTIONNAIRE_NAMES, type QuestionnaireKind } from './questionnaire-names';

export type { QuestionnaireKind } from './questionnaire-names';

export interface Band {
  /** The lowest score in the band. */
  from: number;
  label: string;
  /** Scores here offer help and the person's professional. */
  severe?: boolean;
}

export interface Questionnaire {
  kind: QuestionnaireKind;
  name: string;
  /** What it screens for, in plain words. */
  about: string;
  stem: string;
  items: readonly string[];
  /** Answer words and their points, in the order shown. */
  options: readonly { label: string; points: number }[];
  /** The score shown: the points added up, times `multiplier` (WHO-5 reports a percentage). */
  multiplier: number;
  max: number;
  /** From the lowest score up. */
  bands: readonly Band[];
  /** For WHO-5 a higher score is better. */
  higherIsBetter: boolean;
  source: string;
}

const FREQUENCY = [
  { label: 'Not at all', points: 0 },
  { label: 'Several days', points: 1 },
  { label: 'More than half the days', points: 2 },
  { label: 'Nearly every day', points: 3 },
] as const;

export const PHQ9: Questionnaire = {
  kind: 'phq9', name: QUESTIONNAIRE_NAMES.phq9, about: 'Low mood and depression',
  stem: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
  items: [
    'Little interest or pleasure in doing things',
    'Feeling down, depressed, or hopeless',
    'Trouble falling or staying asleep, or sleeping too much',
    'Feeling tired or having little energy',
    'Poor appetite or overeating',
    'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
    'Trouble concentrating on things, such as reading the newspaper or watching television',
    'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
    'Thoughts that you would be better off dead or of hurting yourself in some way',
  ],
  options: FREQUENCY, multiplier: 1, max: 27, higherIsBetter: false,
  bands: [
    { from: 0, label: 'Minimal' }, { from: 5, label: 'Mild' }, { from: 10, label: 'Moderate' },
    { from: 15, label: 'Moderately severe' }, { from: 20, label: 'Severe', severe: true },
  ],
  source: 'Patient Health Questionnaire (PHQ-9), Kroenke, Spitzer and Williams, 2001; developed with a grant from Pfizer Inc., no permission required to reproduce.',
};

export const GAD7: Questionnaire = {
  kind: 'gad7', name: QUESTIONNAIRE_NAMES.gad7, about: 'Anxiety',
  stem: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
  items: [
    'Feeling nervous, anxious, or on edge',
    'Not being able to stop or control worrying',
    'Worrying too much about different things',
    'Trouble relaxing',
    'Being so restless that it is hard to sit still',
    'Becoming easily annoyed or irritable',
    'Feeling afraid, as if something awful might happen',
  ],
  options: FREQUENCY, multiplier: 1, max: 21, higherIsBetter: false,
  bands: [{ from: 0, label: 'Minimal' }, { from: 5, label: 'Mild' }, { from: 10, label: 'Moderate' }, { from: 15, label: 'Severe', severe: true }],
  source: 'Generalized Anxiety Disorder scale (GAD-7), Spitzer, Kroenke, Williams and Löwe, 2006; developed with a grant from Pfizer Inc., no permission required to reproduce.',
};

export const WHO5: Questionnaire = {
  kind: 'who5', name: QUESTIONNAIRE_NAMES.who5, about: 'Wellbeing',
  stem: 'Over the last two weeks:',
  items: [
    'I have felt cheerful and in good spirits',
    'I have felt calm and relaxed',
    'I have felt active and vigorous',
    'I woke up feeling fresh and rested',
    'My daily life has been filled with things that interest me',
  ],
  options: [
    { label: 'All of the time', points: 5 }, { label: 'Most of the time', points: 4 }, { label: 'More than half of the time', points: 3 },
    { label: 'Less than half of the time', points: 2 }, { label: 'Some of the time', points: 1 }, { label: 'At no time', points: 0 },
  ],
  multiplier: 4, max: 100, higherIsBetter: true,
  // The published cut-offs: 50 or less suggests poor wellbeing, 28 or less likely depression.
  bands: [{ from: 0, label: 'Very low wellbeing', severe: true }, { from: 29, label: 'Low wellbeing' }, { from: 51, label: 'Good wellbeing' }],
  source: 'WHO-5 Well-Being Index, World Health Organization Regional Office for Europe, 1998 (Psychiatric Research Unit, Mental Health Centre North Zealand); free to use.',
};

export const QUESTIONNAIRES: Record<QuestionnaireKind, Questionnaire> = { phq9: PHQ9, gad7: GAD7, who5: WHO5 };

export const SCREEN_NOT_DIAGNOSIS = 'This is a screen, not a diagnosis. Only a professional who knows you can tell what it means for you.';

/** The index of PHQ-9's ninth item: any answer above "Not at all" opens help at once. */
export const PHQ9_HARM_ITEM = 8;

/** Whether an answer (points) to one item asks for help this moment, whatever the total. */
export const asksForHelpNow = (kind: QuestionnaireKind, item: number, points: number | undefined) =>
  kind === 'phq9' && item === PHQ9_HARM_ITEM && points !== undefined && points > 0;

export class IncompleteError extends Error {}

/** The score as published; every item must be answered with one of the scale's points. */
export function score(q: Questionnaire, answers: readonly (number | undefined)[]): number {
  const allowed = new Set(q.options.map((o) => o.points));
  if (answers.length !== q.items.length || answers.some((a) => a === undefined || !allowed.has(a))) {
    throw new IncompleteError('Please answer every question.');
  }
  return (answers as number[]).reduce((a, b) => a + b, 0) * q.multiplier;
}

export function band(q: Questionnaire, value: number): Band {
  return [...q.bands].reverse().find((b) => value >= b.from)!;
}
