/** The zod schemas of the crisis-alert routes (the shapes are in crisis-alerts.ts). */
import { z } from './zod';
import type { CrisisAlert, CrisisAlertList, CrisisAlertSetting } from './crisis-alerts';

export const crisisAlertSettingSchema = z.object({
  enabled: z.boolean({ error: 'Please choose on or off' }),
}) satisfies z.ZodType<CrisisAlertSetting>;

const crisisAlert = z.object({
  _id: z.string(),
  client: z.object({ _id: z.string(), fullName: z.string() }),
  createdAt: z.string(),
  seen: z.boolean(),
}) satisfies z.ZodType<CrisisAlert>;

export const crisisAlertList = z.object({ alerts: z.array(crisisAlert) }) satisfies z.ZodType<CrisisAlertList>;
