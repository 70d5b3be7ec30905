/**
 * Crisis detection for Haven: pure TypeScript, no DOM and no Node APIs, so the same code runs on the
 * server and (lazily loaded) in the browser. detectCrisis gives the tier, category, whose risk it is,
 * a score and the words that triggered it; detectRisk is the drop-in boolean.
 */
export {
  detectCrisis, detectRisk, analyseMessage, isCrisisTier, higherTier, type CrisisDecision, type Tier, type Analysis,
} from './detect';
export { normalise, tokenise } from './normalise';
export { lemmatise } from './lemma';
export type { Category, Hit } from './frames';
export { helpFor, helpOf, helpForAnswer, withAuthorHelp, WARM_UP_STEPS, type AuthorHelp, type HelpSubject } from './help';
export { PREVIOUS_MESSAGES, PREVIOUS_WITHIN_MS, recentTexts } from './window';
