/** What screens read (live, from Dexie) and do (through the outbox). The network is never read directly here. */
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { GroupSummary, MessageSender, PublicUser } from '../../shared/api';
import type { DiaryEntry, LocalAiChat, LocalAiMessage, LocalMessage } from '../db/database';
import { connection, type ConnectionState } from '../net/connection';
import type { Reaction } from '../../shared/message-rules';
import { isDeviceImage, keepImage } from '../db/device-images';
import type { UploadPlace } from '../net/upload';
import { currentEngine, useDb, useEngine } from './current';
import { LISTS_KEY, type Lists } from './directory';
import { discard, queueAura, queueDirect, queueEdit, queueGroup, queueReaction, retry } from './outbox';
import { offerHelp } from '../safety/help-notes';
import { helpForText } from '../safety/detector';
import { previousAuraQuestions, previousInConversation } from '../safety/previous';
import { readEntries } from '../features/diary/entries';
import { useHeld } from '../features/lock/keyring';

/** 'users' (everyone, or a professional's referred users) or 'therapists'; undefined until first loaded. */
export function usePeople(list: keyof Lists): PublicUser[] | undefined {
  const db = useDb();
  return useLiveQuery(async () => {
    const lists = (await db.meta.get(LISTS_KEY))?.value as Lists | undefined;
    if (!lists) return undefined;
    const people = await db.users.bulkGet(lists[list]);
    return people.filter((p): p is PublicUser => Boolean(p));
  }, [db, list]);
}

export function usePerson(id: string | null): PublicUser | undefined {
  const db = useDb();
  return useLiveQuery(() => (id ? db.users.get(id) : undefined), [db, id]);
}

export function useGroups(): GroupSummary[] | undefined {
  const db = useDb();
  return useLiveQuery(() => db.groups.orderBy('name').toArray(), [db]);
}

export function useAiChats(): LocalAiChat[] | undefined {
  const db = useDb();
  return useLiveQuery(() => db.aiChats.orderBy('updatedAt').reverse().toArray(), [db]);
}

export function useAiMessages(chatId: string | null): LocalAiMessage[] | undefined {
  const db = useDb();
  return useLiveQuery(
    async (): Promise<LocalAiMessage[]> => (chatId
      ? db.aiMessages.where('[chatId+sortKey]').between([chatId, Dexie.minKey], [chatId, Dexie.maxKey]).toArray()
      : []),
    [db, chatId],
  );
}

/** Newest first; with the diary lock on, opened with the key this tab holds (none while locked). */
export function useDiary(): DiaryEntry[] | undefined {
  const db = useDb();
  const held = useHeld();
  const read = useLiveQuery(async () => ({ held, entries: await readEntries(db) }), [db, held]);
  // Just unlocked: still loading, rather than the locked read's empty list ("No entries yet.") for a moment.
  return read && read.held === held ? read.entries : undefined;
}

const connectionState = () => connection.current;
const onlineUsers = () => connection.onlineUsers;

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(connection.subscribe, connectionState, connectionState);
}

export function useOnlineUsers(): string[] {
  return useSyncExternalStore(connection.subscribe, onlineUsers, onlineUsers);
}


function engineOrThrow() {
  const engine = currentEngine();
  if (!engine) throw new Error('Please log in to send messages');
  return engine;
}

/** What a direct or group message may carry besides its words and image. */
export interface SendOptions {
  /** The id of the message it answers. */
  replyTo?: string | null;
}

/**
 * Queues a direct message; resolves once it is safely stored locally (then it is never lost).
 * `image`: an uploaded image's URL, or a photo kept on the device (keepImageOnDevice) that the
 * outbox uploads when the connection allows.
 */
export async function sendDirect(to: string, text: string, image: string | null = null, extras: SendOptions = {}): Promise<void> {
  const engine = engineOrThrow();
  const message = await queueDirect(engine.db, engine.user._id, to, text, image, extras);
  engine.kick();
  void offerHelp(engine.db, message.conversation, text, () => previousInConversation(engine.db, message.conversation, engine.user._id, message.key));
}

export async function sendGroup(groupId: string, text: string, image: string | null = null, extras: SendOptions = {}): Promise<void> {
  const engine = engineOrThrow();
  const { _id, fullName, profilePic } = engine.user;
  const sender: MessageSender = { _id, fullName, profilePic };
  const message = await queueGroup(engine.db, sender, groupId, text, image, extras);
  engine.kick();
  void offerHelp(engine.db, message.conversation, text, () => previousInConversation(engine.db, message.conversation, _id, message.key));
}

/** Queues an edit of one's own sent message; the row shows the new words at once. */
export async function editMessage(message: LocalMessage, text: string): Promise<void> {
  const engine = engineOrThrow();
  await queueEdit(engine.db, message, text);
  engine.kick();
}

/** Adds (add) or takes away this person's reaction; the row shows it at once. */
export async function reactTo(message: LocalMessage, emoji: Reaction, add: boolean): Promise<void> {
  const engine = engineOrThrow();
  await queueReaction(engine.db, message, emoji, add);
  engine.kick();
}

/**
 * Keeps a photo on the device for a message that cannot upload it now (offline, or the upload
 * failed); answers the reference to send in its place (docs/decisions/offline-photos.md).
 */
export async function keepImageOnDevice(blob: Blob, place: UploadPlace): Promise<string> {
  return keepImage(engineOrThrow().db, blob, place);
}

/** Object URLs of kept photos, one per reference for the page's life (a photo kept offline is shown until sent). */
const keptUrls = new Map<string, string>();

/** What an image element shows for a message's image: its URL, or a kept photo's object URL (null until read). */
export function useImageSource(image: string | null | undefined): string | null {
  const db = useEngine()?.db;
  const kept = isDeviceImage(image);
  const blob = useLiveQuery(async () => (kept && db ? (await db.images.get(image))?.blob ?? null : null), [db, image, kept]);
  if (!kept) return image ?? null;
  const known = keptUrls.get(image);
  if (known) return known;
  if (!blob) return null;
  const url = URL.createObjectURL(blob);
  keptUrls.set(image, url);
  return url;
}

/** A question to Aura; with no chatId it starts a new chat and answers its id. */
export async function sendAura(chatId: string | null, text: string, img: string | null = null): Promise<string> {
  const engine = engineOrThrow();
  const { chatId: id, question } = await queueAura(engine.db, chatId, text, img);
  engine.kick();
  // Offline too: the help card shows under the question at once, while it waits to be sent.
  void previousAuraQuestions(engine.db, id, question.key).then((previous) => helpForText(text, previous))
    .then((help) => help && engine.db.aiMessages.update(question.key, { crisis: true, crisisFor: help.subject, crisisImminent: help.imminent === true }))
    .catch((error: unknown) => console.error('Haven: could not mark the question for help', error));
  return id;
}

export async function retryMessage(key: string): Promise<void> {
  const engine = engineOrThrow();
  await retry(engine.db, key);
  engine.kick();
}

export async function discardMessage(key: string): Promise<void> {
  await discard(engineOrThrow().db, key);
}
