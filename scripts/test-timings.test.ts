import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSlowest, playwrightTimings, slowest, slowestOfRun, vitestTimings } from './test-timings';

describe('the slowest tests of a run', () => {
  it('reads every Playwright test with the time of all its attempts, inside nested describes', () => {
    const report = {
      suites: [
        {
          title: 'a.spec.ts',
          file: 'a.spec.ts',
          specs: [{ title: 'top', file: 'a.spec.ts', tests: [{ results: [{ duration: 1000 }, { duration: 500 }] }] }],
          suites: [{ title: 'group', file: 'a.spec.ts', specs: [{ title: 'inner', file: 'a.spec.ts', tests: [{ results: [{ duration: 250 }] }] }] }],
        },
      ],
    };
    expect(playwrightTimings(report)).toEqual([
      { suite: 'e2e', name: 'a.spec.ts › top', ms: 1500 },
      { suite: 'e2e', name: 'a.spec.ts › group › inner', ms: 250 },
    ]);
  });

  it('reads every vitest test with its file relative to the root', () => {
    const report = {
      testResults: [
        {
          name: '/repo/apps/x.test.ts',
          assertionResults: [
            { fullName: 'x works', duration: 42 },
            { fullName: 'x skipped', duration: null },
          ],
        },
      ],
    };
    expect(vitestTimings(report, '/repo/')).toEqual([
      { suite: 'vitest', name: 'apps/x.test.ts › x works', ms: 42 },
      { suite: 'vitest', name: 'apps/x.test.ts › x skipped', ms: 0 },
    ]);
  });

  it('lists the slowest first, as many as asked, with their seconds', () => {
    const timings = [
      { suite: 'vitest' as const, name: 'fast', ms: 10 },
      { suite: 'e2e' as const, name: 'slow', ms: 61_000 },
      { suite: 'vitest' as const, name: 'middle', ms: 2_500 },
    ];
    const two = slowest(timings, 2);
    expect(two.map((t) => t.name)).toEqual(['slow', 'middle']);
    expect(formatSlowest(two)).toEqual(['   61.0 s  e2e     slow', '    2.5 s  vitest  middle']);
  });

  it('passes over a report that is missing or cut short, and lists the rest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'timings-'));
    writeFileSync(join(dir, 'e2e-1.json'), '{"suites": [');
    writeFileSync(
      join(dir, 'vitest.json'),
      JSON.stringify({ testResults: [{ name: `${dir}/a.test.ts`, assertionResults: [{ fullName: 'a', duration: 1500 }] }] }),
    );
    expect(slowestOfRun({ playwright: [join(dir, 'e2e-1.json'), join(dir, 'e2e-2.json')], vitest: join(dir, 'vitest.json') }, `${dir}/`)).toEqual([
      '    1.5 s  vitest  a.test.ts › a',
    ]);
  });
});
