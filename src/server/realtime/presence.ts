/**
 * Who is online: everyone with at least one connected socket, across every instance (fetchSockets
 * goes through the adapter). Bursts of connects and disconnects share one broadcast.
 */
import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime';

const COALESCE_MS = 150;

export class Presence {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { userId: string }>) {}

  changed(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.broadcast();
    }, COALESCE_MS);
  }

  private async broadcast(): Promise<void> {
    if (this.stopped) return;
    const sockets = await this.io.fetchSockets();
    const online = [...new Set(sockets.map((s) => s.data.userId).filter(Boolean))];
    this.io.emit('getOnlineUsers', online);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
