import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBenchServer, writeResults } from './support';

// `npm run bench:web`: Lighthouse 12 with Debian's Chromium on the landing page served by the real
// server (built web app), median of 3 runs: performance and accessibility scores (goal: >= 95 each)
// and the landing page's JavaScript bytes over the wire, gzip (goal: under 80 KB).
const RUNS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const server = await startBenchServer(3303);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const runs: { performance: number; accessibility: number; jsBytes: number }[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse('http://localhost:3303/', {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    const items = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    runs.push({
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      jsBytes: items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    });
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const summary = {
  date: new Date().toISOString(),
  runs,
  median: {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    jsKilobytesGzip: Number((median(runs.map((r) => r.jsBytes)) / 1024).toFixed(1)),
  },
};
const ok = (value: boolean) => (value ? 'met' : 'NOT met');
writeResults(
  'web-lighthouse',
  summary,
  `# Landing page: Lighthouse 12 (Debian Chromium, median of ${RUNS} runs)\n\n` +
    `| measure | median | goal | |\n|---|---|---|---|\n` +
    `| performance score | ${summary.median.performance} | >= 95 | ${ok(summary.median.performance >= 95)} |\n` +
    `| accessibility score | ${summary.median.accessibility} | >= 95 | ${ok(summary.median.accessibility >= 95)} |\n` +
    `| JavaScript over the wire (gzip) | ${summary.median.jsKilobytesGzip} KB | < 80 KB | ${ok(summary.median.jsKilobytesGzip < 80)} |\n`,
);
process.exit(0);
