/**
 * Builds the Fastify app: plugins first (security headers, cookies, compression, multipart, the
 * session lookup, the Origin check, the text guard), then the routes, then static files. main.ts
 * listens; tests build their own app on their own database.
 */
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { LoginThrottle } from './auth/login-throttle';
import { registerSessionLookup } from './auth/guards';
import { Limiters } from './limits/limiters';
import { PersonLimits } from './limits/person-limits';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { AppEvents } from './events';
import { frameworkErrorBody, registerErrorHandling } from './http/errors';
import { loggerOptions, OneLinePerRequest } from './http/logging';
import { makeOriginCheck } from './http/origin';
import { securityHeaders } from './http/security-headers';
import { registerStatic } from './http/static';
import { textGuard } from './http/text-guard';
import { serverTimeouts } from './http/timeouts';
import { trustProxyOption } from './http/trust-proxy';
import { zodSerializerCompiler, zodValidatorCompiler } from './http/zod';
import { Realtime } from './realtime/realtime';
import { adminGroupRoutes } from './routes/admin-groups';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { chatRoutes } from './routes/chats';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { messageRoutes } from './routes/messages';
import { readRoutes } from './routes/reads';
import { receiptRoutes } from './routes/receipts';
import { searchRoutes } from './routes/search';
import { blockRoutes } from './routes/blocks';
import { conversationRoutes } from './routes/conversations';
import { crisisAlertRoutes } from './routes/crisis-alerts';
import { moderationRoutes } from './routes/moderation';
import { muteRoutes } from './routes/mutes';
import { reportRoutes } from './routes/reports';
import { safetyRoutes } from './routes/safety';
import { createMailer } from './mail/mailer';
import { createPush } from './push/push';
import { pushRoutes } from './routes/push';
import { wellnessShareRoutes } from './routes/wellness-share';
import { uploadApiRoutes, uploadFileRoutes } from './routes/uploads';
import { API_PATH } from '../shared/paths';
import { WARM_UP_STEPS } from '../shared/safety';
import { loadOrCreateKeys } from './uploads/signing';
import { ImageStore } from './uploads/store';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Overrides the log level from the config (tests pass 'silent'). */
  logLevel?: string;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp({ config, database, logLevel, logStream }: BuildOptions): Promise<FastifyInstance> {
  const headers = securityHeaders(config);
  const app = Fastify({
    logger: loggerOptions(logLevel ?? config.LOG_LEVEL, logStream),
    logController: new OneLinePerRequest(),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    ...serverTimeouts(config),
    bodyLimit: 1024 * 1024,
    // Ids stay short; longer paths and params are refused before they reach a handler.
    routerOptions: { maxParamLength: 100 },
    frameworkErrors: (error, request, reply) => {
      headers.applyBeforeHooks(request, reply as FastifyReply);
      void (reply as FastifyReply).status(400).send(frameworkErrorBody(error));
    },
  });
  app.decorate('events', new AppEvents());
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  registerErrorHandling(app);
  // The crisis detector builds its frames and weights on first use (the browser warms it when idle):
  // the server does it at start, so a malformed frame stops the start and no message waits for it.
  for (const step of WARM_UP_STEPS) step();

  const uploadKeys = await database.once((db) => loadOrCreateKeys(db, config.dataDir));
  const limiters = new Limiters(database, uploadKeys.privateKey);
  const push = await createPush(database, config, app.log);
  // onClose: after the routes' own preClose work (Aura's answers under way), whose pushes go too.
  app.addHook('onClose', () => push.stop());
  // For the tests and the bench: the queue's counts, and quiet-hours summaries on demand.
  app.decorate('push', push);
  const mailer = createMailer(config, app.log);
  app.addHook('preClose', () => mailer.stop());
  app.decorate('mailer', mailer);
  const ctx: AppContext = {
    config,
    database,
    limiters,
    store: new ImageStore(database.db, config.uploadsDir),
    uploadKeys,
    loginThrottle: new LoginThrottle({
      windowMs: config.RATE_LIMIT_LOGIN_WINDOW_MINUTES * 60_000,
      pairMax: config.RATE_LIMIT_LOGIN_PAIR_MAX,
      accountMax: config.RATE_LIMIT_LOGIN_ACCOUNT_MAX,
      addressMax: config.RATE_LIMIT_LOGIN_ADDRESS_MAX,
    }, limiters),
    realtime: new Realtime(app, config, database),
    personLimits: new PersonLimits(limiters),
    push,
    mailer,
  };

  // First, so that every answer carries them, whichever hook or handler ends the request.
  await headers.register(app);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  registerSessionLookup(app, database.db, { idleDays: config.SESSION_IDLE_DAYS });
  app.addHook('onRequest', makeOriginCheck(config.TRUSTED_ORIGINS));
  app.addHook('preValidation', textGuard);

  await app.register(async (api) => {
    await api.register(healthRoutes, ctx);
    await api.register(safetyRoutes, ctx);
    await api.register(authRoutes, { ...ctx, prefix: '/auth' });
    await api.register(accountRoutes, ctx);
    await api.register(adminRoutes, { ...ctx, prefix: '/admin' });
    await api.register(adminGroupRoutes, { ...ctx, prefix: '/admin' });
    await api.register(messageRoutes, { ...ctx, prefix: '/messages' });
    await api.register(conversationRoutes, { ...ctx, prefix: '/messages' });
    await api.register(chatRoutes, ctx);
    await api.register(readRoutes, ctx);
    await api.register(receiptRoutes, ctx);
    await api.register(searchRoutes, ctx);
    await api.register(blockRoutes, ctx);
    await api.register(muteRoutes, ctx);
    await api.register(reportRoutes, ctx);
    await api.register(crisisAlertRoutes, ctx);
    await api.register(moderationRoutes, { ...ctx, prefix: '/admin' });
    await api.register(uploadApiRoutes, ctx);
    await api.register(pushRoutes, ctx);
    await api.register(wellnessShareRoutes, ctx);
  }, { prefix: API_PATH });
  await app.register(uploadFileRoutes, ctx);
  await registerStatic(app, config.clientDist);
  return app;
}
