import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderLanding } from './scripts/prerender-landing.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** The product's version (the repository's package.json), sent with feedback as the app version. */
// Packages whose main module is a barrel (re-exports of one file per name): an import of such a
// package reaches only the files of the names it takes. The bundler's graph has the barrel import
// every file the app uses anywhere, which would put every page's icons on the first load.
const BARRELS: { name: string; main: RegExp }[] = [
  { name: 'lucide-react', main: /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/ },
  { name: '@tanstack/react-query', main: /@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]index\.js$/ },
  { name: '@tanstack/query-core', main: /@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]index\.js$/ },
];

/** The names in an import or export list ("a", "a as b", "default as B", "type T"): the name after "as", types left out. */
function listedNames(list: string, side: 'imported' | 'exported'): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && !entry.startsWith('type '))
    .map((entry) => {
      const [first = '', second] = entry.split(/\s+as\s+/);
      return side === 'exported' ? (second ?? first) : first;
    });
}

type Barrel = { files: Map<string, string>; stars: string[] };

/** A barrel's names to the file each comes from, and what it re-exports whole (`export *`). */
function readBarrel(info: Rolldown.ModuleInfo): Barrel {
  const code = info.code ?? '';
  const files = new Map<string, string>();
  for (const [, list = '', path = ''] of code.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    for (const name of listedNames(list, 'exported')) files.set(name, join(dirname(info.id), path));
  }
  const stars = [...code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)].flatMap(([, source = '']) =>
    source.startsWith('.')
      ? [join(dirname(info.id), source)]
      : info.importedIds.filter((id) => BARRELS.some((barrel) => barrel.name === source && barrel.main.test(id))),
  );
  return { files, stars };
}

/** The names a module imports from a package, or null when it takes more than named imports. */
function namesImported(code: string, packageName: string): string[] | null {
  const from = `\\s*from\\s*["']${packageName.replace(/[/.]/g, '\\$&')}["']`;
  if (new RegExp(`(?:import\\s*\\*\\s*as\\s+\\w+|import\\s+\\w+|export\\s*\\*|export\\s*\\{[^}]*\\})${from}`).test(code)) return null;
  return [...code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}${from}`, 'g'))].flatMap(([, list = '']) => listedNames(list, 'imported'));
}

/**
 * Module ids reachable from `roots` through static imports only, from the bundler's module graph;
 * an import of a barrel (BARRELS) reaches only the files of the names it takes.
 */
function staticallyReachable(getModuleInfo: (id: string) => Rolldown.ModuleInfo | null, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const barrels = new Map<string, Barrel>();
  const barrelOf = (id: string): Barrel | null => {
    if (!BARRELS.some((barrel) => barrel.main.test(id))) return null;
    const info = getModuleInfo(id);
    if (!info) return null;
    let barrel = barrels.get(id);
    if (!barrel) barrels.set(id, (barrel = readBarrel(info)));
    return barrel;
  };
  /** The files a barrel's name comes from: its own file, or through what it re-exports whole. */
  const filesOf = (barrelId: string, name: string): string[] => {
    const barrel = barrelOf(barrelId);
    if (!barrel) return [barrelId];
    const file = barrel.files.get(name);
    if (file) return [file];
    for (const star of barrel.stars) {
      const found = barrelOf(star) ? filesOf(star, name) : [];
      if (found.length > 0 && !found.includes(star)) return found;
    }
    return [barrelId];
  };
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    const info = getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    for (const imported of info.importedIds) {
      const barrel = BARRELS.find((candidate) => candidate.main.test(imported));
      const names = barrel ? namesImported(info.code ?? '', barrel.name) : null;
      if (!names) stack.push(imported);
      else for (const name of names) stack.push(...filesOf(imported, name));
    }
  }
  return seen;
}

// The bundler would split the signed-in app into dozens of small shared pieces, one request each,
// each compressed on its own (a small file gzips poorly: no shared dictionary). So the modules of each
// stage of a signed-in visit, with everything they import statically, are one file each:
// - signed-in: the first load (the providers, the shell, the dashboard);
// - after-idle: what loads once the browser is idle (the projects page preloaded, the team chat, the
//   inbox count, the billing banner);
// - public: the pieces the landing page's React version shares with the first load and the entry;
// - base: what every page loads, the pre-rendered landing document too (its script's modules: the API
//   client) with Vite's preload helpers.
// The app entry's modules (the router, the global error handlers) stay in the entry: it runs first,
// and tells zod not to probe for eval (the CSP forbids it) before any schema is built.
const stageRoots = {
  signedIn: ['./src/app/app-providers.tsx', './src/app/signed-in-shell.tsx', './src/app/dashboard-page.tsx'],
  afterIdle: [
    './src/features/projects/projects-page.tsx',
    './src/features/chat/chat-widget.tsx',
    './src/features/inbox/inbox-nav-badge.tsx',
    './src/features/billing/read-only-banner.tsx',
  ],
  landing: ['./src/features/landing/landing-entry.tsx', './src/features/landing/landing-page.tsx'],
  landingDocument: ['./src/features/landing/landing-static.ts'],
  entry: ['./src/app/app-entry.tsx'],
};
type Stages = Record<keyof typeof stageRoots, Set<string>>;
const stagesOfPass = new WeakMap<object, Stages>();
function stageChunkName(id: string, ctx: Rolldown.ChunkingContext): string | null {
  // The graph objects are the same within one chunking pass: the reachable sets are computed once per pass.
  const key = ctx.getModuleInfo(fromRoot(stageRoots.entry[0] ?? ''));
  if (!key) return null;
  let stages = stagesOfPass.get(key);
  if (!stages) {
    const getModuleInfo = (moduleId: string) => ctx.getModuleInfo(moduleId);
    const reach = (roots: string[]) => staticallyReachable(getModuleInfo, roots.map(fromRoot));
    stages = {
      signedIn: reach(stageRoots.signedIn),
      afterIdle: reach(stageRoots.afterIdle),
      landing: reach(stageRoots.landing),
      landingDocument: reach(stageRoots.landingDocument),
      entry: reach(stageRoots.entry),
    };
    stagesOfPass.set(key, stages);
  }
  // Vite's own helpers (the preload helper every lazy import calls, the module preload polyfill both
  // documents run) go with the base; the others stay apart.
  if (id.startsWith('\0')) return /vite[\\/](preload-helper|modulepreload-polyfill)/.test(id) ? 'base' : null;
  // The landing document's script itself stays its entry's file.
  if (stages.landingDocument.has(id)) return stageRoots.landingDocument.map(fromRoot).includes(id) ? null : 'base';
  if (stages.landing.has(id)) return stages.signedIn.has(id) || stages.entry.has(id) ? 'public' : null;
  if (stages.entry.has(id)) return null;
  if (stages.signedIn.has(id)) return 'signed-in';
  return stages.afterIdle.has(id) ? 'after-idle' : null;
}

/** The files every signed-in page shares (see build.modulePreload). */
const SHARED_FILE = /(^|[\\/])(react|rolldown-runtime|base|zod|public|signed-in|after-idle)-[\w-]+\.js$/;

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
    prerenderLanding({
      root,
      html: fromRoot('./landing.html'),
      shell: fromRoot('./index.html'),
      module: fromRoot('./src/features/landing/landing-document.tsx'),
    }),
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
    modulePreload: {
      // A lazy import fetches the files its file imports along with it, from a list in the importing
      // file: the router's lists of every route's files were a tenth of the first load. The lists keep
      // the shared files every signed-in page imports (React, the runtime, the base, zod, the stages'
      // files); a page's own pieces load with its file, a round trip later on a cold visit (the
      // service worker has them all once it is installed).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => SHARED_FILE.test(dep))),
    },
    rolldownOptions: {
      input: { index: fromRoot('./index.html'), landing: fromRoot('./landing.html') },
      output: {
        // React and its DOM renderer are one download every React page needs: one cacheable file.
        // Then one file for each stage of a signed-in visit (stageChunkName above); the kit's light
        // pieces (cards, the session badge, the button look, page header) are in the first load's.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // zod, which every page that reads the API parses with: one file.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Only the modules named: their dependencies in an earlier stage, the entry or Vite's helpers stay
            // in those files (which import nothing of a later stage, so no cycle).
            { name: stageChunkName, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
