/**
 * GET /api/me/export: everything the server holds that is the person's own, as one file (their
 * right of access and portability). Their direct threads (both sides: a conversation is theirs too),
 * the groups they are in and what they wrote there (not the others' messages: those are the
 * others'), their Aura chats. No password hash, no session, nobody else's referral data; other
 * people appear only by id and name, and the wellness summary they share, if they do. The diary and
 * check-ins never reach the server and have their own export.
 */
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { AccountExport } from '../../shared/api';
import type { Db } from '../db/client';
import { wellnessSummarySchema } from '../../shared/wellness-share';
import { aiChats, aiMessages, directMessages, groupMembers, groupMessages, groups, users, wellnessShares, type UserRow } from '../db/schema';
import { toAuthUser } from './serialize';

type Conversation = AccountExport['directConversations'][number];

export async function exportAccount(db: Db, user: UserRow): Promise<AccountExport> {
  // One snapshot, so a message sent while the file is made is either wholly in it or not at all.
  return db.transaction(async (tx) => {
    const direct = await tx.select().from(directMessages)
      .where(or(eq(directMessages.senderId, user.id), eq(directMessages.receiverId, user.id)))
      .orderBy(asc(directMessages.seq));
    const otherIds = [...new Set(direct.map((m) => (m.senderId === user.id ? m.receiverId : m.senderId)))];
    const others = otherIds.length === 0 ? [] : await tx.select({ _id: users.id, fullName: users.fullName })
      .from(users).where(inArray(users.id, otherIds));
    const conversations = new Map<string, Conversation>(others.map((o) => [o._id, { with: o, messages: [] }]));
    for (const m of direct) {
      conversations.get(m.senderId === user.id ? m.receiverId : m.senderId)?.messages.push({
        _id: m.id, fromMe: m.senderId === user.id, text: m.text, image: m.image, createdAt: m.createdAt.toISOString(),
      });
    }

    const memberships = await tx.select({ group: groups, joinedAt: groupMembers.joinedAt }).from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, user.id)).orderBy(asc(groupMembers.joinedAt));
    const written = await tx.select({ message: groupMessages, groupName: groups.name }).from(groupMessages)
      .innerJoin(groups, eq(groups.id, groupMessages.groupId))
      .where(eq(groupMessages.senderId, user.id)).orderBy(asc(groupMessages.seq));

    const chats = await tx.select().from(aiChats).where(eq(aiChats.userId, user.id)).orderBy(asc(aiChats.createdAt));
    const turns = await tx.select().from(aiMessages)
      .where(eq(aiMessages.userId, user.id)).orderBy(asc(aiMessages.seq));
    const history = new Map<string, AccountExport['auraChats'][number]['history']>(chats.map((c) => [c.id, []]));
    for (const t of turns) history.get(t.chatId)?.push({ role: t.role, text: t.text, img: t.img, createdAt: t.createdAt.toISOString() });
    const [share] = await tx.select().from(wellnessShares).where(eq(wellnessShares.userId, user.id)).limit(1);

    return {
      format: 'haven-account-export',
      version: 1,
      exportedAt: new Date().toISOString(),
      profile: toAuthUser(user),
      directConversations: [...conversations.values()],
      groups: memberships.map(({ group: g, joinedAt }) => ({
        _id: g.id, name: g.name, type: g.type, description: g.description, joinedAt: joinedAt.toISOString(),
      })),
      groupMessages: written.map(({ message: m, groupName }) => ({
        _id: m.id, groupId: m.groupId, groupName, text: m.text, createdAt: m.createdAt.toISOString(),
      })),
      auraChats: chats.map((c) => ({
        _id: c.id, title: c.title, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString(),
        history: history.get(c.id) ?? [],
      })),
      wellnessShare: share ? { summary: wellnessSummarySchema.parse(share.summary), updatedAt: share.updatedAt.toISOString() } : null,
    };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
