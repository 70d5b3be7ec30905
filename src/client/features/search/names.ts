/** The names a result shows: its conversation's, and who wrote it. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { PeopleConversation } from '../../../shared/conversation';
import { useDb } from '../../sync/current';
import type { SearchHit } from './hits';

export interface Names {
  people: ReadonlyMap<string, string>;
  groups: ReadonlyMap<string, string>;
  /** Still being read: no "Someone" flashes before the real name. */
  loading?: boolean;
}

const LOADING: Names = { people: new Map(), groups: new Map(), loading: true };
const PENDING = '…';

/** The names of these conversations' people and groups as the device knows them. */
export function useNames(conversations: readonly PeopleConversation[]): Names {
  const db = useDb();
  const people = [...new Set(conversations.filter((c) => c.kind === 'direct').map((c) => c.id))].sort();
  const groups = [...new Set(conversations.filter((c) => c.kind === 'group').map((c) => c.id))].sort();
  const key = `${people.join(',')};${groups.join(',')}`;
  const found = useLiveQuery(async () => {
    const [users, rows] = await Promise.all([db.users.bulkGet(people), db.groups.bulkGet(groups)]);
    return {
      key,
      people: new Map(users.flatMap((u) => (u ? [[u._id, u.fullName] as const] : []))),
      groups: new Map(rows.flatMap((g) => (g ? [[g._id, g.name] as const] : []))),
    };
  }, [db, key]);
  // A live query keeps its last answer while the next is read: names it has stay, the rest wait.
  if (!found) return LOADING;
  return found.key === key ? found : { ...found, loading: true };
}

export function conversationName(names: Names, c: PeopleConversation): string {
  const known = c.kind === 'direct' ? names.people.get(c.id) : names.groups.get(c.id);
  if (known) return known;
  if (names.loading) return PENDING;
  return c.kind === 'direct' ? 'Someone' : 'A group';
}

/** "You", a group message's sender, or the other person of a direct chat. */
export function senderName(names: Names, hit: Pick<SearchHit, 'senderId' | 'senderName' | 'conversation'>, me: string): string {
  if (hit.senderId === me) return 'You';
  if (hit.conversation.kind === 'group') return hit.senderName ?? 'Someone';
  return names.people.get(hit.senderId) ?? (names.loading ? PENDING : 'Someone');
}
