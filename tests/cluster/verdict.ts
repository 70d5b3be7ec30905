/**
 * What every scenario must end with, checked in one place (each check soft, so one failure does not
 * hide the others, and the figures are recorded first):
 * - every message written was acknowledged, and is stored exactly once, each sender's in the order written;
 * - every device's catch-up ends with every message it may read (and none it may not);
 * - no instance process exited but the ones the scenario ended, and those came back;
 * - the devices that should keep their socket kept it;
 * - live delivery resumed for every open device within 5 s of each disruption's end.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { Device } from './device';
import { recordFigures, spread } from './figures';
import type { ClusterFixture } from './fixture';
import type { Ledger, Message } from './ledger';

export const RESUME_LIMIT_MS = 5_000;

export interface Disruption {
  label: string;
  /** performance.now() when it began: the signal sent, the first termination, PostgreSQL stopping. */
  from: number;
  /** When it ended (the kill, the instance's exit, the last termination, PostgreSQL back): resumption is measured from here. */
  at: number;
  /** Devices that must not lose their socket from `from` until `until` (default: the end of the scenario). */
  untouched: Device[];
  until?: number;
  /** Devices whose live delivery must resume within RESUME_LIMIT_MS of `at`. */
  resuming: Device[];
}

export interface Scenario {
  name: string;
  fixture: ClusterFixture;
  ledger: Ledger;
  devices: Device[];
  groupId: string;
  disruptions: Disruption[];
  /** Instance pids at the start, by name. */
  pidsAtStart: Map<string, number | undefined>;
  /** The instance processes the scenario ended on purpose (kill -9, graceful restart). */
  endedPids: (number | undefined)[];
  unsent: string[];
  /** performance.now() when the scenario began (before the traffic). */
  startedAt: number;
}

/** From `at` to the first live message the device received that was written after `at`. */
export function resumeMs(device: Device, ledger: Ledger, at: number): number | null {
  for (const arrival of device.arrivals) {
    if (arrival.at < at) continue;
    const written = ledger.writtenAt(arrival.clientId);
    if (written !== undefined && written >= at) return arrival.at - at;
  }
  return null;
}

/** For each time the device lost its socket between `from` and `until`: how long until it was connected again (null: never). */
function reconnectsMs(device: Device, from: number, until: number): (number | null)[] {
  return device.disconnects.filter((d) => d.at >= from && d.at <= until).map((d) => {
    const back = device.connects.find((c) => c.at >= d.at);
    return back ? back.at - d.at : null;
  });
}

async function storedRows(fixture: ClusterFixture, ledger: Ledger) {
  const query = `select client_id, sender_id, seq from direct_messages where client_id like $1
    union all select client_id, sender_id, seq from group_messages where client_id like $1`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await fixture.sql.query<{ client_id: string; sender_id: string; seq: string }>(query, [`${ledger.tag}-%`])).rows;
    } catch (error) {
      if (attempt === 5) throw error;
      await sleep(500);
    }
  }
}

async function checkStorage(s: Scenario) {
  const rows = await storedRows(s.fixture, s.ledger);
  const byClientId = new Map<string, number[]>();
  for (const row of rows) byClientId.set(row.client_id, [...(byClientId.get(row.client_id) ?? []), Number(row.seq)]);
  const written = [...s.ledger.written.values()];
  const lost = written.filter((w) => !byClientId.has(w.clientId)).map((w) => w.clientId);
  const duplicated = [...byClientId].filter(([, seqs]) => seqs.length > 1).map(([id]) => id);
  const unknown = [...byClientId.keys()].filter((id) => !s.ledger.written.has(id));
  const unanswered = written.filter((w) => !w.stored && !w.refused).map((w) => w.clientId);
  const refused = written.filter((w) => w.refused).map((w) => `${w.clientId}: ${w.refused}`);
  let outOfOrder = 0;
  const lastSeq = new Map<string, number>();
  for (const w of written) {
    const seq = byClientId.get(w.clientId)?.[0];
    if (seq === undefined) continue;
    if (seq <= (lastSeq.get(w.senderId) ?? -1)) outOfOrder += 1;
    lastSeq.set(w.senderId, seq);
  }
  return { written: written.length, rows: rows.length, lost, duplicated, unknown, unanswered, refused, outOfOrder };
}

async function checkCatchUp(s: Scenario) {
  const visible = (device: Device, m: Message) => ('groupId' in m ? m.groupId === s.groupId : m.senderId === device.userId || m.receiverId === device.userId);
  const results = [];
  for (const device of s.devices) {
    let complete = false;
    for (let attempt = 0; attempt < 20 && !complete; attempt += 1) {
      complete = await device.syncOnce();
      if (!complete) await sleep(500);
    }
    const expected = s.ledger.visibleTo(device.userId, [s.groupId]).filter((w) => w.stored).map((w) => w.stored!._id);
    const missing = expected.filter((id) => !device.caughtUp.has(id));
    const foreign = [...device.caughtUp.values()].filter((m) => !visible(device, m)).map((m) => m._id);
    results.push({ device: device.name, complete, expected: expected.length, missing: missing.length, foreign: foreign.length, sample: missing.slice(0, 3) });
  }
  return results;
}

export async function judge(s: Scenario): Promise<void> {
  const { cluster } = s.fixture;
  const storage = await checkStorage(s);
  const catchUp = await checkCatchUp(s);
  const ended = new Set(s.endedPids);
  // Exits at boot belong to the boot (realtime.test.ts checks those); this scenario answers for its own.
  const crashes = cluster.exits.filter((e) => e.at >= s.startedAt && !ended.has(e.pid))
    .map((e) => `${e.name} (pid ${e.pid}) exited with ${e.signal ?? `code ${e.code}`}`);
  // Every instance back (the supervisor restarts a killed one) before its liveness is judged.
  await Promise.all(cluster.instances.map((i) => i.waitUp(30_000).catch(() => undefined)));
  const replaced = cluster.instances.filter((i) => !ended.has(s.pidsAtStart.get(i.name)) && i.pid !== s.pidsAtStart.get(i.name))
    .map((i) => `${i.name}: pid ${s.pidsAtStart.get(i.name)} is now ${i.pid ?? 'gone'}`);
  const down = cluster.instances.filter((i) => !i.healthy).map((i) => i.name);
  const stuck = s.devices.filter((d) => d.stopped).map((d) => `${d.name}: ${d.stopped}`);
  const perDisruption = s.disruptions.map((d) => {
    const resume = d.resuming.map((device) => ({ device, ms: resumeMs(device, s.ledger, d.at) }));
    const inWindow = (x: { at: number }) => x.at >= d.from && x.at <= (d.until ?? Infinity);
    const lostSocket = d.untouched.flatMap((device) => device.disconnects.filter(inWindow)
      .map((x) => `${device.name} on ${x.instance}: ${x.reason}`));
    // The devices expected to resume go through HAProxy (or sit on an instance left alone); the
    // others are connected to the disrupted instance itself and wait for it to come back.
    const reconnects = d.resuming.flatMap((device) => reconnectsMs(device, d.from, d.until ?? Infinity));
    const pinned = s.devices.filter((device) => !d.resuming.includes(device))
      .flatMap((device) => reconnectsMs(device, d.from, d.until ?? Infinity));
    return {
      label: d.label,
      resume, lostSocket,
      figures: {
        disruption: d.label,
        disruptionMs: Math.round(d.at - d.from),
        clientsMeasured: resume.length,
        resumeMs: spread(resume.filter((r) => r.ms !== null).map((r) => r.ms!)),
        neverResumed: resume.filter((r) => r.ms === null).length,
        clientsThatLostTheirSocket: s.devices.filter((device) => device.disconnects.some(inWindow)).length,
        reconnectMs: spread(reconnects.filter((r): r is number => r !== null)),
        reconnectsNeverDone: reconnects.filter((r) => r === null).length,
        allReconnectMs: reconnects.map((r) => (r === null ? null : Math.round(r))),
        reconnectMsOfDevicesOnTheDisruptedInstanceItself: pinned.map((r) => (r === null ? null : Math.round(r))),
        allResumeMs: resume.map((r) => (r.ms === null ? null : Math.round(r.ms))),
      },
    };
  });
  const failedAttempts: Record<string, number> = {};
  for (const device of s.devices) for (const [cause, n] of device.failures) failedAttempts[cause] = (failedAttempts[cause] ?? 0) + n;
  recordFigures(s.name, {
    clients: s.devices.length,
    messagesWritten: storage.written,
    rowsStored: storage.rows,
    lost: storage.lost.length,
    duplicated: storage.duplicated.length,
    seconds: Math.round((performance.now() - s.startedAt) / 100) / 10,
    failedSendAttempts: failedAttempts,
    catchUpFailures: s.devices.reduce((n, d) => n + d.catchUpFailures, 0),
    unexpectedExits: crashes,
    disruptions: perDisruption.map((d) => d.figures),
  });

  expect.soft(s.unsent, 'messages never acknowledged').toEqual([]);
  expect.soft({ lost: storage.lost, duplicated: storage.duplicated, unknown: storage.unknown }, 'rows by clientId').toEqual({ lost: [], duplicated: [], unknown: [] });
  expect.soft({ unanswered: storage.unanswered, refused: storage.refused }, 'answers to the sends').toEqual({ unanswered: [], refused: [] });
  expect.soft(storage.outOfOrder, 'messages stored out of their sender\'s order').toBe(0);
  expect.soft(catchUp.filter((c) => !c.complete || c.missing > 0 || c.foreign > 0), 'incomplete catch-ups').toEqual([]);
  expect.soft(crashes, 'instances that exited without being asked').toEqual([]);
  expect.soft(replaced, 'surviving instances replaced by a new process').toEqual([]);
  expect.soft(down, 'instances not healthy at the end').toEqual([]);
  expect.soft(stuck, 'devices whose socket stayed closed').toEqual([]);
  for (const d of perDisruption) {
    expect.soft(d.lostSocket, `${d.label}: devices that should have kept their socket`).toEqual([]);
    const slow = d.resume.filter((r) => r.ms === null || r.ms > RESUME_LIMIT_MS).map((r) => `${r.device.name}: ${r.ms === null ? 'never' : `${Math.round(r.ms)} ms`}`);
    expect.soft(slow, `${d.label}: live delivery resumed later than ${RESUME_LIMIT_MS} ms`).toEqual([]);
  }
}
