/** In-process events between parts of the server (realtime listens: a deleted user's sockets close). */
import { EventEmitter } from 'node:events';

export interface ServerEvents {
  userDeleted: [userId: string];
  /**
   * A session ended (logout, replaced at login, signed out from another device, password changed):
   * its sockets close. Carries the session's id (the SHA-256 of its token, as stored), never the token.
   */
  sessionEnded: [sessionId: string];
  /**
   * A person's standing changed (verified, rejected, back to pending, suspended): their sockets close
   * and reconnect through the checks (a suspended person's fail them: no session signs them in).
   */
  accessChanged: [userId: string];
}

export class AppEvents extends EventEmitter<ServerEvents> {}

declare module 'fastify' {
  interface FastifyInstance {
    events: AppEvents;
  }
}
