// The basis finder on small documents: each kind of spec source, the excerpt headings, and every problem it
// must name (a misquote, a wrong place, an unused excerpt, an RFC basis weaker than the check's level).
import { describe, expect, it } from 'vitest';
import { basisProblems, excerptQuotes, normalise, specPlaces } from './basis.ts';

const SPEC = `# A service

## 1. What it does

The service exchanges JSON.

## 4. Endpoints

All paths are relative.

### Cancel an order

| Item | Value |
|---|---|
| Operation name | cancelOrder |
| 404 | Error object; the order could not be found. |

Rules:

1. Only an order with status \`pending\` can be cancelled.
2. When no order has the given \`orderId\`, then the response is 404.

## 5. Authentication

1. Scheme: HTTP bearer.
2. When the key is missing or invalid, then the response is 401.
`;

const EXCERPTS = `# RFC excerpts

> not under a heading, so not a quotation

## RFC 9110 §11.6.1 WWW-Authenticate

> A server generating a 401 (Unauthorized) response MUST send a WWW-Authenticate header
> field containing at least one challenge.

> A second quotation.

## RFC 9110 §11.1 Authentication Scheme

> It uses a case-insensitive token to identify the authentication scheme:
`;

describe('specPlaces', () => {
  it('finds a rule of a section, a rule or the table of a part named by heading or operation', () => {
    expect(specPlaces(SPEC, 'spec §5 rule 2')).toEqual([
      'When the key is missing or invalid, then the response is 401.',
    ]);
    expect(specPlaces(SPEC, 'spec §4 cancelOrder rule 2')).toEqual([
      'When no order has the given `orderId`, then the response is 404.',
    ]);
    expect(specPlaces(SPEC, 'spec §4 Cancel an order rule 1')).toEqual([
      'Only an order with status `pending` can be cancelled.',
    ]);
    expect(specPlaces(SPEC, 'spec §4 cancelOrder table')).toContain(
      '| 404 | Error object; the order could not be found. |',
    );
    expect(specPlaces(SPEC, 'spec §4')?.[0]).toContain('All paths are relative.');
    expect(specPlaces(SPEC, 'spec §4')?.[0]).toContain('Operation name');
  });

  it('names nothing for a missing section, part or rule, or a rule asked of a section that lists none', () => {
    expect(specPlaces(SPEC, 'spec §6')).toBeUndefined();
    expect(specPlaces(SPEC, 'spec §4 listOrders rule 1')).toBeUndefined();
    expect(specPlaces(SPEC, 'spec §5 rule 3')).toBeUndefined();
    expect(specPlaces(SPEC, 'spec §4 rule 1')).toBeUndefined();
    expect(specPlaces(SPEC, 'RFC 9110 §5.3')).toBeUndefined();
  });
});

describe('excerptQuotes', () => {
  it('reads each blockquote paragraph under its RFC heading, line breaks as spaces', () => {
    const quotes = excerptQuotes(EXCERPTS);
    expect([...quotes.keys()]).toEqual(['RFC 9110 §11.6.1', 'RFC 9110 §11.1']);
    expect(quotes.get('RFC 9110 §11.6.1')).toEqual([
      'A server generating a 401 (Unauthorized) response MUST send a WWW-Authenticate header field containing at least one challenge.',
      'A second quotation.',
    ]);
  });
});

describe('basisProblems', () => {
  const www = {
    source: 'RFC 9110 §11.6.1',
    text: 'A server generating a 401 (Unauthorized) response MUST send a WWW-Authenticate header field containing at least one challenge.',
  };
  const second = { source: 'RFC 9110 §11.6.1', text: 'A second quotation.' };
  const scheme = {
    source: 'RFC 9110 §11.1',
    text: 'It uses a case-insensitive token to identify the authentication scheme:',
  };

  it('accepts bases quoted where their sources say, whitespace aside, every excerpt used', () => {
    const checks = [
      { id: 'A-1', level: 'MUST' as const, basis: [{ ...www, text: `  ${www.text.replace(' ', '\n   ')}` }] },
      {
        id: 'A-2',
        level: 'MUST' as const,
        basis: [{ source: 'spec §4 cancelOrder rule 2', text: 'then the response is 404.' }, second],
      },
      { id: 'A-3', level: 'INFO' as const, basis: [scheme] },
      { id: 'A-4', level: 'INFO' as const },
    ];
    expect(basisProblems(checks, SPEC, EXCERPTS)).toEqual([]);
  });

  it('names a misquote, a wrong place, an unknown source, a missing basis and an unused excerpt', () => {
    const checks = [
      { id: 'B-1', level: 'MUST' as const, basis: [{ ...www, text: www.text.replace('MUST', 'SHOULD') }] },
      {
        id: 'B-2',
        level: 'MUST' as const,
        basis: [{ source: 'spec §5 rule 1', text: 'the response is 401.' }],
      },
      { id: 'B-3', level: 'SHOULD' as const, basis: [{ source: 'spec §9 rule 1', text: 'x' }] },
      { id: 'B-4', level: 'SHOULD' as const, basis: [{ source: 'the guide', text: 'x' }] },
      { id: 'B-5', level: 'MUST' as const },
      { id: 'B-6', level: 'MUST' as const, basis: [{ source: 'RFC 9112 §6.1', text: 'x' }] },
    ];
    expect(basisProblems(checks, SPEC, EXCERPTS)).toEqual([
      expect.stringMatching(/^B-1: "A server generating .*" is not quoted under RFC 9110 §11.6.1/),
      'B-1 is MUST but its RFC basis says SHOULD',
      'B-2: "the response is 401." does not stand in spec §5 rule 1',
      'B-3: "spec §9 rule 1" names no place in the spec',
      'B-4: basis source "the guide" is neither the spec nor an RFC section',
      'B-5 (MUST) names no basis',
      'B-6: RFC 9112 §6.1 has no heading in the RFC excerpts',
      'B-6 is MUST but its RFC basis says neither MUST nor SHOULD',
      expect.stringMatching(/^the RFC excerpts quote RFC 9110 §11.6.1 "A server generating/),
      expect.stringMatching(/^the RFC excerpts quote RFC 9110 §11.6.1 "A second quotation/),
      expect.stringMatching(/^the RFC excerpts quote RFC 9110 §11.1 "It uses/),
    ]);
  });

  it('lets a SHOULD rest on a MUST, never a MUST on a SHOULD or on a definition alone', () => {
    const should = { id: 'C-1', level: 'SHOULD' as const, basis: [www, second, scheme] };
    expect(basisProblems([should], SPEC, EXCERPTS)).toEqual([]);
    const definition = { id: 'C-2', level: 'SHOULD' as const, basis: [scheme] };
    expect(
      basisProblems(
        [definition, { id: 'C-3', level: 'INFO' as const, basis: [www, second] }],
        SPEC,
        EXCERPTS,
      ),
    ).toEqual(['C-2 is SHOULD but its RFC basis says neither MUST nor SHOULD']);
  });

  it('normalises only whitespace', () => {
    expect(normalise(' a \n\t b ')).toBe('a b');
    expect(normalise('`orderId`')).toBe('`orderId`');
  });
});
