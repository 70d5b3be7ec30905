/**
 * A second opinion on risk from the configured model (Gemini or an OpenAI-compatible server). It can
 * only raise the local detector's tier (aura.ts), so a model that misreads, refuses, answers late or
 * not at all changes nothing: the local detector alone decides then.
 */
import type { Tier } from '../../shared/safety';
import { withTimeLimit, type AiProvider } from './provider';

export const RISK_PROMPT = [
  'You are a safety reviewer for a peer-support app. Read the person\'s latest message (and the few lines they sent just before it).',
  'Answer with exactly one word:',
  'IMMINENT if they say they are attempting suicide or self-harm now or have just done so, or have the means and intend to use them within hours;',
  'CRISIS if they express suicidal thoughts, wishes to be dead, self-harm, a plan, preparation, goodbyes, or that someone else is at such risk;',
  'NONE otherwise (jokes, idioms, games, fiction, study, grief, ordinary sadness, recovery long past, support for others).',
].join(' ');

/** The tier the model names, or null when its answer is not one of the three words. */
export function parseRisk(answer: string | null): Tier | null {
  const word = answer?.trim().toUpperCase().match(/^[A-Z]+/)?.[0];
  if (word === 'IMMINENT') return 'imminent';
  if (word === 'CRISIS') return 'crisis';
  if (word === 'NONE') return 'none';
  return null;
}

export async function askRisk(provider: AiProvider, lines: readonly string[], timeoutMs: number, log: (m: string) => void, stop?: AbortSignal): Promise<Tier | null> {
  try {
    const text = lines.length > 1
      ? `Earlier lines:\n${lines.slice(0, -1).map((l) => `> ${l}`).join('\n')}\n\nLatest message:\n> ${lines.at(-1)}`
      : `Latest message:\n> ${lines[0]}`;
    return parseRisk(await withTimeLimit(timeoutMs, stop, (signal) => provider.generate({ system: RISK_PROMPT, turns: [{ role: 'user', text }], signal })));
  } catch (error) {
    log(`Aura's risk check by ${provider.name} failed: ${(error as Error).message}`);
    return null;
  }
}
