/**
 * socket.io on the app's own HTTP server. A socket is authenticated by the session cookie only
 * (a userId in the handshake query is ignored), refused for signed-out and pending accounts and
 * for a foreign Origin, and joins `user:<id>` plus `group:<id>` for each membership. On
 * PostgreSQL our LISTEN/NOTIFY adapter carries events between instances (pg-adapter.ts: this
 * instance's sockets do not wait for it; adapter-pool.ts: its connection comes back after
 * PostgreSQL does, and this instance's clients are then told to catch up).
 *
 * Closing (a restart, a deploy) closes this instance's connections without a word: socket.io
 * clients read that as a lost connection and reconnect, to this instance once it is back or to
 * another one through the load balancer. Disconnecting them on purpose would have told them to
 * stay away, and through the adapter would have reached every instance's clients.
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Server } from 'socket.io';
import { isPendingProfessional } from '../../shared/limits';
import { groupRoom, isSocketRefusal, SOCKET_TRY_LATER, socketRefusal, userRoom } from '../../shared/realtime';
import { findSessionUser, SESSION_COOKIE, sessionIdOf } from '../auth/sessions';
import { blockersOf } from '../community/blocks';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { groupMembers } from '../db/schema';
import { logFailure } from '../db/unavailable';
import { adapterPool, type AdapterPool } from './adapter-pool';
import { pgAdapter } from './pg-adapter';
import { Presence } from './presence';
import { listenForTyping } from './typing';
import type { HavenServer, HavenSocket } from './types';

export type { HavenServer } from './types';

export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

function originAllowed(socket: HavenSocket, config: Config): boolean {
  const { origin, host } = socket.handshake.headers;
  if (origin === undefined) return true; // not a browser; the cookie still decides
  const forwarded = config.TRUST_PROXY ? String(socket.handshake.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim() : '';
  const protocol = forwarded || (socket.handshake.secure ? 'https' : 'http');
  return origin === `${protocol}://${host}` || config.TRUSTED_ORIGINS.includes(origin);
}

export class Realtime {
  readonly io: HavenServer;
  private readonly presence: Presence;

  constructor(private readonly app: FastifyInstance, private readonly config: Config, private readonly database: Database) {
    this.io = new Server(app.server, {
      serveClient: false,
      // Tabs in the background on a phone get a long leash before they count as gone.
      pingInterval: 25_000,
      pingTimeout: 20_000,
    });
    let listener: AdapterPool | undefined;
    const onError = (error: unknown) => app.log.error({ err: error }, 'realtime between instances failed');
    if (database.pool) {
      listener = adapterPool(database.pool, () => {
        if (this.io.of('/').sockets.size === 0) return;
        app.log.warn('listening to the other instances (again): telling this instance\'s clients to catch up');
        this.io.local.emit('resync');
      });
      this.io.adapter(pgAdapter(listener.pool, { onError }));
    }
    this.presence = new Presence(this.io, database.pool !== undefined, onError);
    this.io.on('blocksChanged', (userId) => void this.rereadBlocks(userId).catch(onError));
    const failed = (what: string, error: unknown) => logFailure(app.log, what, error);
    this.io.use((socket, next) => void this.authenticate(socket).then(() => next(), (error: Error) => {
      if (isSocketRefusal(error.message)) return next(error);
      failed('a socket could not be checked, and was told to try later', error);
      return next(new Error(SOCKET_TRY_LATER));
    }));
    // The re-check after joining reads the database: if it is away, the socket stays as it was let in.
    this.io.on('connection', (socket) => void this.onConnection(socket).catch((error: unknown) => failed("a socket's re-check after joining failed", error)));
    app.events.on('userDeleted', (id) => this.io.in(userRoom(id)).disconnectSockets(true));
    app.events.on('sessionEnded', (id) => this.io.in(sessionRoom(id)).disconnectSockets(true));
    app.events.on('accessChanged', (id) => this.io.in(userRoom(id)).disconnectSockets(true));
    // io.close() closes socket.io's own connections and then app.server, and resolves only once
    // every HTTP connection to it has ended; Fastify ends those after the preClose hooks
    // (forceCloseConnections), so waiting in preClose would hold the stop on them.
    let closed: Promise<void> = Promise.resolve();
    app.addHook('preClose', () => {
      this.presence.stop();
      closed = this.io.close();
    });
    app.addHook('onClose', async () => {
      await closed;
      listener?.close();
    });
  }

  private async authenticate(socket: HavenSocket): Promise<void> {
    if (!originAllowed(socket, this.config)) throw socketRefusal('ORIGIN_REJECTED');
    const cookies = parseCookieHeader(socket.handshake.headers.cookie);
    const token = cookies[SESSION_COOKIE];
    const user = token ? await findSessionUser(this.database.db, token, this.config.SESSION_IDLE_DAYS) : null;
    if (!user) throw socketRefusal('UNAUTHENTICATED');
    if (isPendingProfessional(user)) throw socketRefusal('VERIFICATION_REQUIRED');
    socket.data.userId = user.id;
    socket.data.sessionRoom = sessionRoom(sessionIdOf(token!));
    socket.data.token = token!;
    socket.data.groupIds = await this.groupIdsOf(user.id);
    socket.data.hiddenFrom = await blockersOf(this.database.db, user.id);
  }

  private async groupIdsOf(userId: string): Promise<string[]> {
    const rows = await this.database.db.select({ groupId: groupMembers.groupId })
      .from(groupMembers).where(eq(groupMembers.userId, userId));
    return rows.map((r) => r.groupId);
  }

  /**
   * Rooms are joined before any await, so nothing sent after 'connect' is missed. A group joined
   * while the socket was connecting is caught by reading memberships again once the socket is in
   * its user room: either joinGroup's socketsJoin found it there, or this read sees the new row.
   * The same goes for the session: ended (logout, password change, deletion) or the person's
   * standing changed between the handshake's check and the joins, the disconnect sent to the rooms
   * missed this socket, so the check runs again now that it is in them.
   */
  private async onConnection(socket: HavenSocket): Promise<void> {
    const { userId, sessionRoom: session, groupIds, token } = socket.data;
    void socket.join([userRoom(userId), session, ...groupIds.map(groupRoom)]);
    socket.on('disconnect', () => this.presence.changed());
    listenForTyping(this.io, this.database.db, socket, (error) => logFailure(this.app.log, 'a typing event could not be relayed', error));
    this.presence.changed();
    const still = await findSessionUser(this.database.db, token, this.config.SESSION_IDLE_DAYS);
    if (!still || still.id !== userId || isPendingProfessional(still)) {
      socket.disconnect(true);
      return;
    }
    const latest = await this.groupIdsOf(userId);
    const missed = latest.filter((id) => !groupIds.includes(id));
    if (missed.length && socket.connected) void socket.join(missed.map(groupRoom));
    // And a group left meanwhile (docs/community-safety.md): the leave's socketsLeave missed this socket too.
    for (const gone of groupIds.filter((id) => !latest.includes(id))) void socket.leave(groupRoom(gone));
    // And a block made meanwhile: blocksChanged looked for this socket before it was counted.
    const hiddenFrom = await blockersOf(this.database.db, userId);
    if (hiddenFrom.join() !== socket.data.hiddenFrom.join()) {
      socket.data.hiddenFrom = hiddenFrom;
      this.presence.tellLocal();
    }
  }

  /**
   * Someone blocked or unblocked `userId`: this instance's sockets of theirs read who blocks them
   * again and get a fresh presence list, and the other instances are told to do the same.
   */
  async blocksChanged(userId: string): Promise<void> {
    if (this.database.pool) {
      try {
        this.io.serverSideEmit('blocksChanged', userId);
      } catch (error) {
        this.app.log.error({ err: error }, 'telling the other instances of a block failed');
      }
    }
    await this.rereadBlocks(userId);
  }

  private async rereadBlocks(userId: string): Promise<void> {
    const mine = [...this.io.of('/').sockets.values()].filter((s) => s.data.userId === userId);
    if (mine.length === 0) return;
    const hiddenFrom = await blockersOf(this.database.db, userId);
    for (const socket of mine) socket.data.hiddenFrom = hiddenFrom;
    this.presence.tellLocal();
  }

  /** Every tab of each of these people. */
  toUsers(userIds: string[]) {
    return this.io.to(userIds.map(userRoom));
  }

  toGroup(groupId: string) {
    return this.io.to(groupRoom(groupId));
  }

  joinGroup(userId: string, groupId: string): void {
    this.io.in(userRoom(userId)).socketsJoin(groupRoom(groupId));
  }

  leaveGroup(userId: string, groupId: string): void {
    this.io.in(userRoom(userId)).socketsLeave(groupRoom(groupId));
  }

  closeGroup(groupId: string): void {
    this.io.in(groupRoom(groupId)).socketsLeave(groupRoom(groupId));
  }
}

// socket.io hands us the raw Cookie header; @fastify/cookie's parser is the one the HTTP side uses.
function parseCookieHeader(header: string | undefined): Record<string, string | undefined> {
  return header ? fastifyCookie.parse(header) : {};
}
