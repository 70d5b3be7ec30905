/**
 * One IndexedDB database per signed-in person (`haven-<userId>`), so people sharing a device never
 * see each other's data. Screens read it through live queries; the network only writes into it.
 */
import { Dexie, type Table } from 'dexie';
import type { AiChatSummary, GroupSummary, MessageSender, PublicUser, ReactionSummary } from '../../shared/api';
import type { AuraRole } from '../../shared/limits';
import type { HelpSubject } from '../../shared/safety/help';
import type { BlockedPerson, MessageRequest } from '../../shared/community';
import type { PeopleConversationKind } from '../../shared/conversation';
import type { OutgoingRequest } from '../../shared/outgoing';
import type { UploadPlace } from '../net/upload';
import { upgradeOutboxRow } from './outbox-upgrade';
import { personalDatabaseName } from '../state/local-keys';

export type SendStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** A direct or group message, ours (maybe not yet sent) or someone else's. */
export interface LocalMessage {
  /** `${senderId}:${clientId}`: unique per sender on the server too, so an echo lands on its optimistic row. */
  key: string;
  kind: PeopleConversationKind;
  /** Its conversation's key (src/shared/conversation.ts). */
  conversation: string;
  _id: string | null;
  seq: number | null;
  senderId: string;
  receiverId: string | null;
  groupId: string | null;
  sender: MessageSender | null;
  text: string;
  image: string | null;
  clientId: string;
  createdAt: string;
  status: SendStatus;
  error: string | null;
  /** Server order once known; pending messages sort after every stored one, in the order typed. */
  sortKey: number;
  /** Taken back (docs/decisions/taking-messages-back.md): the words and image are gone; who took it back. */
  deletedAt?: string | null;
  deletedBy?: 'sender' | 'moderator' | 'account' | null;
  /** The message it answers (docs/decisions/replies-edits-reactions.md). */
  replyTo?: string | null;
  /** When its author wrote it, the time it shows: earlier than `createdAt` when it waited offline. */
  writtenAt?: string | null;
  editedAt?: string | null;
  reactions?: ReactionSummary[];
  /**
   * The server's last known words and reactions while an edit or reaction of this device waits in
   * the outbox (the row shows the change at once); what the row goes back to if one is refused.
   */
  confirmed?: ConfirmedContent | null;
}

/** What an edit or a reaction changes, as the server last said it. */
export type ConfirmedContent = Pick<LocalMessage, 'text' | 'editedAt' | 'reactions'>;

export interface LocalAiChat extends AiChatSummary {
  /** True until the server has the chat (started offline). */
  local: boolean;
}

export interface LocalAiMessage {
  /** clientId of the question, or `<question clientId>:reply` for Aura's answer. */
  key: string;
  chatId: string;
  role: AuraRole;
  text: string;
  img: string | null;
  /** On a question: it showed crisis risk (checked on the device). On an answer: the server said so. */
  crisis: boolean;
  /** Whose risk, when `crisis`: the writer's or someone they are worried about; absent means the writer's. */
  crisisFor?: HelpSubject;
  /** …and it was imminent: the emergency number comes first on the card. */
  crisisImminent?: boolean;
  status: SendStatus;
  error: string | null;
  createdAt: string;
  sortKey: number;
}

export interface DiaryEntry {
  /** The spec's timestamp string. */
  id: string;
  title: string;
  content: string;
  /** ISO timestamp. */
  date: string;
}

/** A mood check-in (features/wellness/checkins.ts keeps its rules), only ever on this device. */
export interface CheckIn {
  /** Random, so check-ins from two devices merge on import. */
  id: string;
  /** When it was made (ISO). */
  at: string;
  /** The person's own calendar day (YYYY-MM-DD, local time): trends count days as they lived them. */
  day: string;
  /** 1 (very low) to 5 (very good). */
  mood: 1 | 2 | 3 | 4 | 5;
  /** From the short list in checkins.ts. */
  feelings: string[];
  /** Hours slept last night, in half hours; null when not given. */
  sleepHours: number | null;
  note: string;
}

/** A questionnaire's answers and score (features/wellness/questionnaires.ts), only ever on this device. */
export interface ScreeningRow {
  id: string;
  kind: 'phq9' | 'gad7' | 'who5';
  /** When it was completed (ISO). */
  at: string;
  /** Each item's points, in order. */
  answers: number[];
  /** As published (WHO-5 as a percentage). */
  score: number;
}

/**
 * A message waiting to be sent: the request itself (see src/shared/outgoing.ts), its send state,
 * and the key of the row the person sees for it (LocalMessage.key or LocalAiMessage.key).
 */
export interface OutboxRow {
  order?: number;
  messageKey: string;
  request: OutgoingRequest;
  status: Exclude<SendStatus, 'sent'>;
  attempts: number;
  nextAttemptAt: number;
  error: string | null;
  /** When it was queued (ISO): an edit shows this as its edited time until the server's answer. */
  queuedAt?: string;
}

/**
 * A photo kept on the device until it can be uploaded (docs/decisions/offline-photos.md): the
 * outbox request and the message shown name it by `ref` (deviceImageRef) until the upload's URL
 * replaces it. Removed once uploaded, or when its message is deleted.
 */
export interface DeviceImage {
  ref: string;
  blob: Blob;
  /** Where it goes in the image store (chat or Aura). */
  place: UploadPlace;
  createdAt: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** The Stanley–Brown safety plan's sections, in the order the plan is written and printed. */
export const SAFETY_PLAN_SECTIONS = [
  'warningSigns', 'copingStrategies', 'distractions', 'helpers', 'professionals', 'saferSurroundings', 'reasonsForLiving',
] as const;
export type SafetyPlanSection = (typeof SAFETY_PLAN_SECTIONS)[number];

export interface SafetyPlanItem {
  id: string;
  text: string;
}

/** One section of the safety plan; a row exists once the section has been saved (or prefilled). */
export interface SafetyPlanRow {
  section: SafetyPlanSection;
  items: SafetyPlanItem[];
  /** ISO timestamp. */
  updatedAt: string;
}

/**
 * How far this person has read a conversation (`dm:<id>` or `group:<id>`): every message up to
 * `seq` is read, here or on another of their devices. `sentSeq` is what the server has confirmed;
 * a higher `seq` is still to be sent (marked offline), and goes when the connection returns.
 */
export interface ReadRow {
  conversation: string;
  seq: number;
  sentSeq: number;
}

/** Someone this person blocks (docs/decisions/blocks.md). `synced: 0` while the block waits to reach the server (made offline). */
export interface BlockRow extends BlockedPerson {
  synced: 0 | 1;
}

/** A muted conversation (`dm:<id>` or `group:<id>`); `until` null is always. */
export interface MuteRow {
  conversation: string;
  until: string | null;
}

export class HavenDb extends Dexie {
  users!: Table<PublicUser & { therapist?: boolean }, string>;
  groups!: Table<GroupSummary, string>;
  messages!: Table<LocalMessage, string>;
  aiChats!: Table<LocalAiChat, string>;
  aiMessages!: Table<LocalAiMessage, string>;
  diary!: Table<DiaryEntry, string>;
  outbox!: Table<OutboxRow, number>;
  meta!: Table<MetaRow, string>;
  safetyPlan!: Table<SafetyPlanRow, SafetyPlanSection>;
  reads!: Table<ReadRow, string>;
  blocks!: Table<BlockRow, string>;
  /** People whose message requests wait (GET /api/messages/requests). */
  requests!: Table<MessageRequest, string>;
  mutes!: Table<MuteRow, string>;
  images!: Table<DeviceImage, string>;
  checkIns!: Table<CheckIn, string>;
  screenings!: Table<ScreeningRow, string>;

  constructor(readonly userId: string) {
    super(personalDatabaseName(userId));
    // Add a version when the shape changes; Dexie upgrades in place. Since Dexie 3 only versions
    // that carry an upgrade function need declaring, besides the newest: Dexie reads the schema a
    // device really has and moves it to each declared version in turn. Each declaration costs the
    // start-up a pass over every one before it (about 0.1 s on a slow phone for nine), so versions
    // without one are folded into the next that is declared; their history is in git.
    // Version 6 (all that versions 1 to 5 made, plus its upgrade): an outbox row holds the request
    // it sends; rows queued by an older version are rewritten in place, so nothing typed offline
    // before an update is lost.
    this.version(6).stores({
      users: '_id, fullName',
      groups: '_id, name',
      messages: 'key, conversation, [conversation+sortKey], status, _id',
      aiChats: '_id, updatedAt',
      aiMessages: 'key, chatId, [chatId+sortKey]',
      diary: 'id, date',
      // nextAttemptAt: rows backing off are found without reading the whole outbox.
      outbox: '++order, messageKey, status, nextAttemptAt',
      meta: 'key',
      // The safety plan, the diary's neighbour: kept only on this device.
      safetyPlan: 'section',
      // Read positions, so unread counts and the "New messages" divider work offline too.
      reads: 'conversation',
      // Community safety (docs/community-safety.md): blocks, message requests, mutes.
      blocks: '_id',
      requests: '_id',
      mutes: 'conversation',
    }).upgrade((tx) => tx.table('outbox').toCollection().modify((row: Record<string, unknown>) => {
      Object.assign(row, upgradeOutboxRow(row));
      for (const old of ['kind', 'target', 'body', 'clientId']) delete row[old];
    }));
    // Version 9 (with 7 and 8): photos attached offline wait as Blobs until they can be uploaded;
    // mood check-ins and questionnaire scores over time, on this device only (docs/decisions/wellness.md).
    this.version(9).stores({ images: 'ref, createdAt', checkIns: 'id, day', screenings: 'id, kind, at' });
  }
}

/** A very large number plus the local time keeps pending messages last and in typing order. */
export const PENDING_SORT_BASE = 2 ** 50;
let lastLocalKey = 0;
/** Local time in ms, strictly increasing: two messages typed in one millisecond still keep their order. */
export function localSortKey(now = Date.now()): number {
  lastLocalKey = Math.max(now, lastLocalKey + 1);
  return lastLocalKey;
}
export const pendingSortKey = (now = Date.now()) => PENDING_SORT_BASE + localSortKey(now);

export const messageKey = (senderId: string, clientId: string) => `${senderId}:${clientId}`;
