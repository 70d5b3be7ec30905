/** In-process events between parts of the server (realtime listens: a deleted user's sockets close). */
import { EventEmitter } from 'node:events';

export interface ServerEvents {
  userDeleted: [userId: string];
  /** A session ended (logout, or replaced at login): its sockets close. Carries the cookie token. */
  sessionEnded: [token: string];
}

export class AppEvents extends EventEmitter<ServerEvents> {}

declare module 'fastify' {
  interface FastifyInstance {
    events: AppEvents;
  }
}
