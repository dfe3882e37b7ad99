import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { BILLING_TEST_MODE_WARNING, type Config } from './config';
import { createAuth } from './features/auth/auth';
import { createOnboardingService } from './features/company/onboarding.service';
import { createIdentityReader } from './features/auth/auth.repository';
import { createAuthService } from './features/auth/auth.service';
import { definePhotoJobs } from './features/photos/photo-jobs';
import { defineReportJobs } from './features/reports/report-jobs';
import { createMaintenanceService } from './features/maintenance/maintenance.service';
import { createTutorialsService } from './features/tutorials/tutorials.service';
import { createApp } from './app';
import type { AppDeps, AuthProvider } from './http/deps';
import { attachRealtimeUpgrade } from './http/realtime-upgrade';
import { httpServerOptions } from './http/server-timeouts';
import { openDatabase, runMigrations } from './infra/db/client';
import { startEmbeddedPostgres, type EmbeddedHandle } from './infra/db/embedded-postgres';
import { createEventBus } from './infra/events/event-bus';
import { createJobQueue } from './infra/jobs/queue';
import { registerSubscribers } from './subscribers';
import { createMetrics } from './infra/metrics/metrics';
import { serveMetrics } from './infra/metrics/metrics-server';
import { createRealtimeHub, type RealtimeHub } from './infra/realtime/hub';
import { createMailTransport, MAIL_JOB, type MailMessage } from './infra/mail/mailer';
import { createLocalDiskStorage } from './infra/storage/local-disk';
import type { Storage } from './infra/storage/storage';
import { createStripeGateway } from './infra/payments/stripe-gateway';
import { createChatProvider } from './infra/ai/chat-provider';
import { defineBillingJobs } from './features/billing/billing-jobs';
import { defineFeedbackJobs } from './features/feedback/feedback-jobs';
import { createLogger, type Logger } from './lib/logger';
import { createRateLimitStore } from './infra/rate-limit/rate-limit-store';
import { createUploadQuota } from './infra/upload-quota/upload-quota';
import { deriveSecret, loadAuthSecret } from './infra/secrets/auth-secret';

export type RunningServer = { url: string; port: number; deps: AppDeps; realtime: RealtimeHub; stop: () => Promise<void> };

const version = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * The configured storage driver; both serve objects through the app's signed /api/storage URLs. The
 * AWS SDK is loaded only when S3 is used, so a local install never pays for it at start.
 */
export async function createStorage(config: Config, storageSecret: string): Promise<Storage> {
  const urls = { secret: storageSecret, publicUrl: config.publicUrl };
  if (config.storage.driver === 's3') {
    const { createS3Client, createS3Storage } = await import('./infra/storage/s3');
    return createS3Storage({ client: createS3Client(config.storage), bucket: config.storage.bucket, ...urls });
  }
  return createLocalDiskStorage({ root: join(config.dataDir, 'storage'), ...urls });
}

/** Builds every dependency in order (config -> db -> storage -> jobs -> http) and listens. */
export async function startServer(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<RunningServer> {
  // A production server in billing's test mode says so at every start (config.ts refuses it unless asked for).
  if (config.env === 'production' && config.billingTestMode) logger.warn({ billingTestMode: true }, BILLING_TEST_MODE_WARNING);
  let embedded: EmbeddedHandle | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, 'server');
    url = embedded.url;
  }
  const database = openDatabase(url, logger, undefined, config.databaseTimeouts.poolMs);
  let realtime: RealtimeHub | null = null;
  let draining = false;
  try {
    await runMigrations(database);
    // The sockets of this instance, fed by LISTEN on its own connection (not the pool's); each
    // heartbeat checks their sessions again with the auth feature's one query.
    realtime = createRealtimeHub({
      databaseUrl: config.databaseDirectUrl ?? url,
      logger,
      eventsPerSecond: config.chat.realtimeEventsPerSecond,
      heartbeatMs: config.chat.realtimeHeartbeatMs,
      checkGrants: createAuthService({ db: database.db }).checkSocketGrants,
    });
    await realtime.start();
    await createTutorialsService({ db: database.db }).seedStarterSet();
    const secret = await loadAuthSecret(database.db, config.authSecret);
    const storageSecret = deriveSecret(secret, 'storage-urls');
    const invitationSecret = deriveSecret(secret, 'invitation-links');
    const storage = await createStorage(config, storageSecret);
    const metrics = createMetrics();
    const jobs = createJobQueue(config.databaseDirectUrl ?? url, logger, metrics);
    // What a committed write causes elsewhere: features publish events, subscribers.ts reacts.
    const events = createEventBus(jobs, logger);
    const sendMail = createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, storage, logger });
    jobs.define<MailMessage>(MAIL_JOB, sendMail);
    const queueMail = async (message: MailMessage) => {
      await jobs.send(MAIL_JOB, message);
    };
    definePhotoJobs(jobs, { db: database.db, storage, logger, events });
    defineReportJobs(jobs, { db: database.db, storage, logger, queueMail });
    await defineBillingJobs(jobs, { db: database.db, logger, publicUrl: config.publicUrl });
    defineFeedbackJobs(jobs, { db: database.db, storage, logger });
    await registerSubscribers(events, { db: database.db, logger, config });
    await jobs.start();
    const auth = createAuth({
      db: database.db,
      secret,
      publicUrl: config.publicUrl,
      trustedOrigins: config.trustedOrigins,
      logger,
      sendMail: queueMail,
      onUserCreated: createOnboardingService({ db: database.db, invitationSecret }).provisionNewUser,
    });
    // The ports http/ declares, filled with the features' implementations.
    const authContext = await auth.$context;
    const authProvider: AuthProvider = {
      handler: (request) => auth.handler(request),
      impersonateUser: (userId, headers) => auth.api.impersonateUser({ body: { userId }, headers, asResponse: true }),
      stopImpersonating: (headers) => auth.api.stopImpersonating({ headers, asResponse: true }),
    };
    const deps: AppDeps = {
      config,
      database,
      databaseMode: embedded ? 'embedded' : 'external',
      auth: authProvider,
      sessionCookie: { name: authContext.authCookies.sessionToken.name, secret: authContext.secret },
      identity: createIdentityReader(database.db),
      storage,
      storageSecret,
      invitationSecret,
      jobs,
      events,
      limits: createRateLimitStore(database.db),
      uploadQuota: createUploadQuota(database.db, config.uploadQuota),
      maintenance: createMaintenanceService({ db: database.db }),
      logger,
      queueMail,
      payments: config.stripe ? createStripeGateway(config.stripe) : null,
      chatProvider: config.assistant.provider ? createChatProvider(config.assistant.provider) : null,
      version,
      metrics,
      draining: () => draining,
    };
    const app = createApp(deps);
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: httpServerOptions(config) }, () => resolve(s));
    });
    // serve() without a createServer option makes a node:http server.
    attachRealtimeUpgrade(server as Server, deps, realtime);
    const hub = realtime;
    metrics.gauge('ridgeline_realtime_sockets', 'Open realtime sockets on this instance.', [], async () => [{ value: hub.socketCount() }]);
    metrics.gauge('ridgeline_job_queue_waiting', 'Jobs waiting to be worked, by queue (shared by every instance).', ['queue'], async () =>
      (await jobs.depths()).map(({ queue, waiting }) => ({ labels: { queue }, value: waiting })),
    );
    const metricsServer = config.metrics.port ? await serveMetrics(metrics, config.metrics.port, config.metrics.host) : null;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port, database: deps.databaseMode, dataDir: config.dataDir }, 'Ridgeline is listening');
    return {
      url: `http://localhost:${port}`,
      port,
      deps,
      realtime: hub,
      stop: async () => {
        // Readiness answers 503 from now on, so a load balancer sends the next requests elsewhere.
        draining = true;
        // Sockets first (closed with 1001, on which clients reconnect, to another instance): the
        // server's close waits for every connection, upgraded ones included.
        await hub.close();
        // No new connections; requests in flight (an upload) get until the deadline, then whatever
        // is left is cut. Idle keep-alive connections close at once.
        const deadline = setTimeout(() => (server as Server).closeAllConnections(), config.timeouts.shutdownMs);
        await new Promise<void>((resolve) => server.close(() => resolve()));
        clearTimeout(deadline);
        await jobs.stop(config.timeouts.shutdownMs);
        await metricsServer?.close();
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await realtime?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
}
