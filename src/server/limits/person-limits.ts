/**
 * Per-person budgets for what costs the server (and other people) most: messages, Aura questions
 * (each one is a model call), upload signatures and reports (a moderator reads each). Sized so
 * that a real person never meets them, a phone replaying a long offline backlog included (the sync
 * v2 goal is a 1,000-message backlog), while a script flooding from one account is stopped with
 * 429 and Retry-After. Counted per account, not per address, so people behind one clinic or campus
 * address do not share a budget. Shared by every instance (limiters.ts).
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimited, secondsLeft, type Limiters } from './limiters';

const TEN_MINUTES = 10 * 60;
const ONE_HOUR = 60 * 60;

/** What one person may do in their budget's window (BUDGET_WINDOWS: ten minutes unless said). */
export const PERSON_BUDGETS = {
  /** A 1,000-message backlog plus a busy evening of chat, three times over. */
  messages: 3_000,
  /** Aura answers one question at a time, in seconds; 120 is one every five seconds, for ten minutes. */
  auraQuestions: 120,
  /** One per image sent; nobody shares a hundred images in ten minutes. */
  uploadSignatures: 100,
  /**
   * Reports, per hour: each one is a moderator's time. Someone reporting a whole bad evening's
   * messages one by one stays well under; a script filling the queue does not.
   */
  reports: 20,
} as const;

export type BudgetName = keyof typeof PERSON_BUDGETS;

/** Seconds each budget lasts. */
export const BUDGET_WINDOWS: Record<BudgetName, number> = {
  messages: TEN_MINUTES,
  auraQuestions: TEN_MINUTES,
  uploadSignatures: TEN_MINUTES,
  reports: ONE_HOUR,
};

const WHAT: Record<BudgetName, string> = {
  messages: 'messages',
  auraQuestions: 'messages to Aura',
  uploadSignatures: 'images',
  reports: 'reports',
};

export class PersonLimits {
  private readonly limiters: Record<BudgetName, RateLimiterAbstract>;

  constructor(limiters: Limiters) {
    this.limiters = Object.fromEntries(
      Object.entries(PERSON_BUDGETS).map(([name, points]) => [name, limiters.make({ name: `person-${name}`, points, seconds: BUDGET_WINDOWS[name as BudgetName] })]),
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
