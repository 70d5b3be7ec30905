/** GET /api/health: for load balancers and smoke tests; it touches the database so a dead pool shows. */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';

export const healthRoutes: FastifyPluginAsync<AppContext> = async (app, { database }) => {
  app.withTypeProvider<ZodTypeProvider>().route({ ...endpoint(app, 'health'), handler: async () => {
    try {
      await database.db.execute(sql`select 1`);
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not answering');
    }
    return { status: 'ok' as const, database: database.kind };
  } });
};
