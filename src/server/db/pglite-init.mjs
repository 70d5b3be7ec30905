/**
 * `node pglite-init.mjs <dir> [migrations folder]`: creates a PGlite data folder (initdb), applies
 * Haven's migrations when given their folder, and exits. Run as a child process at a first boot
 * (client.ts): initdb runs a second PostgreSQL and grows the WebAssembly heap to about 800 MB, and
 * creating the schema would grow the server's own heap by about 50 MB; a process never gives
 * memory back, and this one ends with both. The server then finds its migrations applied. A child
 * that fails half way leaves a folder the server's own migration step finishes, as after an upgrade.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [dataDir, migrationsFolder] = process.argv.slice(2);
const db = await PGlite.create(dataDir);
if (migrationsFolder) await migrate(drizzle({ client: db }), { migrationsFolder });
await db.close();
