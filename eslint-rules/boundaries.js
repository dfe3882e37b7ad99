// The layers of the codebase and what each may import (docs/ARCHITECTURE.md, "What may import
// what"). An import is classified by where the importing file and the imported file live; type-only
// imports count too, because a type import still couples the layers.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED_PACKAGE = '@ridgeline/shared/';

/** The files at the top of each app's src/ that compose it: they may import anything in their app. */
const COMPOSITION_ROOT_FILES = { server: ['server.ts', 'main.ts', 'subscribers.ts'], web: ['main.tsx', 'test-setup.ts'] };

/** Where a file sits: its app and layer, and for features the feature's name. */
export function classify(file) {
  const path = relative(ROOT, file).split(sep).join('/');
  if (path.startsWith('packages/shared/src/')) return { app: 'shared', layer: 'shared' };
  for (const app of ['server', 'web']) {
    const prefix = `apps/${app}/src/`;
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const [first, second] = rest.split('/');
    if (!rest.includes('/')) {
      if (/^config(\.ts)?$/.test(rest) || rest === 'config.test.ts') return { app, layer: 'config' };
      // The server's app assembly mounts every feature's routes: it stands beside server.ts, above
      // the features, and may take nothing else from them.
      if (app === 'server' && /^app(\.ts)?$/.test(rest)) return { app, layer: 'app-assembly' };
      // The composition roots at the top are named, with the tests beside them; any other file there
      // is a layer of its own, refused until the table lists it.
      // (An import names a file without its extension.)
      const named = COMPOSITION_ROOT_FILES[app].some((file) => file === rest || file.replace(/\.tsx?$/, '') === rest);
      if (named || /\.test\.tsx?$/.test(rest)) return { app, layer: 'root', file: rest };
      return { app, layer: rest, file: rest };
    }
    if (first === 'features') return { app, layer: 'feature', feature: second, file: rest };
    return { app, layer: first, file: rest };
  }
  return { app: 'other', layer: 'other' };
}

// Which layers each layer may import, per app. `own-feature` means the importer's own feature folder;
// `anything` means any file of the same app (the composition roots). A folder or top file the table
// does not list is refused, whatever it imports: the rule fails closed.
const ANYTHING = 'anything';
const ALLOWED = {
  shared: { shared: ['shared'] },
  server: {
    lib: ['lib', 'config'],
    infra: ['infra', 'lib', 'config'],
    http: ['http', 'infra', 'lib', 'config'],
    'app-assembly': ['http', 'infra', 'lib', 'config', 'feature-routes'],
    data: ['data', 'infra', 'lib', 'config'],
    feature: ['own-feature', 'data', 'http', 'infra', 'lib', 'config'],
    config: ['config', 'lib'],
    root: [ANYTHING],
    cli: [ANYTHING],
    test: [ANYTHING],
  },
  web: {
    lib: ['lib'],
    components: ['components', 'lib'],
    offline: ['offline', 'lib'],
    feature: ['own-feature', 'components', 'lib', 'offline'],
    root: [ANYTHING],
    app: [ANYTHING],
    test: [ANYTHING],
    'vite-env.d.ts': [],
  },
};

/** What the table lists for a file's layer, or undefined when it lists nothing (the file is refused). */
function allowedFor(from) {
  return Object.hasOwn(ALLOWED, from.app) && Object.hasOwn(ALLOWED[from.app], from.layer) ? ALLOWED[from.app][from.layer] : undefined;
}

/** Why a file in a layer the table does not list is refused, naming its folder (or its file at the top of src/). */
export function unlistedReason(from) {
  const place = from.file === from.layer ? from.file : `${from.layer}/`;
  return `apps/${from.app}/src/${place} is in no layer of the import boundaries: add it to ALLOWED in eslint-rules/boundaries.js with what it may import`;
}

/** Why an import from `from` to `to` breaks the layering, or null when it is allowed. */
export function violation(from, to, isTest) {
  const allowed = allowedFor(from);
  if (!allowed) return unlistedReason(from);
  if (to.app === 'other') return null;
  if (from.app === 'shared') return to.app === 'shared' ? null : 'packages/shared imports nothing from the apps';
  if (to.app === 'shared') return null;
  if (from.app !== to.app) return `apps/${from.app} may not import from apps/${to.app}`;
  // Tests may use the app's test helpers and start the composed app; beyond that they follow
  // their folder's rules.
  if (isTest && (to.layer === 'test' || to.layer === 'root')) return null;
  if (allowed.includes(ANYTHING)) return null;
  if (to.layer === 'feature') {
    if (from.layer === 'feature' && from.feature === to.feature) return null;
    if (allowed.includes('feature-routes') && /\.routes(\.ts)?$/.test(to.file)) return null;
    return from.layer === 'feature'
      ? `feature "${from.feature}" may not import feature "${to.feature}": move what both need to a lower layer`
      : `${from.app} ${from.layer} may not import a feature`;
  }
  if (allowed.includes(to.layer)) return null;
  return `${from.app} ${from.layer} may not import ${to.layer}`;
}

function resolveSource(filename, source) {
  if (source.startsWith('.')) return resolve(dirname(filename), source);
  if (source.startsWith(SHARED_PACKAGE)) return resolve(ROOT, 'packages/shared/src', source.slice(SHARED_PACKAGE.length));
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforces the import boundaries between layers and features.' },
    schema: [],
    messages: { boundary: 'Import boundary: {{reason}} ({{source}}).', unlisted: 'Import boundary: {{reason}}.' },
  },
  create(context) {
    const filename = context.filename;
    const from = classify(filename);
    if (from.app === 'other') return {};
    // A file of a layer the table does not list is refused once, whatever it imports.
    if (!allowedFor(from)) return { Program: (node) => context.report({ node, messageId: 'unlisted', data: { reason: unlistedReason(from) } }) };
    const isTest = /\.test\.tsx?$/.test(filename);
    function check(node, source) {
      if (typeof source !== 'string') return;
      const target = resolveSource(filename, source);
      if (!target) return;
      const reason = violation(from, classify(target), isTest);
      if (reason) context.report({ node, messageId: 'boundary', data: { reason, source } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { boundaries: rule } };
