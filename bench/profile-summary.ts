// Summarizes a V8 CPU profile (`node --cpu-prof`): the busy share of each package, inclusive (a
// sample counts once for every package on its stack) and self (the frame that was running), and the
// functions with the most self time. Usage:
//   node --import tsx profile-summary.ts <file.cpuprofile> [top] [--last=<seconds>]
// --last keeps only the samples of the profile's last seconds (the measured load, not the start-up
// and the sign-ups before it).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The package a frame belongs to: a node_modules package, a node: built-in, the product's source, or V8's own. */
function packageOf(url: string, name: string): string {
  if (url === '') return name === '(garbage collector)' ? 'GC' : name.startsWith('(') ? name : 'native';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) {
    const parts = url.slice('node:'.length).split('/');
    return `node:${parts[0] === 'internal' ? parts.slice(0, 2).join('/') : (parts[0] ?? '')}`;
  }
  const source = url.indexOf('/src/');
  return source >= 0
    ? `app:${url
        .slice(source + 5)
        .split('/')
        .slice(0, 2)
        .join('/')}`
    : url;
}

function summarize(file: string, top: number, lastSeconds: number | null): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const self = new Map<string, number>();
  const selfFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  const from = lastSeconds === null ? -Infinity : profile.endTime - lastSeconds * 1e6;
  let at = profile.startTime;
  profile.samples.forEach((sample, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    const node = byId.get(sample);
    if (!node || at < from) return;
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') {
      idle += delta;
      return;
    }
    busy += delta;
    const own = packageOf(node.callFrame.url, node.callFrame.functionName);
    self.set(own, (self.get(own) ?? 0) + delta);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${own}:${node.callFrame.lineNumber + 1}`;
    selfFunction.set(fn, (selfFunction.get(fn) ?? 0) + delta);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id);
      if (!frame || frame.callFrame.functionName === '(root)') continue;
      seen.add(packageOf(frame.callFrame.url, frame.callFrame.functionName));
    }
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
  });

  const percent = (value: number): string => `${((value / busy) * 100).toFixed(1)}%`;
  const rows = (map: Map<string, number>): string[] =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, value]) => `| ${name} | ${percent(value)} |`);
  return [
    `${file}: busy ${(busy / 1000).toFixed(0)} ms, idle or program ${(idle / 1000).toFixed(0)} ms`,
    '',
    '| package (inclusive) | share of busy |',
    '|---|---|',
    ...rows(inclusive),
    '',
    '| package (self) | share of busy |',
    '|---|---|',
    ...rows(self),
    '',
    '| function (self) | share of busy |',
    '|---|---|',
    ...rows(selfFunction),
  ].join('\n');
}

const options = process.argv.slice(2);
const last = options.find((option) => option.startsWith('--last='));
const [file, topArgument] = options.filter((option) => !option.startsWith('--'));
if (!file) {
  console.error('usage: node --import tsx profile-summary.ts <file.cpuprofile> [top] [--last=<seconds>]');
  process.exit(2);
}
console.log(summarize(file, Number(topArgument ?? 25), last ? Number(last.slice('--last='.length)) : null));
