import { spawn } from 'node:child_process';

// `npm run dev`: the server with watch mode on :3000 and Vite with hot reload on :5173 (proxying /api).
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, SERVE_WEB: 'false', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173', TRUSTED_ORIGINS: 'http://localhost:5173' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@ridgeline/web'], { stdio: 'inherit' }),
];
console.log('\n  Ridgeline dev: open http://localhost:5173 (API on :3000)\n');
const stop = () => children.forEach((child) => child.kill('SIGINT'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
