/**
 * Every message the devices of a test file wrote: when it was written, and what the server
 * answered for it. The checks compare it with the database and with what each device holds.
 */
import { randomBytes } from 'node:crypto';
import type { DirectMessage, GroupMessage } from '../../src/shared/api';
import type { BatchItemInput } from '../../src/shared/schemas';

export type Message = DirectMessage | GroupMessage;
/** A batch item before it has its clientId (each kind of item on its own: Omit over the union would merge them). */
export type Draft = BatchItemInput extends infer Item ? (Item extends unknown ? Omit<Item, 'clientId'> : never) : never;

export interface Written {
  clientId: string;
  senderId: string;
  item: BatchItemInput;
  /** performance.now() when the person pressed send (the message entered the outbox). */
  writtenAt: number;
  stored?: Message;
  refused?: string;
}

export class Ledger {
  /** Every clientId of this file starts with it, so the database's rows are told apart from anyone else's. */
  readonly tag = `t${randomBytes(4).toString('hex')}`;
  readonly written = new Map<string, Written>();
  private count = 0;

  write(senderId: string, item: Draft): BatchItemInput {
    this.count += 1;
    const full = { ...item, clientId: `${this.tag}-${this.count}` } as BatchItemInput;
    this.written.set(full.clientId, { clientId: full.clientId, senderId, item: full, writtenAt: performance.now() });
    return full;
  }

  stored(clientId: string, message: Message): void {
    const entry = this.written.get(clientId);
    if (entry) entry.stored = message;
  }

  refused(clientId: string, why: string): void {
    const entry = this.written.get(clientId);
    if (entry) entry.refused = why;
  }

  writtenAt(clientId: string): number | undefined {
    return this.written.get(clientId)?.writtenAt;
  }

  /**
   * What a person may read of what was written: their direct messages, and every group message of
   * `groupIds`. Edits and reactions are changes to messages, not messages of their own.
   */
  visibleTo(userId: string, groupIds: readonly string[]): Written[] {
    return [...this.written.values()].filter(({ item, senderId }) => {
      if (item.kind === 'group') return groupIds.includes(item.groupId);
      if (item.kind === 'direct') return senderId === userId || item.to === userId;
      return false;
    });
  }
}
