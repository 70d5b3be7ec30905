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

// If the server that started this is stopped mid-boot, this ends too (an orphan is given a new
// parent), rather than writing on alone while a restarted server opens the same folder.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(1);
}, 250).unref();

const [dataDir, migrationsFolder] = process.argv.slice(2);
try {
  const db = await PGlite.create(dataDir);
  if (migrationsFolder) await migrate(drizzle({ client: db }), { migrationsFolder });
  await db.close();
} catch (error) {
  // One line the server can show: drizzle's own message ends with the query's parameters, and
  // what PostgreSQL said is its cause.
  const cause = error?.cause;
  const said = cause ? ` (${cause.code ? `${cause.code} ` : ''}${cause.message})` : '';
  process.stderr.write(`${String(error?.message ?? error).split('\nparams:')[0].replaceAll('\n', ' ')}${said}\n`);
  process.exit(1);
}
process.exit(0);
