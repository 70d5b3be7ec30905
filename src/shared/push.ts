/**
 * Notifications (docs/decisions/notifications.md): what the push routes take and answer, and what
 * a push carries to the service worker. A push holds no words anyone wrote and no names unless the
 * person turned "Show names in notifications" on (push-payload.ts holds what a push carries and
 * the words it shows, without zod, for the service worker).
 */
import { z } from './zod';
import { idString } from './schemas';

/** The browser's PushSubscription.toJSON(), as POST /api/push/subscriptions takes it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().trim().max(2048, 'endpoint is too long').pipe(z.url({ error: 'endpoint must be a URL' })),
  // Base64url: a P-256 public key (65 bytes) and a 16-byte secret.
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'keys.p256dh must be a P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'keys.auth must be the subscription secret'),
  }, { error: 'keys must hold p256dh and auth' }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions */
export const pushEndpointSchema = z.object({ endpoint: z.string().trim().min(1, 'endpoint is required').max(2048) });

/** What can notify; each can be turned off. Group messages are off unless turned on per group. */
export const PUSH_KINDS = ['messages', 'groups', 'aura', 'account', 'crisis'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

const minuteOfDay = z.number().int().min(0).max(1439);

/** Quiet hours, in the person's own time zone: from `start` to `end` (minutes after midnight; may wrap past midnight). */
export const quietHoursSchema = z.object({
  start: minuteOfDay,
  end: minuteOfDay,
  timeZone: z.string().min(1).max(64).refine((tz) => {
    try {
      return Boolean(new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone);
    } catch {
      return false;
    }
  }, 'timeZone must be a time zone such as Europe/Berlin'),
}).refine((q) => q.start !== q.end, { message: 'Quiet hours must start and end at different times', path: ['end'] });

export const pushSettingsSchema = z.object({
  kinds: z.object(Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean()])) as Record<PushKind, z.ZodBoolean>),
  /** Groups whose messages notify. */
  groups: z.array(idString).max(200),
  showNames: z.boolean(),
  quietHours: quietHoursSchema.nullable(),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

export const DEFAULT_PUSH_SETTINGS: PushSettings = {
  kinds: { messages: true, groups: true, aura: true, account: true, crisis: true },
  groups: [],
  showNames: false,
  quietHours: null,
};

export const pushKeySchema = z.object({ publicKey: z.string() });

/** GET /api/push/email: whether the server sends e-mail notices (decisions, reset codes, new sign-ins). */
export const emailNoticesSchema = z.object({ enabled: z.boolean() });
export type EmailNotices = z.infer<typeof emailNoticesSchema>;
