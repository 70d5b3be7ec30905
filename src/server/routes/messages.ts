/** /api/messages: people to talk to, direct and group threads, sending, joining. Pending professionals are refused. */
import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { DATA_URL_MAX_LENGTH, isDataUrl } from '../../shared/images';
import { BATCH_MAX_ITEMS, MESSAGE_MAX_LENGTH, isProfessional } from '../../shared/limits';
import { withAuthorHelp } from '../../shared/safety';
import { checkAuthor, writtenOf } from '../crisis/author-check';
import { currentUser, requireActive } from '../auth/guards';
import type { AppContext } from '../context';
import { groupMembers, users } from '../db/schema';
import { endpoint } from '../http/endpoint';
import type { ZodTypeProvider } from '../http/zod';
import { findRecipient, groupOfMember, threadPartner } from '../messages/access';
import { announce, announceChange } from '../messages/announce';
import { sendBatch } from '../messages/batch';
import { findGroup, groupsFor, joinedGroup } from '../messages/groups';
import { directThread, groupThread } from '../messages/history';
import { withReactions } from '../messages/reactions';
import { senderOf } from '../messages/serialize';
import { storeDirect, storeGroupMessage } from '../messages/store';
import { syncPage } from '../messages/sync';
import { checkOwnImage } from '../uploads/ownership';
import { toPublicUser } from '../users/serialize';
import { notPending, professionalRole } from '../users/standing';

/**
 * A full batch of the longest messages must fit: every character JSON-escaped (\uXXXX, 6 bytes)
 * plus room for the other fields. The app-wide 1 MB would refuse a full batch of long non-Latin text.
 */
const BATCH_BODY_LIMIT = BATCH_MAX_ITEMS * (MESSAGE_MAX_LENGTH * 6 + 1024);

/** One direct message whose image may be a data URL of up to 5 MB (base64: about 6.7 MB) beside the longest text. */
const SEND_BODY_LIMIT = DATA_URL_MAX_LENGTH + MESSAGE_MAX_LENGTH * 6 + 1024;

export const messageRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { config, database: { db }, realtime, store, push } = ctx;
  const alerting = { realtime, notifier: push.notifier };
  /** New messages reach the others: live on their sockets, then by push to their devices. */
  const tellOthers = async (stored: Parameters<typeof announce>[2]) => {
    await announce(db, realtime, stored);
    push.notifier.messages(stored);
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', requireActive);
  const limits = ctx.personLimits;

  r.route({ ...endpoint(r, 'people'), handler: async (request) => {
    const me = currentUser(request);
    // A suspended account is nobody's new contact while it lasts (its threads stay readable).
    const where = and(isNull(users.suspendedAt), isProfessional(me.role)
      ? eq(users.referredBy, me.id)
      : and(ne(users.id, me.id), notPending()));
    const rows = await db.select().from(users).where(where).orderBy(asc(users.fullName));
    return rows.map((u) => toPublicUser(u, me));
  } });

  r.route({ ...endpoint(r, 'therapists'), handler: async (request) => {
    const me = currentUser(request);
    const verifiedTherapist = and(eq(users.role, 'therapist'), eq(users.status, 'verified'));
    const myReferrer = me.referredBy ? and(eq(users.id, me.referredBy), professionalRole()) : undefined;
    const rows = await db.select().from(users)
      .where(and(ne(users.id, me.id), isNull(users.suspendedAt), myReferrer ? or(verifiedTherapist, myReferrer) : verifiedTherapist))
      .orderBy(asc(users.fullName));
    return rows.map((u) => toPublicUser(u, me));
  } });

  r.route({ ...endpoint(r, 'groups'), handler: async (request) => groupsFor(db, currentUser(request).id) });

  r.route({
    ...endpoint(r, 'sync'),
    handler: async (request) => syncPage(db, currentUser(request).id, request.query.since, request.query.limit),
  });

  r.route({ ...endpoint(r, 'groupThread'), handler: async (request) => {
    const me = currentUser(request);
    const group = await groupOfMember(db, request.params.groupId, me.id, 'read');
    return groupThread(db, me.id, group.id, request.query);
  } });

  /**
   * `image` is an upload's URL (Haven's app) or a `data:` URL (the spec's client): a data URL goes
   * through the upload pipeline (type from the bytes, 5 MB, metadata dropped) and the message
   * keeps the stored image's URL.
   */
  r.route({ ...endpoint(r, 'sendDirect'), bodyLimit: SEND_BODY_LIMIT, handler: async (request, reply) => {
    const me = currentUser(request);
    await limits.spend('messages', me.id);
    const receiver = await findRecipient(db, me, request.params.userId);
    const { text, image, clientId } = request.body;
    const saved = image && isDataUrl(image) ? await store.saveDataUrl(me.id, image) : null;
    const url = saved ? saved.url : await checkOwnImage(store, config, me.id, image);
    const stored = await storeDirect(db, me.id, { receiverId: receiver.id, text, image: url, clientId })
      .catch(async (error: unknown) => {
        if (saved) await store.remove([saved.name]);
        throw error;
      });
    // A repeated clientId answers the message stored the first time, with its own copy of the image.
    const { created } = stored;
    const message = created ? stored.message : (await withReactions(db, me.id, [stored.message]))[0]!;
    if (!created && saved) await store.remove([saved.name]);
    if (created) await tellOthers([stored]);
    const help = await checkAuthor(db, alerting, writtenOf(message, created));
    return reply.status(created ? 201 : 200).send(withAuthorHelp(message, help));
  } });

  r.route({ ...endpoint(r, 'sendGroup'), handler: async (request, reply) => {
    const me = currentUser(request);
    await limits.spend('messages', me.id);
    const group = await groupOfMember(db, request.params.groupId, me.id, 'send');
    const stored = await storeGroupMessage(db, senderOf(me), {
      groupId: group.id, text: request.body.text, clientId: request.body.clientId,
    });
    const { created } = stored;
    const message = created ? stored.message : (await withReactions(db, me.id, [stored.message]))[0]!;
    if (created) await tellOthers([stored]);
    const help = await checkAuthor(db, alerting, writtenOf(message, created));
    return reply.status(created ? 201 : 200).send(withAuthorHelp(message, help));
  } });

  r.route({ ...endpoint(r, 'sendBatch'), bodyLimit: BATCH_BODY_LIMIT, handler: async (request) => {
    await limits.spend('messages', currentUser(request).id, request.body.items.length);
    const { results, created, changes, judge } = await sendBatch({ db, store, config }, currentUser(request), request.body.items);
    // After the commit, in item order: a socket never announces a message that could still roll back.
    await tellOthers(created);
    for (const change of changes) await announceChange(db, realtime, change, change.actorId);
    // `help` goes on the author's own answer only; the announced copies never carry it. In item
    // order, so each line is judged with the lines before it (a plan typed offline in pieces). An
    // edit is judged as a send is: its new words, in the place and time of the message.
    const answered = [];
    for (const [at, result] of results.entries()) {
      const fresh = judge.get(at);
      answered.push(result.ok && fresh !== undefined ? withAuthorHelp(result, await checkAuthor(db, alerting, writtenOf(result.message, fresh))) : result);
    }
    return { results: answered };
  } });

  /** Idempotent. Answers the updated group with its members as people: the joiner is one of them now. */
  r.route({ ...endpoint(r, 'joinGroup'), handler: async (request) => {
    const me = currentUser(request);
    const group = await findGroup(db, request.params.groupId);
    await db.insert(groupMembers).values({ groupId: group.id, userId: me.id }).onConflictDoNothing();
    realtime.joinGroup(me.id, group.id);
    return joinedGroup(db, me.id, group.id);
  } });

  // Registered last so the static paths above win; Fastify prefers static segments anyway.
  r.route({ ...endpoint(r, 'directThread'), handler: async (request) => {
    const me = currentUser(request);
    const other = await threadPartner(db, request.params.userId);
    return directThread(db, me.id, other.id, request.query);
  } });
};
