/**
 * GET /api/safety/resources: the crisis lines "Get help now" shows. Open to everyone, signed in or
 * not, because the sign-in screen offers help too; the list is the same for everybody.
 */
import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_CRISIS_RESOURCES } from '../../shared/crisis-resources';
import type { AppContext } from '../context';
import { endpoint } from '../http/endpoint';
import type { ZodTypeProvider } from '../http/zod';

export const safetyRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  const body = { resources: config.CRISIS_RESOURCES ?? DEFAULT_CRISIS_RESOURCES };
  app.withTypeProvider<ZodTypeProvider>().route({ ...endpoint(app, 'crisisResources'), handler: async () => body });
};
