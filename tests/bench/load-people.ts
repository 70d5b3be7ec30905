/**
 * The load bench's setup, not measured: one verified therapist's referral code, then signed-in
 * people (Argon2 signups, a few at a time), each with a connected socket.
 */
import { io, type Socket } from 'socket.io-client';
import { ADMIN, post } from './lib';

const SIGNUP_CONCURRENCY = 4;
const CONNECT_CONCURRENCY = 25;

export interface Person {
  id: string;
  cookie: string;
  socket?: Socket;
}

/** Runs `work` over 0..count-1 with at most `limit` at a time. */
export async function pooled<T>(count: number, limit: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, count) }, async () => {
    while (next < count) {
      const i = next;
      next += 1;
      out[i] = await work(i);
    }
  }));
  return out;
}

/** People signed up with a referral code: active at once, and free to write to anyone active. */
export async function signUpPeople(baseUrl: string, count: number): Promise<Person[]> {
  const stamp = Date.now();
  const admin = (await post(baseUrl, '/api/auth/login', ADMIN)).cookie;
  const therapist = await post<{ _id: string }>(baseUrl, '/api/auth/signup',
    { fullName: 'Load Therapist', email: `load-therapist.${stamp}@bench.haven`, password: 'bench-password', role: 'therapist' });
  const { json: verified } = await post<{ referralCode: string }>(baseUrl, `/api/admin/verify-user/${therapist.json._id}`, {}, admin);
  return pooled(count, SIGNUP_CONCURRENCY, async (i) => {
    const { cookie, json } = await post<{ _id: string }>(baseUrl, '/api/auth/signup', {
      fullName: `Load ${i}`, email: `load${i}.${stamp}@bench.haven`, password: 'bench-password', role: 'user', referralCode: verified.referralCode,
    });
    return { id: json._id, cookie };
  });
}

export async function connectAll(baseUrl: string, people: Person[]): Promise<void> {
  await pooled(people.length, CONNECT_CONCURRENCY, async (i) => {
    const person = people[i]!;
    const socket = io(baseUrl, { transports: ['websocket'], extraHeaders: { cookie: person.cookie }, reconnection: false, forceNew: true });
    person.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
}

export function disconnectAll(people: Person[]): void {
  for (const p of people) p.socket?.disconnect();
}
