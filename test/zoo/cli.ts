// npm run zoo: runs the whole conformance command against every zoo target (or those named), N times each
// with fresh seeds, prints the matrix (target x verdict, requests, wall time) and every check whose
// verdict differed between runs of the same target (an honest skip, honest-skips.ts, is printed, not counted).
// Exit 1 when any run was loud or unstable.
import { parseArgs } from 'node:util';
import { loadZoo } from '../../targets/catalogue.ts';
import { unavailable } from '../../targets/launch.ts';
import type { Flavour, ZooTarget } from '../../targets/zoo-target.ts';
import { honestSkip } from './honest-skips.ts';
import { loudChecks, zooRun } from './run.ts';

const { values } = parseArgs({
  options: {
    repeat: { type: 'string', default: '1' },
    target: { type: 'string' },
    misconfig: { type: 'string' },
    seed: { type: 'string' },
  },
});
const repeat = Number(values.repeat);
if (!Number.isInteger(repeat) || repeat < 1 || repeat > 50) {
  console.error('zoo: --repeat takes a whole number from 1 to 50');
  process.exit(2);
}
const wanted = values.target?.split(',');
const zoo = (await loadZoo()).filter((t) => !wanted || wanted.includes(t.id));
if (zoo.length === 0) {
  console.error(`zoo: no target matches ${values.target}`);
  process.exit(2);
}

let bad = false;
const rows: string[] = [
  '| target | run | seed | verdict | exit | fail/warn/error | requests | early/bans | wall |',
];
rows.push('|---|---|---|---|---|---|---|---|---|');
for (const target of zoo) {
  const why = unavailable(target);
  if (why) {
    console.log(`skip ${target.id}: ${why}`);
    continue;
  }
  for (const flavour of [undefined, ...(target.flavours ?? [])]) {
    const name = flavour ? `${target.id}/${flavour.name}` : target.id;
    const flavourWhy = await flavour?.unavailable?.();
    if (flavourWhy) {
      console.log(`skip ${name}: ${flavourWhy}`);
      continue;
    }
    const verdicts = new Map<string, Set<string>>();
    /** Per check, the first message of each status, so an unstable verdict shows why it changed. */
    const messages = new Map<string, Map<string, string>>();
    /** Per check, in how many runs it was left out honestly (honest-skips.ts). */
    const honestRuns = new Map<string, number>();
    for (let i = 0; i < repeat; i++) {
      const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
      const r = await runOnce(target, flavour, seed);
      const loud = loudChecks(r.run);
      if (loud.length > 0 || r.stats.early > 0 || r.stats.bans > 0 || r.run.code !== 0) bad = true;
      const honest = new Set(
        (r.run.report?.evaluation.notEvaluated ?? [])
          .filter((n) => honestSkip(n.id, n.reason, flavour))
          .map((n) => n.id),
      );
      for (const c of r.run.report?.checks ?? []) {
        const seen = verdicts.get(c.id) ?? new Set<string>();
        // An honest skip (what the stack answered left nothing to judge) beside a pass is not instability.
        if (c.status === 'skip' && honest.has(c.id)) {
          honestRuns.set(c.id, (honestRuns.get(c.id) ?? 0) + 1);
          continue;
        }
        seen.add(c.status);
        verdicts.set(c.id, seen);
        const said = messages.get(c.id) ?? new Map<string, string>();
        if (!said.has(c.status)) said.set(c.status, `#${i + 1} (seed ${seed}): ${c.message}`);
        messages.set(c.id, said);
      }
      rows.push(
        `| ${name} | ${i + 1} | ${seed} | ${r.run.report?.verdict ?? 'none'} | ${r.run.code} | ${loud.length} | ${r.run.report?.requests.sent ?? '?'} | ${r.stats.early}/${r.stats.bans} | ${(r.wallMs / 1000).toFixed(1)} s |`,
      );
      for (const line of loud) console.log(`  ${name} #${i + 1}: ${line}`);
      if (r.run.code !== 0 && loud.length === 0)
        console.log(`  ${name} #${i + 1}: exit ${r.run.code}\n${r.run.stderr}`);
    }
    for (const [id, runs] of honestRuns)
      if (runs < repeat || verdicts.has(id))
        console.log(`  ${name}: ${id} left out honestly in ${runs} of ${repeat}`);
    for (const [id, seen] of verdicts)
      if (seen.size > 1) {
        bad = true;
        console.log(`  unstable on ${name}: ${id} was ${[...seen].join(' and ')}`);
        for (const [status, said] of messages.get(id) ?? []) console.log(`    ${status} ${said}`);
      }
  }
}
console.log(rows.join('\n'));
process.exit(bad ? 1 : 0);

function runOnce(target: ZooTarget, flavour: Flavour | undefined, seed: number) {
  return zooRun(target, {
    seed,
    ...(flavour ? { flavour } : {}),
    ...(values.misconfig
      ? { misconfig: values.misconfig, args: target.misconfigs[values.misconfig]?.args ?? [] }
      : {}),
  });
}
