/**
 * Per-person budgets for what costs the server (and other people) most: messages, Aura questions
 * (each one is a model call) and upload signatures. Sized so that a real person never meets them,
 * a phone replaying a long offline backlog included (the sync v2 goal is a 1,000-message backlog),
 * while a script flooding from one account is stopped with 429 and Retry-After. Counted per
 * account, not per address, so people behind one clinic or campus address do not share a budget.
 * Shared by every instance (limiters.ts).
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimited, secondsLeft, type Limiters } from './limiters';

const TEN_MINUTES = 10 * 60;

/** What one person may do in ten minutes. */
export const PERSON_BUDGETS = {
  /** A 1,000-message backlog plus a busy evening of chat, three times over. */
  messages: 3_000,
  /** Aura answers one question at a time, in seconds; 120 is one every five seconds, for ten minutes. */
  auraQuestions: 120,
  /** One per image sent; nobody shares a hundred images in ten minutes. */
  uploadSignatures: 100,
} as const;

export type BudgetName = keyof typeof PERSON_BUDGETS;

const WHAT: Record<BudgetName, string> = {
  messages: 'messages',
  auraQuestions: 'messages to Aura',
  uploadSignatures: 'images',
};

export class PersonLimits {
  private readonly limiters: Record<BudgetName, RateLimiterAbstract>;

  constructor(limiters: Limiters) {
    this.limiters = Object.fromEntries(
      Object.entries(PERSON_BUDGETS).map(([name, points]) => [name, limiters.make({ name: `person-${name}`, points, seconds: TEN_MINUTES })]),
    ) as Record<BudgetName, RateLimiterAbstract>;
  }

  /** Spends `cost` from the person's budget, or throws RATE_LIMITED (429 with Retry-After). */
  async spend(name: BudgetName, userId: string, cost = 1): Promise<void> {
    try {
      await this.limiters[name].consume(userId, cost);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw rateLimited(secondsLeft(error), (wait) => `You are sending ${WHAT[name]} faster than Haven can take them. Please try again in ${wait}.`);
    }
  }
}
