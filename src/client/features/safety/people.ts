/** Who may be blocked, what blocking means in words, and the people a screen needs that the directory may not hold. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { PublicUser } from '../../../shared/api';
import { useDb } from '../../sync/current';

export type BlockablePerson = Pick<PublicUser, '_id' | 'fullName' | 'profilePic'>;

/** Said wherever a block is offered (docs/decisions/blocks.md). */
export const BLOCK_EXPLAINED = "They won't be told. You won't see their messages or they your online status.";

/** Haven's team (admins) on this device's directory: the server refuses to block them, so the app never offers it. */
export function useStaffIds(): ReadonlySet<string> {
  const db = useDb();
  return useLiveQuery(async () => new Set((await db.users.filter((u) => u.role === 'admin').toArray()).map((u) => u._id)), [db]) ?? NONE;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * A person to open a direct chat with: from the directory, or else from their waiting message
 * request (a stranger need not be in any list this person sees).
 */
export function usePersonOrRequester(id: string | null): PublicUser | undefined {
  const db = useDb();
  return useLiveQuery(async () => {
    if (!id) return undefined;
    const known = await db.users.get(id);
    if (known) return known;
    const request = await db.requests.get(id);
    // The server sends requests only from people allowed to write, so a professional among them is verified.
    return request && { _id: request._id, fullName: request.fullName, profilePic: request.profilePic, role: request.role, status: 'verified', createdAt: request.lastAt };
  }, [db, id]);
}
