/** A fresh person's database per test, on fake-indexeddb (imported by each test file first). */
import { HavenDb } from '../../../src/client/db/database';

let n = 0;
export function freshDb(): HavenDb {
  n += 1;
  return new HavenDb(`diary-test-${Date.now().toString(36)}-${n}`);
}
