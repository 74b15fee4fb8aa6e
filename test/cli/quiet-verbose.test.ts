// --quiet leaves the closing summary alone on the console; --verbose adds, under each check's line, its
// requirement, expected and actual, and a reproduction with the key as a variable; the two together are refused.
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/cli.ts';

const ARGS = ['--embedded', '--only', 'LIST-BODY-ARRAY', '--reference-faults', 'list-wrapped'];

describe('--quiet and --verbose', () => {
  it('--quiet prints the summary only', { timeout: 60_000 }, async () => {
    const run = await runCliInProcess([...ARGS, '--quiet']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).not.toMatch(/plan:|^ {2}FAIL {2}LIST-BODY-ARRAY {2,}MUST/m);
    expect(run.stdout).toMatch(/^Verdict: NON-CONFORMANT/m);
    expect(run.stdout).toMatch(/ {2}FAIL {2}LIST-BODY-ARRAY: the body is a JSON object/);
    expect(run.report!.checks).toHaveLength(1);
  });

  it('--verbose prints each check with its requirement and reproduction, the key as a variable', {
    timeout: 60_000,
  }, async () => {
    const run = await runCliInProcess([...ARGS, '--verbose']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      /FAIL {2}LIST-BODY-ARRAY .*\n {8}MUST spec §4 listOrders \(200\): .*\n {8}expected: array\n {8}actual: {3}object\n {8}reproduce: curl .*\$ORDER_STORE_API_KEY/,
    );
    expect(run.stdout).not.toContain('osk_demo_');
  });

  it('together are a usage error', async () => {
    const run = await runCliInProcess([...ARGS, '--quiet', '--verbose']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--quiet.*--verbose.*give one/);
  });
});
