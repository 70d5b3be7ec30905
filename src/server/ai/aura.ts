/**
 * Aura's answer to a person: the provider's reply within a history budget and a timeout, a
 * canned reply when it fails, and crisis resources first whenever the person's message shows risk,
 * whatever the provider said (or did not say).
 */
import type { Config } from '../config';
import { CompanionProvider } from './companion';
import { cannedReply } from './fallback';
import { GeminiProvider } from './gemini';
import { OpenAiCompatibleProvider } from './openai';
import { SYSTEM_PROMPT, withTimeLimit, type AiProvider, type ChatTurn } from './provider';
import { detectCrisis, higherTier, isCrisisTier, type HelpSubject } from '../../shared/safety';
import { crisisMessage, DEFAULT_CRISIS_RESOURCES, type CrisisResource } from './safety';
import { askRisk } from './risk-opinion';

export interface AuraAnswer {
  text: string;
  crisis: boolean;
  /** The crisis is imminent: the emergency number comes first. */
  imminent: boolean;
  /** Whose risk, when `crisis`. */
  subject: HelpSubject;
  source: 'model' | 'fallback';
}

export function providerFromConfig(config: Config): AiProvider {
  if (config.GEMINI_API_KEY) return new GeminiProvider(config.GEMINI_API_KEY, config.GEMINI_MODEL, config.GEMINI_BASE_URL);
  if (config.OPENAI_BASE_URL) return new OpenAiCompatibleProvider(config.OPENAI_BASE_URL, config.OPENAI_MODEL, config.OPENAI_API_KEY);
  return new CompanionProvider();
}

/** The newest turns that fit the budget; only the newest image travels (images are large). */
export function withinBudget(turns: ChatTurn[], budgetChars: number): ChatTurn[] {
  const kept: ChatTurn[] = [];
  let used = 0;
  for (let i = turns.length - 1; i >= 0; i -= 1) {
    const turn = turns[i]!;
    if (kept.length > 0 && used + turn.text.length > budgetChars) break;
    used += turn.text.length;
    kept.unshift(i === turns.length - 1 ? turn : { role: turn.role, text: turn.text });
  }
  // Gemini wants the conversation to open with the person's turn.
  while (kept.length > 1 && kept[0]!.role !== 'user') kept.shift();
  return kept;
}

export function deriveTitle(text: string): string {
  const words = text.replace(/[#*_`>\n]+/g, ' ').trim().split(/\s+/).filter(Boolean).slice(0, 6).join(' ');
  const title = words.length > 40 ? `${words.slice(0, 39).trimEnd()}…` : words;
  return title ? title[0]!.toUpperCase() + title.slice(1) : '';
}

export class Aura {
  private readonly resources: CrisisResource[];

  constructor(readonly provider: AiProvider,
    private readonly config: Pick<Config, 'AI_TIMEOUT_SECONDS' | 'AI_HISTORY_CHARS' | 'CRISIS_RESOURCES'> & Partial<Pick<Config, 'AI_RISK_CHECK' | 'AI_RISK_TIMEOUT_SECONDS'>>,
    private readonly log: (message: string) => void = () => {}) {
    this.resources = config.CRISIS_RESOURCES ?? DEFAULT_CRISIS_RESOURCES;
  }

  private async ask(turns: ChatTurn[], system = SYSTEM_PROMPT, stop?: AbortSignal): Promise<string | null> {
    try {
      return await withTimeLimit(this.config.AI_TIMEOUT_SECONDS * 1000, stop, (signal) => this.provider.generate({
        system, turns: withinBudget(turns, this.config.AI_HISTORY_CHARS), signal,
      }));
    } catch (error) {
      this.log(`Aura provider ${this.provider.name} failed: ${(error as Error).message}`);
      return null;
    }
  }

  /** With a real model and the check on: its judgment of risk, asked beside the answer. */
  private get secondOpinion(): boolean {
    return this.provider.name !== 'built-in companion' && (this.config.AI_RISK_CHECK ?? 'on') === 'on';
  }

  /**
   * `history` ends with the person's newest message; `previous` holds their few messages just
   * before it (src/shared/safety/window.ts), so a plan told over several lines is judged whole.
   * `stop` cuts the model short (the server is stopping): the answer is then the canned one, as
   * after a timeout.
   */
  async answer(history: ChatTurn[], previous: readonly string[] = [], stop?: AbortSignal): Promise<AuraAnswer> {
    const latest = history.at(-1)?.text ?? '';
    const decision = detectCrisis(latest, previous);
    const [reply, opinion] = await Promise.all([
      this.ask(history, SYSTEM_PROMPT, stop),
      this.secondOpinion && latest.trim()
        ? askRisk(this.provider, [...previous, latest], (this.config.AI_RISK_TIMEOUT_SECONDS ?? 6) * 1000, this.log, stop)
        : Promise.resolve(null),
    ]);
    // The model may only raise the tier the local detector gave, never lower it.
    const tier = opinion ? higherTier(decision.tier, opinion) : decision.tier;
    const body = reply ?? cannedReply();
    const source = reply ? 'model' : 'fallback';
    if (!isCrisisTier(tier)) return { text: body, crisis: false, imminent: false, subject: 'self', source };
    // The resources come first and stay, whether the model answered, refused or failed.
    const imminent = tier === 'imminent';
    const resources = crisisMessage(this.resources, decision.subject, imminent);
    return { text: reply ? `${resources}\n\n---\n\n${reply}` : resources, crisis: true, imminent, subject: decision.subject, source };
  }

  /** A short title for a chat: the model's when it gives one, else the first words. */
  async title(prompt: string): Promise<string> {
    if (this.provider.name === 'built-in companion') return deriveTitle(prompt) || 'Chat with Aura';
    const asked = await this.ask([{ role: 'user', text: prompt.slice(0, 2000) }],
      'Write a short, gentle title (at most 6 words, no quotes, no punctuation at the end) for a conversation that begins with the message below. Answer with the title only.');
    const clean = asked?.replace(/^["'\s]+|["'.\s]+$/g, '').split('\n')[0]?.slice(0, 60);
    return clean || deriveTitle(prompt) || 'Chat with Aura';
  }
}
