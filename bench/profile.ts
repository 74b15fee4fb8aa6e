// npm run bench:profile -- [--orders N] [--seed S]: one default run without the probe under node --cpu-prof,
// against a reference served here (as the bench's figures are), and where its CPU went: the top functions by
// self time, the same by module, and the inclusive time of the entry points that matter. Measures only.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureCommand } from './command.ts';
import { startTarget, storeOf } from './targets.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const orders = flag('--orders', 0);
const seed = flag('--seed', 1);
const top = flag('--top', 15);

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

/** Where a frame's code lives: a file of this project, a package, node itself, or the engine. */
function moduleOf(url: string): string {
  if (url.startsWith('node:')) return 'node:internal';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return `npm:${pkg[1]}`;
  return relative(ROOT, path);
}

const dir = mkdtempSync(join(tmpdir(), 'osc-profile-'));
const target = await startTarget(orders > 0 ? storeOf(orders - 8) : undefined, false);
let m: Awaited<ReturnType<typeof measureCommand>>;
try {
  m = await measureCommand(
    ['--skip-rate-limit-probe', '--trust-order-list', '--seed', String(seed)],
    target.env,
    600_000,
    ['--cpu-prof', '--cpu-prof-dir', dir],
  );
} finally {
  await target.close();
}
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (m.code !== 0 || !file) throw new Error(`the run exited ${m.code}\n${m.stdout.slice(-3000)}`);
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;

const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n: ProfileNode) => (n.callFrame.functionName || '(anonymous)').slice(0, 60);
/** The nearest frame with a script of its own: a native frame's time is spent on behalf of it. */
function owner(id: number): ProfileNode | undefined {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const n = byId.get(at)!;
    if (n.callFrame.url !== '') return n;
  }
  return undefined;
}
const key = (n: ProfileNode): string => {
  if (n.callFrame.url !== '') return `${name(n)} ${moduleOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const o = owner(n.id);
  return o ? `${name(n)} (native) in ${key(o)}` : name(n);
};
/** A frame's module; a native frame's is its caller's, GC and the engine's own are by name. */
const moduleOfNode = (n: ProfileNode): string => {
  if (n.callFrame.url !== '') return moduleOf(n.callFrame.url);
  const o = owner(n.id);
  return o ? moduleOf(o.callFrame.url) : name(n);
};

const selfByFunction = new Map<string, number>();
const selfByModule = new Map<string, number>();
// Inclusive: each sample counts once for every distinct function on its stack.
const inclusive = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, ms] of self) {
  const n = byId.get(id)!;
  total += ms;
  if (n.callFrame.functionName === '(idle)') {
    idle += ms;
    continue;
  }
  selfByFunction.set(key(n), (selfByFunction.get(key(n)) ?? 0) + ms);
  const mod = moduleOfNode(n);
  selfByModule.set(mod, (selfByModule.get(mod) ?? 0) + ms);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const k = key(byId.get(at)!);
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
  }
}
const busy = total - idle;
const sent = m.report?.requests.sent ?? 0;
const rows = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, ms]) => `  ${ms.toFixed(1).padStart(9)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${k}`,
    )
    .join('\n');

console.log(
  `${orders > 0 ? `${orders.toLocaleString('en')} orders` : 'default store'}, seed ${seed}: ${sent} requests; process CPU ${m.cpuMs.toFixed(0)} ms (${sent ? (m.cpuMs / sent).toFixed(1) : '?'} ms per request), wall ${m.wallMs.toFixed(0)} ms, peak RSS ${m.maxRssMiB.toFixed(0)} MiB; profiled main thread busy ${busy.toFixed(0)} ms, idle ${idle.toFixed(0)} ms`,
);
console.log(`\nTop ${top} functions by self time:\n${rows(selfByFunction, top)}`);
console.log(`\nSelf time by module:\n${rows(selfByModule, top)}`);
const ours = new Map(
  [...inclusive].filter(([k]) => / (dist\/)?(api|cli|lib|suites|reference)\/[^ ]*$/.test(k)),
);
console.log(`\nTop ${top} of this project's functions by inclusive time:\n${rows(ours, top)}`);
console.log(`\nProfile: ${join(dir, file)}`);
