/**
 * The account API under load: signups (Argon2id-bound), logins, and the session check that
 * every screen makes. Sequential latency, then concurrent throughput for the check.
 */
import { post, startBenchServer, summarize, timed } from './lib';

const SIGNUPS = 40;
const CHECKS = 2000;
const CONCURRENCY = 16;

export async function apiBench(postgresUrl?: string): Promise<Record<string, string>[]> {
  const server = await startBenchServer(postgresUrl);
  const rows: Record<string, string>[] = [];
  try {
    const { baseUrl } = server;
    const signups: number[] = [];
    const emails: string[] = [];
    for (let i = 0; i < SIGNUPS; i += 1) {
      const email = `bench${i}.${Date.now()}@bench.haven`;
      emails.push(email);
      const [, ms] = await timed(() => post(baseUrl, '/api/auth/signup', { fullName: `Bench ${i}`, email, password: 'bench-password', role: 'therapist' }));
      signups.push(ms);
    }
    rows.push({ database: server.kind, case: `signup x${SIGNUPS} (sequential)`, ...summarize(signups) });

    const logins: number[] = [];
    let cookie = '';
    for (const email of emails) {
      const [c, ms] = await timed(() => post(baseUrl, '/api/auth/login', { email, password: 'bench-password' }));
      cookie = c.cookie;
      logins.push(ms);
    }
    rows.push({ database: server.kind, case: `login x${SIGNUPS} (sequential)`, ...summarize(logins) });

    const checks: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < CHECKS) {
        next += 1;
        const [, ms] = await timed(async () => {
          const res = await fetch(`${baseUrl}/api/auth/check`, { headers: { cookie } });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`check answered ${res.status}`);
        });
        checks.push(ms);
      }
    }));
    const wall = (performance.now() - started) / 1000;
    const s = summarize(checks);
    rows.push({ database: server.kind, case: `auth/check x${CHECKS} (${CONCURRENCY} in flight)`, p50: s.p50, p99: s.p99, perSecond: (CHECKS / wall).toFixed(0) });
  } finally {
    await server.close();
  }
  return rows;
}
