import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod';
import { RELOAD_FLAG } from '../components/route-error';
import { installGlobalErrorHandlers } from '../lib/global-errors';
import { addPrefetchHints, configuredHintHosts } from '../offline/prefetch-hints';
import { registerServiceWorker } from '../offline/register-sw';
import { AppRouter } from './router';

/** Renders the routed app (every page but a first visit to the landing page). */
export function renderApp(container: HTMLElement): void {
  // zod would probe `new Function` for its fast path: the CSP forbids eval, so it must not try.
  zodConfig({ jitless: true });
  // Unhandled rejections and uncaught errors are mapped to the one error result and logged; warns without HTTPS.
  installGlobalErrorHandlers();
  createRoot(container).render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  );
  // The offline shell, for the signed-in app only: a first visit to the public landing page does not
  // download the whole app into the cache (docs/decisions/006-service-worker.md).
  registerServiceWorker();
  // Connections to the AI provider, map and font hosts the app uses, when they are configured.
  addPrefetchHints(configuredHintHosts());
  // A page that stayed up for a while may reload once more after a later deploy.
  setTimeout(() => sessionStorage.removeItem(RELOAD_FLAG), 10_000);
}
