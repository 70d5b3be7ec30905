/** The server's socket.io types: what a socket carries, and what instances tell each other. */
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime';

export interface SocketData {
  userId: string;
  sessionRoom: string;
  /** The cookie's token, kept server-side only: the session is checked again once the rooms are joined. */
  token: string;
  groupIds: string[];
  /** The people who block this socket's person: their presence is not shown to this socket (docs/decisions/blocks.md). */
  hiddenFrom: string[];
}

/** What one instance tells the others about its people (presence.ts). `hello`: it just started, so everyone answers. */
export interface PresenceNews {
  from: string;
  users: string[];
  hello?: boolean;
  bye?: boolean;
}

/** Between instances, through the PostgreSQL adapter. */
export interface InterServerEvents {
  presence: (news: PresenceNews) => void;
  /** Someone blocked or unblocked this person: read who blocks them again, for presence. */
  blocksChanged: (userId: string) => void;
}

export type HavenServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type HavenSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
