/**
 * Which questionnaires there are and what each is called: all the route needs to check an
 * address and title the screen, kept apart from the items (questionnaires.ts) so those load
 * with the screen, not with the app's start-up script.
 */
export type QuestionnaireKind = 'phq9' | 'gad7' | 'who5';

export const QUESTIONNAIRE_NAMES: Record<QuestionnaireKind, string> = { phq9: 'PHQ-9', gad7: 'GAD-7', who5: 'WHO-5' };

export const isQuestionnaireKind = (v: unknown): v is QuestionnaireKind => typeof v === 'string' && Object.hasOwn(QUESTIONNAIRE_NAMES, v);
