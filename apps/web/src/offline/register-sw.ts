import { reportOfflineCopyUnavailable } from './offline-readiness';

// The offline shell: /sw.js precaches the app shell and every lazy route chunk.
// Registered after the page has loaded so it never competes with the first render. A new version
// takes over as soon as it is installed (skipWaiting + clientsClaim) and serves the next load.

export function registerServiceWorker(env: { prod: boolean } = { prod: import.meta.env.PROD }): void {
  if (!env.prod || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // The field hub then says the app cannot be kept for offline use, instead of waiting for ever.
      reportOfflineCopyUnavailable();
      console.warn('The offline shell could not be installed.', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
