/**
 * Crisis detection v2 on the device (docs/crisis-detection.md): an imminent card puts one emergency
 * call first, offline too; the device judges a line with the writer's own previous lines in the
 * same place (a conversation, an Aura chat, the diary) and nobody else's.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HelpCard } from '../../../src/client/features/help/HelpCard';
import { resetCrisisResources } from '../../../src/client/features/help/resources';
import { saveEntry } from '../../../src/client/features/diary/entries';
import { type HavenDb } from '../../../src/client/db/database';
import { noteKey, offerHelp } from '../../../src/client/safety/help-notes';
import { previousDiary, previousInConversation } from '../../../src/client/safety/previous';
import { queueDirect } from '../../../src/client/sync/outbox';
import { freshDb, OTHER } from '../sync/fixtures';
import { directKey } from '../../../src/shared/conversation';

/** The card's links include the safety plan's, so it needs a router around it. */
async function show(node: ReactNode): Promise<void> {
  const router = createRouter({ routeTree: createRootRoute({ component: () => <>{node}</> }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  await act(async () => { render(<RouterProvider router={router} />); });
}

const PLAN = ['my mind is made up', 'its gonna be sunday', 'everything is ready'];

describe('the imminent help card', () => {
  beforeEach(() => {
    localStorage.clear();
    resetCrisisResources();
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
  });
  afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

  it('starts with one button that dials the emergency number, before the heading and every other line', async () => {
    await show(<HelpCard subject="self" context="aura" imminent />);
    const card = screen.getByTestId('help-card');
    const links = within(card).getAllByRole('link');
    expect(links[0]).toBe(screen.getByTestId('emergency-call'));
    expect(links[0]!.getAttribute('href')).toBe('tel:112');
    expect(links[0]!.getAttribute('aria-label')).toBe('Call 112, Emergency services, now');
    const heading = within(card).getByRole('heading');
    expect(links[0]!.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is worded for a helper when the risk is someone else\'s', async () => {
    await show(<HelpCard subject="other" context="message" imminent />);
    expect(screen.getByTestId('emergency-call').textContent).toContain('Emergency services can reach them fastest');
  });

  it('an ordinary crisis card has no emergency button first', async () => {
    await show(<HelpCard subject="self" context="diary" />);
    expect(screen.queryByTestId('emergency-call')).toBeNull();
  });
});

describe('the device judges a line with the writer\'s previous lines', () => {
  let db: HavenDb;
  beforeEach(async () => {
    db = freshDb();
    await db.open();
  });
  afterEach(() => db.close());

  it('a plan sent in three direct messages leaves a help note on the third, from the writer\'s own lines only', async () => {
    const scope = directKey(OTHER);
    for (const text of PLAN) {
      const m = await queueDirect(db, db.userId, OTHER, text, null);
      await offerHelp(db, scope, text, () => previousInConversation(db, scope, db.userId, m.key));
      const noted = await db.meta.get(noteKey(scope));
      expect(Boolean(noted), text).toBe(text === PLAN[2]);
    }
  });

  it('previous lines leave out the line itself and other people\'s lines', async () => {
    const scope = directKey(OTHER);
    const mine = await queueDirect(db, db.userId, OTHER, 'first of mine', null);
    await db.messages.put({ ...mine, key: `${OTHER}:theirs`, senderId: OTHER, text: 'theirs', sortKey: mine.sortKey + 1 });
    const last = await queueDirect(db, db.userId, OTHER, 'second of mine', null);
    expect(await previousInConversation(db, scope, db.userId, last.key)).toEqual(['first of mine']);
  });

  it('the diary: an entry is judged with the entries written just before it', async () => {
    const now = Date.now();
    await saveEntry(db, 'monday', PLAN[0]!, new Date(now - 120_000));
    await saveEntry(db, 'still monday', PLAN[1]!, new Date(now - 60_000));
    const entry = await saveEntry(db, 'later', PLAN[2]!, new Date(now));
    expect(await previousDiary(db, entry.id)).toEqual([`monday\n${PLAN[0]}`, `still monday\n${PLAN[1]}`]);
  });
});
