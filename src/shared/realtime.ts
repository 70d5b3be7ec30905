/** socket.io event types, shared by the server and the client's one socket. */
import type { DirectMessage, GroupMessage, ReadPosition, Receipt } from './api';
import type { TypingInput } from './messaging';

export interface ServerToClientEvents {
  /** Ids of everyone with at least one connected tab. */
  getOnlineUsers: (userIds: string[]) => void;
  /** Sent to the receiver's and the sender's rooms, so every tab of both sees it. */
  newMessage: (message: DirectMessage) => void;
  newGroupMessage: (message: GroupMessage) => void;
  /** Sent to the reader's own room only (every tab and device of theirs): a read position moved forward. */
  readPosition: (position: ReadPosition) => void;
  /**
   * The server may have missed live events for a while (its link to the other instances was down):
   * catch up now. Nothing is lost meanwhile, only late: every message is in the database.
   */
  resync: () => void;
  /**
   * A message was taken back (by its author or a moderator, or its author's account was deleted):
   * the tombstone, same `_id`, no words, no image. Catch-up carries it too.
   */
  messageChanged: (message: DirectMessage | GroupMessage) => void;
  /**
   * To the person's own devices: something of theirs changed on another device (a block, a mute, a
   * request accepted, a group left); read it again. Never sent to the person blocked.
   */
  safetyChanged: (what: SafetyChange) => void;
  /**
   * To a professional's own devices: someone who opted in may need support; read the alerts again.
   * It carries nothing: the list (names and times, never words) comes over HTTP.
   */
  crisisAlert: () => void;
  /** To the sender's devices: the other person of a direct conversation received or read further. */
  receipt: (receipt: Receipt) => void;
  /**
   * Someone started or stopped typing. `id` is the conversation as the receiver names it: the
   * typist (direct) or the group. Never sent to anyone who blocks the typist or whom they block.
   */
  typing: (typing: Typing) => void;
}

export interface Typing {
  kind: 'direct' | 'group';
  id: string;
  userId: string;
  /** The name the receiver sees (the display name when one is set). */
  name: string;
  active: boolean;
}

export type SafetyChange = 'blocks' | 'mutes' | 'requests' | 'groups';

/**
 * Every write goes through HTTP (idempotent, ordered). The one thing a device says over the socket
 * is that its person is typing, which is fleeting: nothing is stored, a lost event costs nothing.
 */
export interface ClientToServerEvents {
  typing: (typing: TypingInput) => void;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const groupRoom = (groupId: string) => `group:${groupId}`;

/** Reasons the server gives when it refuses a connection (connect_error's message). */
export const SOCKET_REFUSALS = ['UNAUTHENTICATED', 'VERIFICATION_REQUIRED', 'ORIGIN_REJECTED'] as const;
export type SocketRefusal = (typeof SOCKET_REFUSALS)[number];

export const isSocketRefusal = (reason: string): reason is SocketRefusal => (SOCKET_REFUSALS as readonly string[]).includes(reason);

/** The error a refused handshake ends with; its message is all the client receives. */
export const socketRefusal = (reason: SocketRefusal) => new Error(reason);

/**
 * What a handshake that could not be checked ends with (the database did not answer): not a
 * refusal, so the client tries again later. Never the failure's own words, which could carry a query.
 */
export const SOCKET_TRY_LATER = 'UNAVAILABLE';
