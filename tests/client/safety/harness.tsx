/**
 * One person's device for the safety screens' jsdom tests: a fresh person (so a fresh Dexie
 * database) each test, the engine's local store without socket or sync, a fake API that records
 * every call, modal dialogs, and the page with its toasts on a memory router.
 */
import { cleanup, render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, beforeEach, vi } from 'vitest';
import type { HavenDb, LocalMessage } from '../../../src/client/db/database';
import { api } from '../../../src/client/net/api';
import { currentEngine, startEngine, stopEngine } from '../../../src/client/sync/current';
import { AppToaster } from '../../../src/client/ui/Toasts';
import type { AuthUser, PublicUser } from '../../../src/shared/api';

export const ME: AuthUser = {
  _id: 'a0000000000000000000000a', fullName: 'Sam Rivers', email: 'sam@example.com', role: 'user', status: 'verified', profilePic: '',
  referralCode: null, referredBy: null, verificationRequest: false, verificationMessage: '', createdAt: '2026-01-02T03:04:05.000Z', displayName: null,
};

export const person = (id: string, fullName: string, role: PublicUser['role'] = 'user'): PublicUser => ({
  _id: id, fullName, role, status: 'verified', profilePic: '', createdAt: '2026-01-02T03:04:05.000Z',
});

export interface Answer { status: number; body: unknown }
export interface Call { route: string; body: unknown }
type Handler = (route: string, body: unknown) => Answer | undefined;

/** The fake API: answers by `METHOD /api/path`, records every call. */
export const server = {
  calls: [] as Call[],
  handlers: [] as Handler[],
  on(handler: Handler) {
    this.handlers.push(handler);
  },
  routes(table: Record<string, ((body: unknown) => Answer) | object>) {
    this.on((route, body) => {
      const hit = table[route.split('?')[0]!];
      if (hit === undefined) return undefined;
      return typeof hit === 'function' ? (hit as (b: unknown) => Answer)(body) : { status: 200, body: hit };
    });
  },
  called(route: string) {
    return this.calls.filter((c) => c.route.split('?')[0] === route);
  },
};

let n = 0;
/** Registers the per-test set-up; `db()` is this test's database. */
export function useSafetyDevice(): { db: () => HavenDb } {
  beforeEach(async () => {
    localStorage.clear();
    server.calls.length = 0;
    server.handlers.length = 0;
    // jsdom does not scroll; Virtuoso asks it to when rows leave above the reader.
    Element.prototype.scrollBy ??= function scrollBy() {};
    Element.prototype.scrollTo ??= function scrollTo() {};
    // jsdom has no modal dialogs.
    HTMLDialogElement.prototype.showModal = function showModal() { this.setAttribute('open', ''); };
    HTMLDialogElement.prototype.close = function close() { this.removeAttribute('open'); };
    vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
      const req = typeof input === 'string' ? new Request(new URL(input, 'http://localhost/'), init) : input;
      const url = new URL(req.url);
      const route = `${req.method} ${url.pathname}${url.search}`;
      const text = req.method === 'GET' ? '' : await req.text();
      const body: unknown = text ? JSON.parse(text) : null;
      server.calls.push({ route, body });
      // The last registered answers first: a test's own handlers before the defaults.
      const answer = [...server.handlers].reverse().map((h) => h(route, body)).find(Boolean) ?? { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    });
    // The conversations' history pages: nothing older than what the test stored.
    server.on((route) => (/^GET \/api\/messages\/(group\/)?[0-9a-f]{24}(\?|$)/.test(route) ? { status: 200, body: [] } : undefined));
    n += 1;
    await startEngine({ ...ME, _id: `${ME._id.slice(0, 20)}${String(n).padStart(4, '0')}` }, { api, onUnauthorized: () => {}, realtime: false });
  });
  afterEach(async () => {
    cleanup();
    toast.remove();
    vi.unstubAllGlobals();
    const db = currentEngine()?.db;
    stopEngine();
    await db?.delete();
  });
  return { db: () => currentEngine()!.db };
}

/** The signed-in person's own id in this test (each test has its own). */
export const me = () => currentEngine()!.user._id;

export const sized = (children: ReactNode) => <VirtuosoMockContext.Provider value={{ viewportHeight: 1200, itemHeight: 60 }}>{children}</VirtuosoMockContext.Provider>;

/** `ui` on a memory router (for screens that navigate), with the toasts. */
export function renderScreen(ui: () => ReactNode, path = '/chat'): void {
  const rootRoute = createRootRoute({ component: () => <>{ui()}<AppToaster /></> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  render(sized(<RouterProvider router={router} />));
}

let m = 0;
/** A stored message of the conversation, from `from`. */
export function message(conversation: string, from: string, text: string, over: Partial<LocalMessage> = {}): LocalMessage {
  m += 1;
  const group = conversation.startsWith('group:');
  return {
    key: `${from}:c${m}`, kind: group ? 'group' : 'direct', conversation, _id: `d${String(m).padStart(23, '0')}`, seq: m, senderId: from,
    receiverId: group ? null : me(), groupId: group ? conversation.slice(6) : null, sender: group ? { _id: from, fullName: `Person ${from.slice(-2)}`, profilePic: '' } : null,
    text, image: null, clientId: `c${m}`, createdAt: new Date(2026, 2, 4, 10, m % 60).toISOString(), status: 'sent', error: null, sortKey: m, ...over,
  };
}
