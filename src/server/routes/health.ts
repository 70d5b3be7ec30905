/** GET /api/health: for load balancers and smoke tests; it touches the database so a dead pool shows. */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { HealthResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';

export const healthRoutes: FastifyPluginAsync<AppContext> = async (app, { database }) => {
  app.get('/health', async (): Promise<HealthResponse> => {
    try {
      await database.db.execute(sql`select 1`);
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not answering');
    }
    return { status: 'ok', database: database.kind };
  });
};
