import { existsSync, readFileSync } from 'node:fs';

// The slowest tests of a run, read from the JSON reports Playwright and vitest write beside their
// usual output, so every `npm test` ends with where its time went.

export type TestTiming = { suite: 'e2e' | 'vitest'; name: string; ms: number };

type PlaywrightSuite = {
  title: string;
  file?: string;
  specs?: { title: string; file?: string; tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
};

/** Every test of a Playwright JSON report with its time: all its attempts, retries included. */
export function playwrightTimings(report: { suites?: PlaywrightSuite[] }): TestTiming[] {
  const timings: TestTiming[] = [];
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    const here = suite.file && suite.title === suite.file ? path : [...path, suite.title];
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.reduce((sum, test) => sum + test.results.reduce((inner, result) => inner + result.duration, 0), 0);
      timings.push({ suite: 'e2e', name: [spec.file ?? suite.file ?? '', ...here.filter(Boolean), spec.title].filter(Boolean).join(' › '), ms });
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return timings;
}

type VitestReport = { testResults?: { name: string; assertionResults: { fullName: string; duration?: number | null }[] }[] };

/** Every test of a vitest JSON report with its time. */
export function vitestTimings(report: VitestReport, root: string): TestTiming[] {
  return (report.testResults ?? []).flatMap((file) =>
    file.assertionResults.map((test) => ({ suite: 'vitest' as const, name: `${file.name.replace(root, '')} › ${test.fullName}`, ms: test.duration ?? 0 })),
  );
}

/** The `count` slowest, slowest first. */
export function slowest(timings: TestTiming[], count: number): TestTiming[] {
  return [...timings].sort((a, b) => b.ms - a.ms).slice(0, count);
}

/** The lines `npm test` prints: one per test, its time in seconds first. */
export function formatSlowest(timings: TestTiming[]): string[] {
  return timings.map((t) => `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.suite.padEnd(6)}  ${t.name}`);
}

/** Reads the reports that exist (a phase that did not run left none) and lists the slowest. */
export function slowestOfRun(files: { playwright: string[]; vitest: string }, root: string, count = 20): string[] {
  // A report cut short (its run was stopped while writing) is passed over: the list never fails a run.
  const read = (file: string): unknown => {
    if (!existsSync(file)) return null;
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return null;
    }
  };
  const timings: TestTiming[] = [];
  for (const file of files.playwright) {
    const report = read(file);
    if (report) timings.push(...playwrightTimings(report as { suites?: PlaywrightSuite[] }));
  }
  const vitest = read(files.vitest);
  if (vitest) timings.push(...vitestTimings(vitest as VitestReport, root));
  return formatSlowest(slowest(timings, count));
}
