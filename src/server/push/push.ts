/** Web Push for one app (docs/decisions/notifications.md): the key, the queue and who is told what. */
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import { Notifier } from './notifier';
import { PushQueue } from './queue';
import { loadOrCreateVapid } from './vapid';

export interface Push {
  publicKey: string;
  notifier: Notifier;
  queue: PushQueue;
  stop: () => Promise<void>;
}

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export async function createPush(database: Database, config: Config, log: Log, retryMinMs?: number): Promise<Push> {
  const vapid = await database.once((db) => loadOrCreateVapid(db, config));
  const { db } = database;
  const queue = new PushQueue(vapid, {
    gone: async (endpoint) => {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },
    log,
  }, retryMinMs);
  const notifier = new Notifier(db, queue, log, config.SESSION_IDLE_DAYS);
  return {
    publicKey: vapid.publicKey, notifier, queue,
    stop: async () => {
      notifier.stop();
      // What was decided before the stop (an Aura answer finished in its grace) still goes out.
      await notifier.decided();
      await queue.stop();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    push: Push;
  }
}
