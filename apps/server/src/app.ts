import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { adminRoutes } from './features/admin/admin.routes';
import { authRoutes } from './features/auth/auth.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { chatAttachmentRoutes } from './features/chat/chat-attachments.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { inboxRoutes } from './features/inbox/inbox.routes';
import { ledgerRoutes } from './features/ledger/ledger.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { assistantRoutes } from './features/assistant/assistant.routes';
import { pushRoutes } from './features/push/push.routes';
import { proposalRoutes } from './features/proposals/proposals.routes';
import { reportRoutes } from './features/reports/reports.routes';
import { publicShareRoutes } from './features/sharing/public-share.routes';
import { shareLinkRoutes } from './features/sharing/share-links.routes';
import { carrierRoutes } from './features/carriers/carriers.routes';
import { shingleRoutes } from './features/shingles/shingles.routes';
import { companyRoutes } from './features/company/company.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { estimatingRoutes } from './features/estimating/estimating.routes';
import { feedbackRoutes } from './features/feedback/feedback.routes';
import { healthRoutes } from './features/health/health.routes';
import { inspectionRoutes } from './features/inspections/inspections.routes';
import { maintenanceRoutes } from './features/maintenance/maintenance.routes';
import { cspRoutes } from './features/security/csp.routes';
import { photoRoutes } from './features/photos/photos.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { projectFileRoutes } from './features/projects/project-files.routes';
import { projectTaskRoutes } from './features/projects/project-tasks.routes';
import { projectRoutes } from './features/projects/projects.routes';
import { sessionConversionRoutes } from './features/projects/session-conversion.routes';
import { storageRoutes } from './features/storage/storage.routes';
import { tutorialRoutes } from './features/tutorials/tutorials.routes';
import type { AppEnv } from './http/context';
import type { AppDeps } from './http/deps';
import { rejectUnsafeText } from './http/middleware/control-characters';
import { errorResponse, handleError } from './http/middleware/errors';
import { recordRequests } from './http/middleware/metrics';
import { requestId } from './http/middleware/request-id';
import { securityHeaders } from './http/middleware/security-headers';
import { trustedProxy } from './http/middleware/trusted-proxy';
import { maintenanceGate } from './http/middleware/maintenance';
import { billingGate } from './http/middleware/billing-gate';
import { writeRateLimit } from './http/middleware/rate-limit';
import { isRawBody, writeGuard } from './http/middleware/write-guard';
import { disabledAccountGate } from './http/middleware/identity';
import { limitBody } from './http/middleware/upload';
import { compressReads } from './http/middleware/compress';
import { runGates } from './http/middleware/gate';
import { MAX_JSON_BYTES } from './http/middleware/json-put';
import { serveWebApp } from './http/static-web';

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The HTTP application: API routes under /api, the built web app for every other path. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use(recordRequests(deps.metrics));
  app.use(requestId);
  app.use(trustedProxy(deps.config));
  // Reads of 4 KB and more are gzipped for a client that accepts it; writes and small answers go as
  // they are (middleware/compress.ts).
  app.use(compressReads);
  app.use(securityHeaders(deps.config));
  app.onError(handleError(deps.logger));

  // Checks run as gates (middleware/gate.ts): each refuses by throwing, several share one layer.
  // The write limit counts a write before its body is read, so a body refused below (too large,
  // too deep, a control character) still counts against it.
  app.use('/api/*', runGates([writeGuard(deps.config), writeRateLimit(deps)]));

  // JSON bodies are small; only the raw uploads (write-guard.ts isRawBody: PUTs and a listed POST,
  // each with its own limit) may be larger. A GET or HEAD has no body to limit (looking would build a
  // web Request per read for nothing).
  const jsonLimit = limitBody(MAX_JSON_BYTES);
  app.use('/api/*', (c, next) => (isRawBody(c.req.method, c.req.path) || c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : jsonLimit(c, next)));
  app.use(runGates([rejectUnsafeText]));

  // The gates in the order a request meets them: disabled account, maintenance mode, and the billing
  // gate (a read-only company's writes answer 402).
  app.use('/api/*', runGates([disabledAccountGate, maintenanceGate, billingGate].map((gate) => gate(deps))));

  const features = [
    healthRoutes,
    maintenanceRoutes,
    authRoutes,
    profileRoutes,
    companyRoutes,
    storageRoutes,
    adminRoutes,
    cspRoutes,
    tutorialRoutes,
    projectRoutes,
    projectTaskRoutes,
    projectFileRoutes,
    carrierRoutes,
    dashboardRoutes,
    inspectionRoutes,
    photoRoutes,
    estimatingRoutes,
    sessionConversionRoutes,
    chatRoutes,
    chatAttachmentRoutes,
    inboxRoutes,
    pushRoutes,
    reportRoutes,
    proposalRoutes,
    shareLinkRoutes,
    publicShareRoutes,
    billingRoutes,
    feedbackRoutes,
    ledgerRoutes,
    analyticsRoutes,
    shingleRoutes,
    assistantRoutes,
  ];
  for (const routes of features) app.route('/', routes(deps));

  app.all('/api/*', (c) => errorResponse(c, 'NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`));
  if (deps.config.serveWeb) app.get('*', serveWebApp(webDist));
  app.notFound((c) => errorResponse(c, 'NOT_FOUND', 'Not found'));
  return app;
}
