import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from './harness';
import { PASSWORD, signUp, verifiedProfessional } from './people';

// PGlite on disk is what `npm start` uses. The pg project leaves this file out (vitest.config.ts):
// a PostgreSQL database outlives the process anyway.
describe('restart with PGlite on disk', () => {
  it('keeps every account, status and referral code across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'haven-restart-'));
    try {
      const first = await startServer({ dataDir, onDisk: true });
      const { email: therapistEmail, code } = await verifiedProfessional(first);
      const { email: userEmail } = await signUp(first, { role: 'user', referralCode: code });
      await first.stop();

      const second = await startServer({ dataDir, onDisk: true });
      try {
        const therapist = second.agent();
        const t = await therapist.post('/api/auth/login', { email: therapistEmail, password: PASSWORD });
        expect(t.status).toBe(200);
        expect(t.body).toMatchObject({ status: 'verified', referralCode: code });
        const u = await second.agent().post('/api/auth/login', { email: userEmail, password: PASSWORD });
        expect(u.status).toBe(200);
        expect(u.body.referredBy).toBe(t.body._id);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
