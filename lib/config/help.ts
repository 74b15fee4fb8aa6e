// The text of --help, built from the declared settings (settings.ts) so it can never drift from them; it names
// settings as tokens (setting-ref.ts), which the command renders as it prints.
import { flagRef, SETTINGS } from './settings.ts';

export function helpText(): string {
  const lines = [
    'Usage: order-store-conformance [options]   (or: npm run conformance -- [options])',
    '       order-store-conformance verify DIR  (checks a run folder against its SHA256SUMS)',
    '       order-store-conformance baseline write REPORT [--out FILE]  (known failures from a finished run)',
    '       order-store-conformance compare A B [--out FILE]  (two runs in Markdown; exit 1 on a new failure)',
    `       order-store-conformance judge ${flagRef('har')} FILE [options]  (judges recorded traffic; sends nothing)`,
    `       order-store-conformance proxy ${flagRef('target')} URL [options]  (forwards a client’s traffic and judges it)`,
    '       order-store-conformance --version',
    '',
    'Checks an Order Store Service v1 implementation against its spec and writes reports.',
    'Every option has an environment twin; a dotenv file (.env) is read too; flags win, then real env vars.',
    '',
  ];
  for (const s of SETTINGS) {
    const arg =
      s.kind === 'boolean'
        ? ''
        : s.kind === 'list'
          ? ' A,B'
          : s.kind === 'integer'
            ? ' N'
            : s.kind === 'headers'
              ? ' "NAME: VALUE"'
              : ' VALUE';
    const def = s.default !== '' && s.kind !== 'boolean' ? ` (default ${s.default})` : '';
    lines.push(`  ${s.flag}${arg}`, `      ${s.env}${def}`, `      ${s.help}`);
  }
  lines.push(
    '',
    `Exit codes: 0 conformant (known failures of ${flagRef('baseline')} allowed), 1 non-conformant (also a warning under`,
    `${flagRef('failOn')} warn, or a stale baseline), 2 usage or configuration error (nothing sent), 3 incomplete`,
    '(interrupted, or a limit of the harness - budget, wait, timeout, size cap - left checks out, or fewer MUST',
    `checks evaluated than ${flagRef('minMustEvaluated')}), 4 target unreachable (no connection, or no answer at all).`,
  );

  return lines.join('\n');
}
