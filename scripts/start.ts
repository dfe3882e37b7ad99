import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './lib';

// `npm start`: build the web app when it is missing or older than its sources, then run the
// server (which runs migrations and starts the embedded database unless DATABASE_URL is set).
const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const shared = join(root, 'packages/shared/src');

function newest(dir: string): number {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    latest = Math.max(latest, stat.isDirectory() ? newest(path) : stat.mtimeMs);
  }
  return latest;
}

const builtIndex = join(web, 'dist/index.html');
const sourcesChanged =
  !existsSync(builtIndex) ||
  Math.max(newest(join(web, 'src')), newest(shared), statSync(join(web, 'index.html')).mtimeMs) > statSync(builtIndex).mtimeMs;
if (sourcesChanged) {
  console.log('Building the web app...');
  const code = await run('npm', ['run', 'build', '-w', '@ridgeline/web']);
  if (code !== 0) process.exit(code);
}

const server = await import('node:child_process').then(({ spawn }) =>
  spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], { stdio: 'inherit' }),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
