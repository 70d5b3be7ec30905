/**
 * /api/chats (Aura conversations) and /api/gemini/generate (a short title for a chat). The spec's
 * shapes: history entries with role 'user' | 'model' and parts[0] = { text, img? }.
 */
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import type { FastifyPluginAsync } from 'fastify';
import type { AiReply, CreateChatResponse } from '../../shared/api';
import { auraReplyKey, newServerClientId } from '../../shared/conversation';
import { helpForAnswer, recentTexts } from '../../shared/safety';
import { and, eq } from 'drizzle-orm';
import { Aura, deriveTitle, providerFromConfig } from '../ai/aura';
import {
  chatHistory, deleteChat, findByClientId, listChats, ownChat, renameChat, storeAnswer, storeQuestion, toHistory, toSummary,
} from '../ai/chats-store';
import type { ChatTurn } from '../ai/provider';
import { currentUser, requireActive } from '../auth/guards';
import { raiseAlert } from '../crisis/author-check';
import type { AppContext } from '../context';
import { aiChats, type aiMessages } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';
import { checkOwnImage } from '../uploads/ownership';
import { ImageStore } from '../uploads/store';

type MessageRow = typeof aiMessages.$inferSelect;

/** How long a stop lets Aura's answers under way finish: half of what main.ts gives a whole stop. */
const STOP_GRACE_MS = 5_000;

/** `help` rides with `crisis` only, so the two can never disagree. */
function toReply(answer: MessageRow, question: string): AiReply {
  const help = helpForAnswer(answer.crisis, question, answer.imminent);
  return help ? { aiResponse: answer.text, crisis: answer.crisis, help } : { aiResponse: answer.text, crisis: answer.crisis };
}

export const chatRoutes: FastifyPluginAsync<AppContext & { aura?: Aura }> = async (app, ctx) => {
  const { config, database: { db }, store, realtime, push } = ctx;
  const aura = ctx.aura ?? new Aura(providerFromConfig(config), config, (m) => app.log.warn(m));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireActive);
  const limits = ctx.personLimits;

  /** The image as models take it: GIFs become a PNG of their first frame (Gemini refuses image/gif). */
  async function imageFor(url: string | null): Promise<ChatTurn['image']> {
    const name = url ? ImageStore.nameFromUrl(url) : null;
    const file = name ? await store.find(name) : null;
    if (!file) return undefined;
    const bytes = await readFile(file.path);
    if (file.mime === 'image/gif') return { mime: 'image/png', base64: (await sharp(bytes).png().toBuffer()).toString('base64') };
    return { mime: file.mime, base64: bytes.toString('base64') };
  }

  /**
   * Aura's answers under way. One goes on when its person leaves (what they asked is answered and
   * kept, as if they had stayed), so a stop waits for them before the database closes.
   */
  const answering = new Set<Promise<unknown>>();
  // Aborted once a stop's grace is over: a model still thinking is cut short and Aura's canned
  // reply stored instead, so the stop ends within main.ts's grace and Fastify's hook timeout.
  const stopping = new AbortController();
  // preClose, not onClose: a person still waiting gets the answer before Fastify closes every connection.
  app.addHook('preClose', async () => {
    const cut = setTimeout(() => stopping.abort(), STOP_GRACE_MS);
    try {
      while (answering.size > 0) await Promise.allSettled(answering);
    } finally {
      clearTimeout(cut);
    }
  });

  /**
   * Answers `question` for the request answered by `res`. A person who left before the answer was
   * made is told by push; not `request.signal` nor `request.raw.destroyed`: Node ends the request
   * stream once its body is read, long before the answer, and only the response sees them leave.
   */
  function answerFor(res: ServerResponse, userId: string, chatId: string, question: MessageRow): Promise<AiReply> {
    const work = answer(userId, chatId, question).then(({ reply, made }) => {
      if (made && res.destroyed) push.notifier.auraAnswered(userId, chatId);
      return reply;
    });
    answering.add(work);
    const settled = () => answering.delete(work);
    work.then(settled, settled);
    return work;
  }

  /** Aura's answer to a stored question, made once: a repeat finds the stored answer (`made` false). */
  async function answer(userId: string, chatId: string, question: MessageRow): Promise<{ reply: AiReply; made: boolean }> {
    const key = question.clientId!;
    const stored = await findByClientId(db, userId, auraReplyKey(key));
    if (stored) return { reply: toReply(stored, question.text), made: false };
    const rows = (await chatHistory(db, chatId)).filter((m) => m.seq <= question.seq);
    // An image-only message keeps a word in its place: models refuse empty turns (Gemini: parts []).
    const turns: ChatTurn[] = rows.map((m) => ({ role: m.role, text: m.text || (m.img ? '(shared an image)' : '') }));
    const image = await imageFor(question.img);
    if (image) turns[turns.length - 1] = { ...turns.at(-1)!, image };
    // The person's own lines just before this one, so a plan told in pieces is judged whole.
    const previous = recentTexts(rows.filter((m) => m.role === 'user' && m.seq < question.seq).map((m) => ({ text: m.text, at: m.createdAt })), question.createdAt);
    const reply = await aura.answer(turns, previous, stopping.signal);
    let saved: MessageRow;
    try {
      saved = await storeAnswer(db, { userId, chatId, questionClientId: key, text: reply.text, crisis: reply.crisis, imminent: reply.imminent });
    } finally {
      // Risk shown in a chat deleted meanwhile still reaches the person's professional.
      if (reply.crisis) await raiseAlert(db, { realtime, notifier: push.notifier }, userId, reply.subject);
    }
    return { reply: toReply(saved, question.text), made: true };
  }

  r.route({ ...endpoint(r, 'auraChats'), handler: async (request) => listChats(db, currentUser(request).id) });

  r.route({ ...endpoint(r, 'auraChat'), handler: async (request) => {
    const chat = await ownChat(db, currentUser(request).id, request.params.id);
    return { ...toSummary(chat), history: toHistory(await chatHistory(db, chat.id)) };
  } });

  /**
   * A new chat with its first question, answered by Aura before this returns; the answer is the
   * new chat's id as a JSON string (the spec's "new chat id"), and the reply is read from the
   * history. Idempotent by clientId: a retry answers the same id (200) and makes nothing new.
   */
  r.route({ ...endpoint(r, 'createAuraChat'), handler: async (request, reply) => {
    const me = currentUser(request);
    await limits.spend('auraQuestions', me.id);
    const { text, clientId = newServerClientId(), chatId } = request.body;
    const img = await checkOwnImage(store, config, me.id, request.body.img);
    const stored = await storeQuestion(db, { userId: me.id, newChatId: chatId, title: deriveTitle(text), text: text.trim(), img, clientId });
    const question = stored?.question ?? await findByClientId(db, me.id, clientId);
    if (!question) throw new AppError('CONFLICT', 'That chat id is already taken');
    const chat = await ownChat(db, me.id, question.chatId);
    await answerFor(reply.raw, me.id, chat.id, question);
    const id: CreateChatResponse = chat.id;
    // Sent as JSON text: a bare string from a handler would go out as text/plain.
    return reply.status(stored ? 201 : 200).type('application/json; charset=utf-8').send(JSON.stringify(id));
  } });

  r.route({ ...endpoint(r, 'askAura'), handler: async (request, reply) => {
    const me = currentUser(request);
    await limits.spend('auraQuestions', me.id);
    const chat = await ownChat(db, me.id, request.params.id);
    const { text, clientId = newServerClientId() } = request.body;
    const img = await checkOwnImage(store, config, me.id, request.body.img);
    const stored = await storeQuestion(db, { userId: me.id, chatId: chat.id, text: text.trim(), img, clientId });
    const question = stored?.question ?? (await findByClientId(db, me.id, clientId))!;
    return answerFor(reply.raw, me.id, question.chatId, question);
  } });

  r.route({ ...endpoint(r, 'renameAuraChat'), handler: async (request) =>
    renameChat(db, currentUser(request).id, request.params.id, request.body.title) });

  r.route({ ...endpoint(r, 'deleteAuraChat'), handler: async (request) => {
    await deleteChat(db, currentUser(request).id, request.params.id);
    return { message: 'Chat deleted' };
  } });

  r.route({ ...endpoint(r, 'generateTitle'), handler: async (request) => {
    const me = currentUser(request);
    // A title is a model call too.
    await limits.spend('auraQuestions', me.id);
    const { prompt, chatId } = request.body;
    // Naming a chat is only for its owner (checked before any model call), and only while it has no title yet.
    const chat = chatId ? await ownChat(db, me.id, chatId) : null;
    const title = await aura.title(prompt);
    if (chat && !chat.title) await db.update(aiChats).set({ title }).where(and(eq(aiChats.id, chat.id), eq(aiChats.title, '')));
    return { response: title };
  } });
};
