// buildApp(config, deps): the whole HTTP app without listen (README.md "Map"), used
// by main.ts and by every API test through app.inject().
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import { JobSender } from './job-sender';
import { backgroundJobs } from './jobs';
import { registerListenersFirst } from './lib/listeners-first';
import type { MediaStore } from './lib/media-store';
import { openMediaStore } from './lib/open-media-store';
import { alwaysReady, type Readiness } from './lib/readiness';
import { accountsRoutes } from './modules/accounts/routes';
import { searchLimitsFor } from './modules/accounts/search-limits';
import { authAccounts } from './modules/accounts/service';
import { catalogueRoutes } from './modules/catalogue/routes';
import { commentsRoutes } from './modules/comments/routes';
import { contributeRoutes } from './modules/contribute/routes';
import { fingerprintsRoutes } from './modules/fingerprints/routes';
import { healthRoutes } from './modules/health/routes';
import { identificationsRoutes } from './modules/identifications/routes';
import { libraryRoutes } from './modules/library/routes';
import { registerLive } from './modules/live/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe-routes';
import { playerRoutes } from './modules/player/routes';
import { publishRoutes } from './modules/publish/routes';
import { searchRoutes } from './modules/search/routes';
import { shareRoutes } from './modules/share/routes';
import { siteRoutes } from './modules/site/routes';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import {
  genReqId,
  loggerOptions,
  registerRequestIdEcho,
  registerRequestLog,
  requestLogger,
} from './plugins/logging';
import { isBucket, mediaDelivery, registerMedia } from './plugins/media';
import { registerOpenApi } from './plugins/openapi';
import { registerReadYourWrites } from './plugins/read-your-writes';
import { registerSecurityHeaders } from './plugins/security-headers';
import { contractSerializerCompiler } from './plugins/serializer';
import { registerStatementLimits } from './plugins/statement-limits';
import { registerWebApp, spaFallback } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** The database with its driver-level helpers (exec, close). */
    database: Database;
    /** The Drizzle handle that modules' queries.ts use. */
    db: Db;
    /** Where audio and artwork are stored (lib/media-store.ts). */
    media: MediaStore;
    /** Sends jobs to the job engine, wherever the jobs run (job-sender.ts). */
    jobSender: JobSender;
  }
}

export interface AppDeps {
  database: Database;
  /** Where log lines go (default stdout); tests pass a stream to read what was logged. */
  logStream?: NodeJS.WritableStream;
  /** Until ready, the health check answers 503 "starting" (main.ts warms up first); default: ready. */
  readiness?: Readiness;
  /** The media store, shared with the jobs; default: the one the settings name, closed with the app. */
  media?: MediaStore;
  /**
   * Runs the background jobs (jobs/) in this app: they start as it gets ready, before it listens, and
   * stop as it closes; `stopping` tells their runs to end early once shutdown begins. Default: none
   * (tests, commands; main.ts passes it unless JOBS=false).
   */
  jobs?: { stopping?: AbortSignal };
}

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    // One line per request instead of two, and none for health checks and files (plugins/logging.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Our own id policy (plugins/logging.ts) rather than trusting any incoming header verbatim.
    requestIdHeader: false,
    genReqId,
    // Each request's logger binds its id without pino's redaction pass (plugins/logging.ts).
    childLoggerFactory: requestLogger,
    // 1 MiB is plenty for JSON bodies here (comments, profiles); larger answers 413.
    bodyLimit: 1024 * 1024,
    // On close, idle keep-alive sockets are dropped so shutdown does not wait for browsers to leave.
    forceCloseConnections: 'idle',
    // Rate limits count client addresses: behind a proxy they come from X-Forwarded-For.
    trustProxy: config.trustProxy,
    // A path parameter may be a percent-encoded username of 254 characters (up to 12 encoded
    // characters each); longer ones answer 414.
    routerOptions: { maxParamLength: 3072 },
    // Errors raised before routing (bad percent-encoding, an over-long parameter) in the domain shape.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Responses hold only contract fields, without zod on every request (plugins/serializer.ts); test
  // runs also check every response against zod's own encoding.
  app.setSerializerCompiler(contractSerializerCompiler({ verify: config.env === 'test' }));
  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  const media = deps.media ?? (await openMediaStore(config));
  app.decorate('media', media);
  if (!deps.media) app.addHook('onClose', () => media.close());
  // work a request asks for (an upload's processing, a fingerprint run) goes to the job engine
  const jobSender = new JobSender(deps.database);
  app.decorate('jobSender', jobSender);
  app.addHook('onClose', () => jobSender.close());

  registerRequestIdEcho(app);
  registerRequestLog(app);
  registerListenersFirst(app);
  // the search limit's last hits reach the database for the other instances (search-limits.ts)
  app.addHook('onClose', () => searchLimitsFor(app.db).close());
  // Before any route plugin, so every route (static ones included) inherits the handler.
  registerErrorHandling(app, { fallback: spaFallback({ distDir: config.webDistDir }) });
  registerStatementLimits(app, config);
  // with a read replica: which database a catalogue read goes to, and each write's position
  registerReadYourWrites(app);
  // Before the routes (the OpenAPI document's included): it attaches itself to each route as it is added.
  await registerCompression(app);
  // browsers fetch media from the bucket itself when they are redirected there
  const redirected = isBucket(media) && mediaDelivery(config) === 'redirect';
  await registerSecurityHeaders(app, config, redirected ? [await media.origin()] : []);
  await registerOpenApi(app, config);
  registerAuth(app, config, authAccounts);

  await app.register(healthRoutes, { readiness: deps.readiness ?? alwaysReady });
  await app.register(siteRoutes);
  await app.register(accountsRoutes);
  await app.register(catalogueRoutes);
  await app.register(searchRoutes);
  // before registerMedia: its /media/audio/* route (signed links only) outranks the media wildcard
  await app.register(playerRoutes);
  await app.register(libraryRoutes);
  await app.register(commentsRoutes);
  await app.register(identificationsRoutes);
  await app.register(contributeRoutes);
  await app.register(fingerprintsRoutes);
  await registerLive(app);
  await app.register(notificationsRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(shareRoutes);
  await app.register(publishRoutes);

  await registerMedia(app, media);
  await registerWebApp(app, { distDir: config.webDistDir });
  // Last: the jobs stop before what they use (the media store) as the app closes.
  if (deps.jobs) await app.register(backgroundJobs, deps.jobs);
  return app;
}
