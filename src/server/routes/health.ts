/**
 * GET /api/health: for load balancers and smoke tests; it asks the database on a connection of its
 * own (503 while PostgreSQL cannot be reached, so a balancer takes this instance out of rotation;
 * a pool busy with requests is not that).
 * A balancer asks every half second: the log says when the answer changes, not every time.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { logFailure } from '../db/unavailable';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';

export const healthRoutes: FastifyPluginAsync<AppContext> = async (app, { database }) => {
  let answering = true;
  // The request's own log lines (and the error handler's) are silenced; the changes go to the app's log.
  app.withTypeProvider<ZodTypeProvider>().route({ ...endpoint(app, 'health'), logLevel: 'silent', handler: async () => {
    try {
      await database.ping();
    } catch (error) {
      if (answering) logFailure(app.log, 'health: answering 503', error);
      answering = false;
      throw new AppError('UNAVAILABLE', 'The database is not answering');
    }
    if (!answering) app.log.warn('health: the database answers again');
    answering = true;
    return { status: 'ok' as const, database: database.kind };
  } });
};
