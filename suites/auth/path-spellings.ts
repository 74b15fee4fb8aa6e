// The catalogue of path spellings (issue 21 item 2): the ways a router may still read a request as one of the
// operations (a trailing slash, a doubled slash, dot segments, percent-encoded characters, letter case, a path
// parameter), by kind. Data and pure functions: paths.ts sends them. Never spells the id itself (the
// orderId checks do), so a cancel spelled any of these ways still names only the absent id it was given.
import type { CaseKind } from './sample.ts';

/** An operation's path below the base URL as segments: the fixed ones, then the id (cancel, pets). */
export interface PathParts {
  fixed: readonly string[];
  id?: string;
}

/** One spelling: its name in a finding, and the path it makes (undefined: the same as another case). */
export interface Spelling {
  name: string;
  spell(p: PathParts): string;
}

const join = (segs: readonly string[]) => `/${segs.join('/')}`;
const all = (p: PathParts) => [...p.fixed, ...(p.id === undefined ? [] : [p.id])];
/** Inserts `extra` segments after the first fixed one: /store/<extra>/orders/7, /pets/<extra>/7. */
const afterFirst = (p: PathParts, ...extra: string[]) => {
  const s = all(p);
  return join([s[0]!, ...extra, ...s.slice(1)]);
};
/** The fixed segments with one changed by `f`, the id kept as it is. */
const fixedWith = (p: PathParts, i: number, f: (seg: string) => string) =>
  join([...p.fixed.map((seg, j) => (j === i ? f(seg) : seg)), ...(p.id === undefined ? [] : [p.id])]);
const hex = (c: string, lower: boolean) => {
  const h = c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
  return `%${lower ? h.toLowerCase() : h}`;
};
const last = (p: PathParts) => p.fixed.length - 1;

export const TRAILING_SLASH: CaseKind<Spelling> = {
  name: 'a trailing slash',
  cases: [{ name: 'a trailing slash', spell: (p) => `${join(all(p))}/` }],
};

/** The kinds each operation meets once between them by default (one seeded case each). */
export const OTHER_KINDS: CaseKind<Spelling>[] = [
  {
    name: 'a doubled slash',
    cases: [
      { name: 'a doubled slash at the start', spell: (p) => `/${join(all(p))}` },
      { name: 'a doubled slash after the first segment', spell: (p) => afterFirst(p, '') },
      {
        name: 'a doubled slash before the last segment',
        spell: (p) => {
          const s = all(p);
          return join([...s.slice(0, -1), '', s.at(-1)!]);
        },
      },
    ],
  },
  // RFC 3986 §5.2.4 removes "." and ".." alike: a router that resolves one resolves the other.
  {
    name: 'a dot segment',
    cases: [
      { name: 'a "." segment at the start', spell: (p) => `/.${join(all(p))}` },
      { name: 'a "." segment after the first segment', spell: (p) => afterFirst(p, '.') },
      { name: 'a "x/.." pair after the first segment', spell: (p) => afterFirst(p, 'x', '..') },
    ],
  },
  // Decoded before the dot segments are resolved (a router that decodes first), or not at all.
  {
    name: 'a percent-encoded dot segment',
    cases: [{ name: 'a percent-encoded "." segment (%2e)', spell: (p) => afterFirst(p, '%2e') }],
  },
  // A slash decoded into a path separator (%2F) is another router's habit than a letter decoded.
  {
    name: 'an encoded slash',
    cases: [
      {
        name: 'an encoded slash (%2F) after the first segment',
        spell: (p) => {
          const s = all(p);
          return `/${s[0]}%2F${s.slice(1).join('/')}`;
        },
      },
    ],
  },
  {
    name: 'a percent-encoded letter',
    cases: [
      {
        name: 'the first letter percent-encoded',
        spell: (p) => fixedWith(p, 0, (seg) => hex(seg[0]!, false) + seg.slice(1)),
      },
      {
        name: 'a letter of the last fixed segment percent-encoded in lower-case hex',
        spell: (p) => fixedWith(p, last(p), (seg) => seg.slice(0, -1) + hex(seg.at(-1)!, true)),
      },
    ],
  },
  {
    name: 'a change of letter case',
    cases: [
      {
        name: 'capitalised segments',
        spell: (p) =>
          join([...p.fixed.map((s) => s[0]!.toUpperCase() + s.slice(1)), ...(p.id ? [p.id] : [])]),
      },
      {
        name: 'upper case',
        spell: (p) => join([...p.fixed.map((s) => s.toUpperCase()), ...(p.id ? [p.id] : [])]),
      },
      {
        name: 'one letter of the last fixed segment in upper case',
        spell: (p) => fixedWith(p, last(p), (seg) => seg.slice(0, 1) + seg[1]!.toUpperCase() + seg.slice(2)),
      },
    ],
  },
  {
    name: 'a path parameter',
    cases: [
      { name: 'a ";x" path parameter on the last segment', spell: (p) => `${join(all(p))};x` },
      {
        name: 'a ";x" path parameter on the first segment',
        spell: (p) => {
          const s = all(p);
          return join([`${s[0]};x`, ...s.slice(1)]);
        },
      },
    ],
  },
];

export const ALL_KINDS: CaseKind<Spelling>[] = [TRAILING_SLASH, ...OTHER_KINDS];
