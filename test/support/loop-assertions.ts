// Finds the tests whose every assertion sits inside a loop over a collection that may be empty
// (test/architecture/loop-guard.test.ts): such a test passes when the loop's collection is empty, so it must also
// assert that the collection holds something. Reads sources only.
import ts from 'typescript';

export interface LoopOnlyTest {
  file: string;
  line: number;
  name: string;
}

/**
 * A loop over a collection that may be empty: a loop over an array literal, or a `for` counting to a number
 * written in the test, runs whatever the code under test does, so it is not one.
 */
function isOpenLoop(n: ts.Node): boolean {
  if (ts.isForOfStatement(n) || ts.isForInStatement(n)) return !isLiteral(n.expression);
  if (ts.isForStatement(n)) {
    const c = n.condition;
    return !(c && ts.isBinaryExpression(c) && ts.isNumericLiteral(c.right));
  }
  if (ts.isWhileStatement(n)) return true;
  if (
    ts.isCallExpression(n) &&
    ts.isPropertyAccessExpression(n.expression) &&
    ['forEach', 'map', 'flatMap', 'every', 'filter'].includes(n.expression.name.text)
  )
    return !isLiteral(n.expression.expression);
  return false;
}

/** An array written out in the test (`[...] as const` too). */
export function isLiteral(e: ts.Expression): boolean {
  while (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e))
    e = e.expression;
  return ts.isArrayLiteralExpression(e);
}

/**
 * An assertion: `expect(...)`, `expect.soft(...)`, `assert...(...)`, a call of a helper whose name says it
 * asserts, or a call of a function of the same source that asserts (`helpers`, by name).
 */
function isAssertion(n: ts.Node, helpers: ReadonlySet<string>): boolean {
  if (!ts.isCallExpression(n)) return false;
  // fast-check's fc.assert: a property that fails throws.
  if (ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'assert') return true;
  let e: ts.Expression = n.expression;
  while (ts.isPropertyAccessExpression(e) || ts.isCallExpression(e))
    e = ts.isPropertyAccessExpression(e) ? e.expression : e.expression;
  return ts.isIdentifier(e) && (/^(expect|assert)/.test(e.text) || helpers.has(e.text));
}

/** The function a declaration names (`function f() {}`, `const f = () => {}`), with its name. */
function namedFunction(n: ts.Node): { name: string; body: ts.Node } | undefined {
  if (ts.isFunctionDeclaration(n) && n.name && n.body) return { name: n.name.text, body: n.body };
  if (
    ts.isVariableDeclaration(n) &&
    ts.isIdentifier(n.name) &&
    n.initializer &&
    (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))
  )
    return { name: n.name.text, body: n.initializer.body };
  return undefined;
}

/** The names of the source's functions that assert, directly or through another such function. */
function assertingHelpers(sf: ts.SourceFile): Set<string> {
  const functions: Array<{ name: string; body: ts.Node }> = [];
  const collect = (n: ts.Node) => {
    const f = namedFunction(n);
    if (f) functions.push(f);
    ts.forEachChild(n, collect);
  };
  collect(sf);
  const helpers = new Set<string>();
  const asserts = (body: ts.Node): boolean => {
    let found = false;
    const walk = (m: ts.Node) => {
      if (found) return;
      if (isAssertion(m, helpers)) found = true;
      else ts.forEachChild(m, walk);
    };
    walk(body);
    return found;
  };
  // Until nothing changes: a helper may assert through a helper declared after it.
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of functions)
      if (!helpers.has(f.name) && asserts(f.body)) {
        helpers.add(f.name);
        grew = true;
      }
  }
  return helpers;
}

/** Is `n` an `it(...)`/`test(...)` call (with .each, .concurrent and the like)? */
function testName(n: ts.Node, sf: ts.SourceFile): string | undefined {
  if (!ts.isCallExpression(n)) return undefined;
  let e: ts.Expression = n.expression;
  while (ts.isPropertyAccessExpression(e)) e = e.expression;
  if (!ts.isIdentifier(e) || !['it', 'test'].includes(e.text)) return undefined;
  const first = n.arguments[0];
  return first ? first.getText(sf).slice(0, 100) : '';
}

/** `c` is what a for-of or for-in loop `m` iterates: evaluated once, before the body. */
const isHead = (m: ts.Node, c: ts.Node) =>
  (ts.isForOfStatement(m) || ts.isForInStatement(m)) && c === m.expression;

/** The tests of one source whose assertions, every one, sit inside a loop of the test's own body. */
export function loopOnlyTests(file: string, text: string): LoopOnlyTest[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const helpers = assertingHelpers(sf);
  const found: LoopOnlyTest[] = [];
  const visit = (n: ts.Node) => {
    const name = testName(n, sf);
    const body = name !== undefined ? (n as ts.CallExpression).arguments.find(ts.isFunctionLike) : undefined;
    if (name !== undefined && body) {
      let inLoop = 0;
      let outside = 0;
      const walk = (m: ts.Node, depth: number) => {
        if (isAssertion(m, helpers)) {
          if (depth > 0) inLoop++;
          else outside++;
        }
        // A helper declared in the test asserts where it is called, not where it is written.
        if (namedFunction(m)) return;
        ts.forEachChild(m, (c) => {
          // The collection a loop reads is outside it; only its body repeats.
          const body = isOpenLoop(m) && !(ts.isCallExpression(m) && c === m.expression) && !isHead(m, c);
          walk(c, depth + (body ? 1 : 0));
        });
      };
      walk(body, 0);
      if (inLoop > 0 && outside === 0)
        found.push({ file, line: sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1, name });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
