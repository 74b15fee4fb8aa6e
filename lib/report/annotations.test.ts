// GitHub annotations escape what the runner would otherwise read as the end of a property or a line.
import { describe, expect, it } from 'vitest';
import { annotations } from './annotations.ts';
import type { Report } from './model.ts';

const check = (id: string, status: 'fail' | 'warn' | 'pass', message: string) => ({
  id,
  status,
  message,
  level: status === 'warn' ? 'SHOULD' : 'MUST',
  spec: 'spec §4 listOrders, rule 1',
  requirement: 'The list is whole.',
});

function report(extra: Partial<Report>): Report {
  return {
    checks: [
      check('LIST-A', 'fail', '50% of items\nmissing'),
      check('LIST-B', 'warn', 'w'),
      check('LIST-C', 'pass', 'ok'),
    ],
    complete: true,
    incompleteReasons: [],
    gate: { failOn: 'fail', passed: false, exitCode: 1, reasons: [] },
    baseline: null,
    ...extra,
  } as unknown as Report;
}

describe('annotations', () => {
  it('one ::error per failure and ::warning per warning, escaped', () => {
    expect(annotations(report({}))).toEqual([
      '::error title=LIST-A (MUST%2C spec §4 listOrders%2C rule 1)::50%25 of items%0Amissing | requirement: The list is whole.',
      '::warning title=LIST-B (SHOULD%2C spec §4 listOrders%2C rule 1)::w | requirement: The list is whole.',
    ]);
  });

  it('a known failure is a notice; an incomplete run is an error of its own', () => {
    const lines = annotations(
      report({
        complete: false,
        incompleteReasons: ['interrupted'],
        baseline: {
          file: 'b.json',
          known: [{ id: 'LIST-A', reason: 'r', status: 'fail' }],
          stale: [],
          staleFails: true,
        },
      }),
    );
    expect(lines[0]).toMatch(/^::notice title=LIST-A /);
    expect(lines.at(-1)).toBe('::error title=conformance run incomplete::interrupted');
  });
});
