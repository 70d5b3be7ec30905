/**
 * Who is online: everyone with at least one connected socket on any instance. Each instance counts
 * its own sockets and tells the others its list (a server-side emit through the adapter), again
 * every few seconds; a peer not heard from for a while is forgotten. No step waits for another
 * instance to answer, so a dead or unreachable peer can never hold presence up, and a failed
 * publish is only logged. (Asking every instance with fetchSockets, as before, waited for a dead
 * peer until the adapter's timeout and then rejected, which ended the process.)
 * Bursts of connects and disconnects share one broadcast, sent to this instance's sockets only:
 * every instance tells its own.
 */
import { randomBytes } from 'node:crypto';
import type { HavenServer, PresenceNews } from './types';

const COALESCE_MS = 150;
/** How often an instance repeats its list, so a peer that started later or missed one catches up. */
export const PRESENCE_HEARTBEAT_MS = 5_000;
/** A peer silent for three heartbeats is gone (killed, or cut off from the database). */
export const PRESENCE_PEER_TIMEOUT_MS = 3 * PRESENCE_HEARTBEAT_MS;

interface Peer {
  users: string[];
  heardAt: number;
}

export class Presence {
  private readonly id = randomBytes(8).toString('hex');
  private readonly peers = new Map<string, Peer>();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private stopped = false;

  /** `clustered`: other instances may share this database (PostgreSQL); alone (PGlite) nothing is published. */
  constructor(private readonly io: HavenServer, private readonly clustered: boolean, private readonly onError: (error: unknown) => void) {
    if (!clustered) return;
    io.on('presence', (news) => this.heard(news));
    this.heartbeat = setInterval(() => this.beat(), PRESENCE_HEARTBEAT_MS).unref();
    this.publish(true);
  }

  /** A socket of this instance connected or disconnected. */
  changed(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.publish();
      this.tellLocal();
    }, COALESCE_MS);
  }

  private localUsers(): string[] {
    const users = new Set<string>();
    for (const socket of this.io.of('/').sockets.values()) if (socket.data.userId) users.add(socket.data.userId);
    return [...users];
  }

  private online(): string[] {
    const all = new Set(this.localUsers());
    for (const peer of this.peers.values()) for (const id of peer.users) all.add(id);
    return [...all];
  }

  /**
   * Tells this instance's sockets who is online. A person who blocked a socket's person is left
   * out of that socket's list (docs/decisions/blocks.md); everyone else gets the one broadcast.
   */
  tellLocal(): void {
    if (this.stopped) return;
    const online = this.online();
    const sockets = [...this.io.of('/').sockets.values()];
    if (!sockets.some((s) => s.data.hiddenFrom?.length)) {
      this.io.local.emit('getOnlineUsers', online);
      return;
    }
    for (const socket of sockets) {
      const hidden = new Set(socket.data.hiddenFrom ?? []);
      socket.emit('getOnlineUsers', hidden.size ? online.filter((id) => !hidden.has(id)) : online);
    }
  }

  private publish(hello = false, bye = false): void {
    if (!this.clustered) return;
    const news: PresenceNews = { from: this.id, users: bye ? [] : this.localUsers(), ...(hello ? { hello } : {}), ...(bye ? { bye } : {}) };
    try {
      this.io.serverSideEmit('presence', news);
    } catch (error) {
      this.onError(error);
    }
  }

  private heard(news: PresenceNews): void {
    if (this.stopped || news.from === this.id) return;
    const before = this.peers.get(news.from)?.users;
    if (news.bye) this.peers.delete(news.from);
    else this.peers.set(news.from, { users: news.users, heardAt: Date.now() });
    if (news.hello) this.publish();
    if (!sameMembers(before ?? [], news.bye ? [] : news.users)) this.tellLocal();
  }

  private beat(): void {
    if (this.stopped) return;
    this.publish();
    const now = Date.now();
    let forgot = false;
    for (const [id, peer] of this.peers) {
      if (now - peer.heardAt > PRESENCE_PEER_TIMEOUT_MS) {
        this.peers.delete(id);
        forgot = true;
      }
    }
    if (forgot) this.tellLocal();
  }

  /** A graceful stop: the other instances drop this one's people at once rather than after the timeout. */
  stop(): void {
    if (this.stopped) return;
    this.publish(false, true);
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
  }
}

function sameMembers(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}
