/** Starts Haven: configuration, database, first admin, then listen; SIGTERM and SIGINT close it gracefully. */
import { buildApp } from './app';
import { ensureAdmin } from './bootstrap-admin';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { describeError } from './http/logging';
import { deleteExpiredSessions } from './auth/sessions';
import { DataDirInUseError } from './db/data-dir-lock';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(config);
  const admin = await database.once((db) => ensureAdmin(db, config));
  await deleteExpiredSessions(database.db, config.SESSION_IDLE_DAYS);
  const app = await buildApp({ config, database });
  // Background work (a broadcast to another instance, a presence update, a lost connection's
  // cleanup) that fails is logged and the server goes on: one person's live update is never worth
  // every other person's connection. Requests have their own error handler.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'background work failed'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const timer = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(`Shutdown failed: ${describeError(error)}`);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\nHaven is running at http://${shownHost}:${port}`);
  console.log(`Database: ${where}`);
  if (admin.oneTimePassword) {
    console.log(`Admin sign-in: ${admin.email} / ${admin.oneTimePassword}`);
    console.log('This one-time password is shown only now. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n');
  } else {
    console.log(`Admin sign-in: ${admin.email} (password from ADMIN_PASSWORD, or the one printed at first boot)\n`);
  }
}

main().catch((error) => {
  // The data folder held by another process: its own message says by whom and what to do.
  if (error instanceof DataDirInUseError) {
    console.error(`Haven failed to start: ${error.message}`);
    process.exit(1);
  }
  // Not the raw error: a failed first-admin insert would print its email and password hash.
  console.error(`Haven failed to start: ${describeError(error)}`);
  process.exit(1);
});
