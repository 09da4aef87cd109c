import { readFileSync } from 'node:fs';
import path from 'node:path';

// npx tsx bench/cpu-profile-summary.ts FILE.cpuprofile [TOP] [FROM_SECONDS]: the functions that
// took the most CPU in a profile written by `node --cpu-prof` (e.g. POLL_SERVER_FLAGS of the
// poll-day bench), by self time and by total time (self plus what they called), as tables.
// FROM_SECONDS leaves out the samples of the process's first seconds (its start-up and earlier
// load: request-cpu-bench.ts prints the second its measured load began).
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topText, fromText] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/cpu-profile-summary.ts FILE.cpuprofile [TOP] [FROM_SECONDS]');
const top = Number(topText ?? 30);
const fromMicros = Number(fromText ?? 0) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Time per sample node, from the deltas (microseconds).
const selfMicros = new Map<number, number>();
let sinceStart = 0;
profile.samples.forEach((id, index) => {
  sinceStart += profile.timeDeltas[index] ?? 0;
  if (sinceStart >= fromMicros) selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

const nameOf = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^file:\/\//, '').split(`${path.sep}node_modules${path.sep}`).at(-1)?.split('/').slice(-3).join('/')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  if (!node) continue;
  self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + micros);
  // Each function on the stack once, however deep its recursion.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = nameOf(byId.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  }
}

const print = (title: string, values: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)\n| ms | % | function |\n|---|---|---|`);
  for (const [name, micros] of [...values].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`| ${(micros / 1000).toFixed(0)} | ${((100 * micros) / total).toFixed(1)} | ${name} |`);
  }
};
print('Self time', self);
print('Total time', inclusive);
