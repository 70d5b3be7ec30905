/**
 * A graceful restart of the server is invisible to a person with a conversation open: the app
 * reconnects by itself and the conversation goes on receiving messages, without a reload
 * (docs/decisions/restarts-and-reconnection.md). The test runs a server of its own, so stopping it
 * disturbs no other test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { useBrowser, WAIT } from './browser';
import { message, personRow, signUpAs, uniqueName, verifiedTherapist } from './chat-helpers';
import { freePort, startHaven, type HavenProcess } from './server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'haven-e2e-restart-'));
let port = 0;
let server: HavenProcess;
const start = async () => {
  server = await startHaven({
    port, dataDir: join(dataDir, 'data'), dist: inject('dist'), adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword'),
  });
};
beforeAll(async () => {
  port = await freePort();
  await start();
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a graceful restart of the server', () => {
  const browser = useBrowser();

  it('leaves an open conversation receiving messages again within 5 s, without a reload', async () => {
    const own = { baseURL: server.baseURL };
    const admin = await browser.open(own);
    const { code } = await verifiedTherapist(admin, await browser.open(own));
    const ana = await browser.open({ ...own, width: 390, height: 844 });
    const ben = await browser.open(own);
    const anaName = uniqueName('Ana');
    const anaId = (await signUpAs(ana.context(), 'user', anaName, code))._id;
    const benName = uniqueName('Ben');
    await signUpAs(ben.context(), 'user', benName, code);
    await ana.goto('/chat');
    await ana.getByLabel('Search people').fill(benName.slice(0, -1));
    await personRow(ana, benName).click();
    const say = (text: string) => ben.context().request.post(`/api/messages/send/${anaId}`, { data: { text }, timeout: WAIT });
    expect((await say('before the restart')).ok()).toBe(true);
    await message(ana, 'before the restart').waitFor();
    // A mark only this page load carries: a reload would lose it.
    await ana.evaluate(() => { (window as { havenMark?: number }).havenMark = 1; });

    await server.stop();
    await start();
    const back = Date.now();
    // Sent after the restart: it can only reach the open page live, through a new socket.
    expect((await say('after the restart')).ok()).toBe(true);
    await message(ana, 'after the restart').waitFor({ timeout: 5_000 });
    const seconds = (Date.now() - back) / 1000;
    console.log(`restart → message on screen: ${seconds.toFixed(2)} s`);
    expect(await ana.evaluate(() => (window as { havenMark?: number }).havenMark)).toBe(1);
  });
});
