import { spawn, type SpawnOptions } from 'node:child_process';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and exits the script when it fails. */
export async function step(title: string, command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  console.log(`\n▶ ${title}`);
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${title} failed (exit ${code})`);
    throw new StepFailed(code);
  }
}

export class StepFailed extends Error {
  constructor(public readonly code: number) {
    super(`step failed with ${code}`);
  }
}

/** The Chromium binary the browser tests drive. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}
