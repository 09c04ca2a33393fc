import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerFactory, type RouteOptions } from 'fastify';
import path from 'node:path';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ChangeFeed } from './audit/change-feed';
import type { AppConfig } from './config';
import type { Db } from './db/db';
import { openDatabase } from './db/open';
import { analyticsRoutes, duplicateRefreshTask } from './modules/analytics';
import { attachmentRoutes, databaseBlobStore, diskBlobStore } from './modules/attachments';
import { auditLogRoutes, auditPurgeTask } from './modules/audit-log';
import { jobsPlugin } from './platform/jobs/plugin';
import { tasksPlugin } from './platform/tasks/plugin';
import { livePlugin } from './live/plugin';
import { presencePlugin } from './live/presence';
import { authRoutes } from './modules/auth';
import { backupRoutes } from './modules/backup';
import { FHIR_PREFIX, fhirRoutes } from './modules/fhir';
import { commentRoutes } from './modules/comments';
import { reviewRoutes } from './modules/review';
import { graphRoutes } from './modules/graph';
import { healthRoutes } from './modules/health';
import { historyRoutes } from './modules/history';
import { nodeImportJob, nodeImportRoutes } from './modules/node-import';
import { relationImportJob, relationImportRoutes } from './modules/relation-import';
import { nodeRoutes } from './modules/nodes';
import { relationRoutes } from './modules/relations';
import { roleRoutes } from './modules/roles';
import { snomedRoutes } from './modules/snomed';
import { snomedImportJob, snomedImportRoutes } from './modules/snomed-import';
import { terminologyRoutes } from './modules/terminology';
import { statsRoutes } from './modules/stats';
import { nodeTypeRoutes, relationTypeRoutes } from './modules/types';
import { exchangeRoutes, linkRoutes, ssoProvider, ssoRoutes } from './modules/sso';
import { fillMissingSkeletons, userRoutes } from './modules/users';
import { API_PREFIX, accessPlugin } from './plugins/access';
import { boundedInputPlugin } from './plugins/bounded-input';
import { compressionPlugin } from './plugins/http/compression';
import { credentialLimitsPlugin } from './plugins/limits/credential-limits';
import { appConnectSrc } from './plugins/http/csp';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { publicLimitsPlugin } from './plugins/limits/public-limits';
import { requestActivityPlugin } from './plugins/request-activity';
import { socketPlugin } from './plugins/socket';
import { staticFiles } from './plugins/http/static';
import { versionsPlugin } from './plugins/versions';
import { nulSafeValidatorCompiler } from './plugins/validation';
import { seedSystemRoles } from './seed/roles';
import { loadSampleGraph } from './seed/sample-graph';
import { tokenSecret } from './seed/secrets';
import './types';

export interface BuildOptions {
  /** An already opened and migrated database (tests pass a template clone). */
  db?: Db;
  /** Serve on a server that already listens (main.ts listens before migrating: server/early-listen.ts). */
  serverFactory?: FastifyServerFactory;
  /** Told of every route as it is registered (tests walk every route, those outside /api too). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole server: database, API, socket.io and static files. Used by main.ts and tests. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const opened = options.db
    ? { db: options.db, release: () => undefined, created: false }
    : await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = opened;

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  try {
    if (options.onRoute) app.addHook('onRoute', options.onRoute);
    app.decorate('db', db);
    app.decorate('draining', false);
    app.decorate('config', config);
    app.decorate('changes', new ChangeFeed());
    app.decorate('blobs', db.kind === 'pglite' && config.dataDir ? diskBlobStore(path.join(config.dataDir, 'blobs')) : databaseBlobStore(db));
    await seedSystemRoles(db);
    // Accounts from before the look-alike check get their confusable skeleton once.
    await fillMissingSkeletons(db);
    // Only on the first start of a new embedded database: a curator who deleted every
    // node must not get the sample back, and a PostgreSQL install starts empty.
    if (config.sampleData && opened.created && !config.databaseUrl) {
      const loaded = await db.transaction((tx) => loadSampleGraph(tx));
      app.log.info(loaded, 'Loaded the sample medical graph');
    }
    app.decorate('tokenSecret', await tokenSecret(db, config.tokenSecret));
    app.decorate('sessionChecks', []);
    const sso = await ssoProvider(app);
    app.addHook('onClose', async () => {
      await db.close();
      opened.release();
    });

    app.setValidatorCompiler(nulSafeValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    // Before anything parses or walks a request: the bounds hold for every route and the 404 handler.
    await app.register(boundedInputPlugin);
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          // force-graph draws on canvas; images may come from data: URLs (PNG export).
          imgSrc: ["'self'", 'data:', 'blob:'],
          // socket.io: this host's ws:// and wss:// by name; the bare schemes would allow any host.
          connectSrc: [appConnectSrc],
          // The fonts and styles are the app's own (src/host/fonts.css); helmet's defaults add https:.
          fontSrc: ["'self'", 'data:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Helmet's default would rewrite every request to https, which breaks plain-HTTP
          // installs on an intranet address; TLS is the proxy's job.
          upgradeInsecureRequests: null,
        },
      },
    });
    await app.register(cors, {
      origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
      credentials: false,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      // A widget on another origin reads a record's version from its ETag (If-Match is a request header, allowed as asked).
      exposedHeaders: ['ETag'],
    });
    // Before every route, so API answers and static files alike pass its onSend hook.
    await app.register(compressionPlugin);
    await app.register(multipart, { limits: { fields: 10, files: 1, parts: 20 } });
    await app.register(openapiPlugin);
    await app.register(requestActivityPlugin);
    await app.register(accessPlugin);
    await app.register(versionsPlugin);
    await app.register(credentialLimitsPlugin);
    await app.register(publicLimitsPlugin);
    await app.register(socketPlugin);
    await app.register(tasksPlugin);
    await app.register(jobsPlugin, { kinds: [nodeImportJob, relationImportJob, snomedImportJob] });
    await app.register(livePlugin);
    await app.register(presencePlugin);

    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(authRoutes);
        await api.register(async (scope) => ssoRoutes(scope, sso));
        await api.register(async (scope) => exchangeRoutes(scope, sso));
        await api.register(async (scope) => linkRoutes(scope, sso));
        await api.register(statsRoutes);
        await api.register(nodeTypeRoutes);
        await api.register(relationTypeRoutes);
        await api.register(nodeImportRoutes);
        await api.register(relationImportRoutes);
        await api.register(nodeRoutes);
        await api.register(attachmentRoutes);
        await api.register(relationRoutes);
        await api.register(commentRoutes);
        await api.register(reviewRoutes);
        await api.register(historyRoutes);
        await api.register(graphRoutes);
        await api.register(snomedImportRoutes);
        await api.register(snomedRoutes);
        await api.register(userRoutes);
        await api.register(roleRoutes);
        await api.register(auditLogRoutes);
        await api.register(backupRoutes);
        await api.register(analyticsRoutes);
        await api.register(terminologyRoutes);
      },
      { prefix: API_PREFIX },
    );
    // Before the static files: their not-found handler answers the app's page, /fhir its own OperationOutcome.
    await app.register(fhirRoutes, { prefix: FHIR_PREFIX });
    await staticFiles(app);
    app.tasks.register(auditPurgeTask(app));
    if (config.duplicatesFirstRefreshSeconds !== null) app.tasks.register(duplicateRefreshTask(app, { firstRunMs: config.duplicatesFirstRefreshSeconds * 1000 }));
    await app.ready();
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}
