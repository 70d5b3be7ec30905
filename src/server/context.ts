/** What every route plugin is given: built once per app, so tests build their own. */
import type { Config } from './config';
import type { Database } from './db/client';
import type { LoginThrottle } from './auth/login-throttle';
import type { ImageStore } from './uploads/store';
import type { UploadKeys } from './uploads/signing';
import type { Limiters } from './limits/limiters';
import type { PersonLimits } from './limits/person-limits';
import type { Realtime } from './realtime/realtime';
import type { Mailer } from './mail/mailer';
import type { Push } from './push/push';

export interface AppContext {
  config: Config;
  database: Database;
  store: ImageStore;
  uploadKeys: UploadKeys;
  /** Makes the rate limits, whose counts every instance shares (limits/limiters.ts). */
  limiters: Limiters;
  loginThrottle: LoginThrottle;
  realtime: Realtime;
  /** Per-person budgets (messages, Aura calls, upload signatures): one set per app. */
  personLimits: PersonLimits;
  /** Web Push: the public key and who is notified of what. */
  push: Push;
  /** E-mail through SMTP_URL; `enabled` is false without it. */
  mailer: Mailer;
}
