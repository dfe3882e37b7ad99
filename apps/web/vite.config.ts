import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderLanding } from './scripts/prerender-landing.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** The product's version (the repository's package.json), sent with feedback as the app version. */
const appVersion = (JSON.parse(readFileSync(fromRoot('../../package.json'), 'utf8')) as { version: string }).version;

// The web app. In dev (npm run dev) Vite serves on :5173 and proxies the API on :3000;
// in production the server serves the built files from apps/web/dist on the same origin.
// The service worker (/sw.js, docs/decisions/006-service-worker.md) precaches the shell and every
// lazy route chunk so a signed-in user who reloads offline still gets the app.
// Two HTML documents: index.html is the app's shell for every path; landing.html is the landing
// page pre-rendered at build time, which the server sends for / and /landing.
export default defineConfig({
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion) },
  plugins: [
    react(),
    tailwindcss(),
    prerenderLanding({ root, html: fromRoot('./landing.html'), shell: fromRoot('./index.html'), module: fromRoot('./src/features/landing/landing-document.tsx') }),
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/\.well-known\//],
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Web push (the chat's notifications and their clicks) lives in its own small script.
        importScripts: ['push-sw.js'],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      // ws: the realtime socket (/api/realtime) goes through the same proxy.
      '/api': { target: 'http://localhost:3000', ws: true },
      '/.well-known': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      input: { index: fromRoot('./index.html'), landing: fromRoot('./landing.html') },
      output: {
        // React and its DOM renderer are one download every React page needs: one cacheable file.
        // The kit's light pieces of the signed-in first load (cards, the session badge, the button look, page header,
        // their class merge) are small modules several chunks share: one file instead of four.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'kit-light', test: /src[\\/](lib[\\/]with-base|components[\\/](page-header|ui[\\/](card|badge|button-variants|create-styled)))\.tsx?$/ },
          ],
        },
      },
    },
  },
});
