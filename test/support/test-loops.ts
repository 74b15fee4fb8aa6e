// Finds the tests a loop makes (`it.each(xs)`, `for (const x of xs) it(...)`) over a collection that may be
// empty (test/loop-guard.test.ts): with none, no test runs and nothing says so, unless the file asserts, outside
// that loop, that the collection holds something. Reads sources only.
import ts from 'typescript';
import { isLiteral, type LoopOnlyTest } from './loop-assertions.ts';

const MAKERS = ['it', 'test', 'describe'];

/** The collection of a loop that makes tests, or undefined when `n` is no such loop. */
function madeOver(n: ts.Node): ts.Expression | undefined {
  // it.each(xs)(name, fn), describe.each(xs)(...), it.concurrent.each(xs)(...)
  if (ts.isCallExpression(n) && ts.isCallExpression(n.expression)) {
    const each = n.expression;
    if (ts.isPropertyAccessExpression(each.expression) && each.expression.name.text === 'each') {
      let e: ts.Expression = each.expression.expression;
      while (ts.isPropertyAccessExpression(e)) e = e.expression;
      if (ts.isIdentifier(e) && MAKERS.includes(e.text)) return each.arguments[0];
    }
  }
  const makes = (body: ts.Node) => {
    let found = false;
    const walk = (m: ts.Node) => {
      if (ts.isCallExpression(m)) {
        let e: ts.Expression = m.expression;
        while (ts.isPropertyAccessExpression(e)) e = e.expression;
        if (ts.isIdentifier(e) && MAKERS.includes(e.text)) found = true;
      }
      if (!found) ts.forEachChild(m, walk);
    };
    walk(body);
    return found;
  };
  if ((ts.isForOfStatement(n) || ts.isForInStatement(n)) && makes(n.statement)) return n.expression;
  if (
    ts.isCallExpression(n) &&
    ts.isPropertyAccessExpression(n.expression) &&
    ['forEach', 'map', 'flatMap'].includes(n.expression.name.text) &&
    n.arguments[0] &&
    makes(n.arguments[0])
  )
    return n.expression.expression;
  return undefined;
}

/** The name a collection is read through: `xs` of `xs.filter(...)`, `o` of `Object.entries(o.m)`. */
function rootOf(e: ts.Expression): string | undefined {
  for (;;) {
    if (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e))
      e = e.expression;
    else if (ts.isNonNullExpression(e) || ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e))
      e = e.expression;
    else if (ts.isCallExpression(e)) {
      const callee = e.expression;
      // Object.entries(x), Array.from(x): the collection is the argument.
      if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
        if (['Object', 'Array'].includes(callee.expression.text) && e.arguments[0]) e = e.arguments[0];
        else e = callee;
      } else if (ts.isIdentifier(callee)) return callee.text;
      else e = callee;
    } else return ts.isIdentifier(e) ? e.text : undefined;
  }
}

/** An array written out with at least one element of its own (a spread alone may be empty). */
function writtenOut(e: ts.Expression, consts: ReadonlyMap<string, ts.Expression>): boolean {
  let x = e;
  while (ts.isAsExpression(x) || ts.isSatisfiesExpression(x) || ts.isParenthesizedExpression(x))
    x = x.expression;
  if (ts.isIdentifier(x) && consts.has(x.text)) return writtenOut(consts.get(x.text)!, new Map());
  // xs.map(f) has as many items as xs; xs.flatMap(x => [a, ...]) at least as many.
  if (ts.isCallExpression(x) && ts.isPropertyAccessExpression(x.expression)) {
    const f = x.arguments[0];
    const kind = x.expression.name.text;
    const each =
      kind === 'map' ||
      (kind === 'flatMap' && f && ts.isArrowFunction(f) && writtenOut(f.body as ts.Expression, consts));
    return Boolean(each) && writtenOut(x.expression.expression, consts);
  }
  return isLiteral(x) && (x as ts.ArrayLiteralExpression).elements.some((el) => !ts.isSpreadElement(el));
}

/** The loops of one source that make tests over a collection it never asserts is not empty. */
export function emptyableTestLoops(file: string, text: string): LoopOnlyTest[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const consts = new Map<string, ts.Expression>();
  const expects: ts.CallExpression[] = [];
  const loops: Array<{ node: ts.Node; over: ts.Expression; bound: ReadonlySet<string> }> = [];
  const visit = (n: ts.Node, bound: ReadonlySet<string>) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer)
      consts.set(n.name.text, n.initializer);
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'expect')
      expects.push(n);
    const over = madeOver(n);
    let inner = bound;
    if (over) {
      loops.push({ node: n, over, bound });
      // What the loop binds (its variable, its callback's parameters) names each item, not a collection.
      const names = new Set(bound);
      const add = (b: ts.BindingName) => {
        if (ts.isIdentifier(b)) names.add(b.text);
        else for (const el of b.elements) if (!ts.isOmittedExpression(el)) add(el.name);
      };
      if ((ts.isForOfStatement(n) || ts.isForInStatement(n)) && ts.isVariableDeclarationList(n.initializer))
        for (const d of n.initializer.declarations) add(d.name);
      if (ts.isCallExpression(n) && n.arguments[0] && ts.isFunctionLike(n.arguments[0]))
        for (const p of n.arguments[0].parameters) add(p.name);
      inner = names;
    }
    ts.forEachChild(n, (c) => visit(c, inner));
  };
  visit(sf, new Set());
  const found: LoopOnlyTest[] = [];
  for (const { node, over, bound } of loops) {
    if (writtenOut(over, consts)) continue;
    const root = rootOf(over);
    // A loop over what an enclosing loop's item holds: items may rightly hold none.
    if (root !== undefined && bound.has(root)) continue;
    const word = root === undefined ? undefined : new RegExp(`\\b${root}\\b`);
    const inside = (x: ts.Node) => x.getStart(sf) >= node.getStart(sf) && x.getEnd() <= node.getEnd();
    const guarded =
      word !== undefined &&
      expects.some((x) => !inside(x) && x.arguments.some((a) => word.test(a.getText(sf))));
    if (!guarded)
      found.push({
        file,
        line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
        name: over.getText(sf).slice(0, 100),
      });
  }
  return found;
}
