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

export type ParallelStep = { title: string; label: string; command: string; args: string[]; options?: SpawnOptions };

/**
 * Runs steps side by side, each line of their output prefixed with the step's label so the
 * interleaved log still reads; waits for all of them and fails when any failed, after printing
 * every step's outcome and time.
 */
export async function parallelSteps(steps: ParallelStep[]): Promise<void> {
  console.log(`\n▶ ${steps.map((s) => s.title).join('  ‖  ')}`);
  const outcomes = await Promise.all(
    steps.map(async (s) => {
      const started = Date.now();
      const code = await runPrefixed(s);
      return { step: s, code, seconds: Math.round((Date.now() - started) / 1000) };
    }),
  );
  for (const { step: s, code, seconds } of outcomes) {
    console.log(`${code === 0 ? '✔' : '✖'} ${s.title}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${formatSeconds(seconds)}`);
  }
  const failed = outcomes.find((o) => o.code !== 0);
  if (failed) throw new StepFailed(failed.code);
}

function runPrefixed(s: ParallelStep): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(s.command, s.args, { ...s.options, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `[${s.label}] `;
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      let pending = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (pending + chunk).split(/\r?\n/);
        pending = lines.pop() ?? '';
        for (const line of lines) out.write(prefix + line + '\n');
      });
      stream?.on('end', () => {
        if (pending) out.write(prefix + pending + '\n');
      });
    }
    // 'close' (not 'exit'): it comes after the child's output has been read to the end.
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function formatSeconds(seconds: number): string {
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
}
