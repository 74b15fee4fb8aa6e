// The side-by-side comparison as printed by the bench and as its section of docs/performance.md.
import { median } from '../stats.ts';
import { ratio, type Side, type SideBySide } from './compare.ts';

const range = (xs: number[], digits: number) =>
  xs.length > 1
    ? `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`
    : median(xs).toFixed(digits);

const perMust = (s: Side, of: 'requests' | 'wallS') => s[of].map((v, i) => v / s.musts[i]!);

const ratioText = (a: Side, b: Side, of: 'requests' | 'wallS') => {
  const r = ratio(a, b, of);
  return r.min === r.max
    ? `${r.median.toFixed(2)}×`
    : `${r.median.toFixed(2)}× (${r.min.toFixed(2)}-${r.max.toFixed(2)})`;
};

/** One line per tool and one per ratio, for the console. */
export function sideBySideLines(r: SideBySide): string[] {
  const out = r.sides.map(
    (s) =>
      `SIDE   ${s.tool}: ${median(s.requests)} requests, ${median(s.wallS).toFixed(2)} s, ${median(s.musts)} MUSTs judged; ${median(perMust(s, 'requests')).toFixed(2)} requests and ${median(perMust(s, 'wallS')).toFixed(3)} s per MUST${s.falseFails.length ? `; ${s.falseFails.length} fail(s) on the conformant reference` : ''}`,
  );
  const ours = r.sides.filter((s) => s.tool.startsWith('this suite'));
  for (const peer of r.sides.filter((s) => !s.tool.startsWith('this suite')))
    for (const o of ours)
      out.push(
        `RATIO  ${o.tool} / ${peer.tool}, per MUST judged: requests ${ratioText(o, peer, 'requests')}, wall ${ratioText(o, peer, 'wallS')}`,
      );
  return out;
}

/** The section of docs/performance.md. */
export function sideBySideMarkdown(r: SideBySide, rounds: number): string {
  const rows = r.sides.map(
    (s) =>
      `| ${s.tool} | ${range(s.requests, 0)} | ${range(s.wallS, 2)} s | ${range(s.musts, 0)} | ${range(perMust(s, 'requests'), 2)} | ${range(perMust(s, 'wallS'), 3)} s | ${s.falseFails.length === 0 ? 'none' : s.falseFails.map((f) => `\`${f.replace(/\|/g, '\\|')}\``).join('; ')} |`,
  );
  const ours = r.sides.filter((s) => s.tool.startsWith('this suite'));
  const peers = r.sides.filter((s) => !s.tool.startsWith('this suite'));
  const ratios = peers.flatMap((p) =>
    ours.map(
      (o) => `| ${o.tool} ÷ ${p.tool} | ${ratioText(o, p, 'requests')} | ${ratioText(o, p, 'wallS')} |`,
    ),
  );
  const judged = r.sides.map((s) => `- ${s.tool}: ${s.mustIds.length} (${s.mustIds.join(', ')})`);
  const how = r.sides.map(
    (s) =>
      `- ${s.tool}: \`${s.command}\`; ${s.setup}.${s.untried.length ? ` Left untried: ${s.untried.join('; ')}.` : ''}`,
  );
  const skipped = r.skipped.map((s) => `- ${s.name}: not run, ${s.reason}.`);
  return `## Side by side with peers

Each tool against the same target in the same rounds (n=${rounds}, interleaved): the reference server as the
command embeds it (the Free plan's 60 requests per 10 s window, two demo keys, the default seed), a fresh one
for each run. Requests are counted by the server; wall time is from spawn to exit (start-up included, and for
this suite most of it is one rate-limit window waited out, by the probe and by the STATE- checks' later look,
with or without the probe: issue 33 item 3); medians, the range in brackets.

| Tool | Requests | Wall time | MUSTs judged | Requests per MUST | Wall per MUST | Fails on the reference (conformant) |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Ratios per MUST judged (this suite ÷ peer, per round; below 1 this suite spends less per MUST it judges):

| Pair | Requests per MUST | Wall time per MUST |
|---|---|---|
${ratios.join('\n') || '| no peer ran | | |'}

How MUSTs judged are counted. This suite: its checks of level MUST with a verdict of pass or fail in
report.json (a skip or an error judges nothing). A peer: ${r.counting}. What each judged:

${judged.join('\n')}

How each ran (peers installed on demand into \`bench/.peers/\`, pinned):

${[...how, ...skipped].join('\n')}
`;
}
