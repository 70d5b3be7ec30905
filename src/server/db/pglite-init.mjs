/**
 * `node pglite-init.mjs <dir>`: creates an empty PGlite data folder (initdb) and exits. Run as a
 * child process at a first boot (pglite-open.ts): initdb runs a second PostgreSQL and grows the
 * WebAssembly heap to about 800 MB, which a process never gives back; this one ends with it.
 */
import { PGlite } from '@electric-sql/pglite';

const db = await PGlite.create(process.argv[2]);
await db.close();
