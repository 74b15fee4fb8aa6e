// A short key (8 characters, as a staging or demo key may be): its parts and forms are secrets the redactor
// looks for in every file, and none may break a file or garble a check's id. A first-half "key-" of "key-aaaa"
// once matched the id AUTH-QUERY-KEY-401 in report.json, whose scrub put a quoted shell expression into a JSON
// string: the run ended "Expected ',' or '}'", exit 3, with an unreadable report.
import { afterEach, describe, expect, it } from 'vitest';
import { listChecks } from '../../api/index.ts';
import { keyLeaks } from '../support/base64-leaks.ts';
import { closeAll, reportProblems, runAgainst, said } from './support.ts';

afterEach(closeAll);

const SHORT = 'key-aaaa';

describe('a short key', () => {
  it('leaves every file whole, every check id intact, and no form of the key anywhere', async () => {
    const run = await runAgainst(async (x) => x.reply(await x.upstream()), [], {}, { key: SHORT });
    expect(run.code, said(run)).toBe(0);
    expect(reportProblems(run)).toEqual([]);
    const ids = new Set(listChecks().map((c) => c.id));
    expect(run.report!.checks.filter((r) => !ids.has(r.id)).map((r) => r.id)).toEqual([]);
    for (const f of run.files.filter((f) => f.path.endsWith('.json') || f.path.endsWith('.har')))
      expect(() => JSON.parse(f.text), f.path).not.toThrow();
    const junit = run.files.find((f) => f.path.endsWith('junit.xml'))!.text;
    for (const id of ['AUTH-QUERY-KEY-401', 'AUTH-KEY-ALTERED-401']) expect(junit).toContain(id);
    const places = [{ path: 'stdout', text: run.stdout }, ...run.files];
    const found = places.filter((p) => p.text.toLowerCase().includes(SHORT)).map((p) => p.path);
    expect(found).toEqual([]);
    expect(places.flatMap((p) => keyLeaks(p.text, SHORT).map((l) => `${p.path}: ${l}`))).toEqual([]);
  }, 120_000);
});
