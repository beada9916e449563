/**
 * The one pass over a request body made on its arrival (src/http/plugins/json-body.ts), for all the
 * checks that walk it: its nesting against a depth limit, its arrays against the smallest
 * `maxItems` of its schema (./body-limits.ts: `scanBody` made both in a walk of its own), and its
 * unknown members (./unknown-members.ts: the route's handler walked the body again for them).
 *
 * Compiled per schema from the shape the unknown-members walker is compiled from, one function per
 * shape: an object's members are told apart by a `switch` on the declared names and read by name;
 * what the shape does not check below (a member that is a leaf, open or unknown, the items of an
 * array of leaves) is scanned for depth and array lengths only (`scanBody`). Every value is
 * visited once; the walk stops at the first container past the depth limit. The unknown members
 * come out in the walker's order with its paths and messages, and are kept for the handler
 * (`rememberUnknownMembers`).
 */
import type { InputProblem } from './errors.js';
import { LONG_ARRAY, scanBody, TOO_DEEP } from './body-limits.js';
import { checks, shapeFor, unknown, type Shape } from './unknown-members.js';

/** What the pass found: 0, TOO_DEEP or LONG_ARRAY (./body-limits.ts); `out` receives the unknown members. */
type Pass = (data: unknown, depthLimit: number, longest: number, out: InputProblem[]) => number;

const passes = new WeakMap<Shape, Pass>();

/** `scanBody` of a value at depth `depth` (its containers' depth relative to the body's root). */
function scanAt(value: unknown, depth: number, depthLimit: number, longest: number): number {
  return value === null || typeof value !== 'object' ? 0 : scanBody(value, depthLimit - depth, longest);
}

/** A shape compiled into its pass (names of members written as JSON string literals). */
function passOf(root: Shape): Pass {
  const hit = passes.get(root);
  if (hit) return hit;
  if (!checks(root)) {
    const scanOnly: Pass = (data, depthLimit, longest) => scanAt(data, 0, depthLimit, longest);
    passes.set(root, scanOnly);
    return scanOnly;
  }
  const names = new Map<Shape, string>();
  const functions: string[] = [];
  // `step` is the statement that walks `value` at depth `d + 1` into `r`
  const step = (shape: Shape | undefined, value: string, segment: string) =>
    shape && checks(shape) ? `at.push(${segment}); r = ${nameOf(shape)}(${value}, d + 1, at, out); at.pop();` : `r = scanAt(${value}, d + 1, LIMIT, LONGEST);`;
  const settle = 'if (r === TOO_DEEP) return r; if (r !== 0) f = r;';
  const nameOf = (shape: Shape): string => {
    let name = names.get(shape);
    if (name !== undefined) return name;
    name = `p${names.size}`;
    names.set(shape, name);
    const lines = [
      `function ${name}(data, d, at, out) {`,
      "  if (data === null || typeof data !== 'object') return 0;",
      '  if (d >= LIMIT) return TOO_DEEP;',
      '  let f = 0, r = 0;',
      '  if (Array.isArray(data)) {',
      '    if (data.length > LONGEST) f = LONG_ARRAY;',
      `    for (let i = 0; i < data.length; i++) { ${step(shape.items, 'data[i]', 'i')} ${settle} }`,
      '    return f;',
      '  }',
    ];
    const props = shape.props;
    const below = props ? [...props].filter(([, sub]) => checks(sub)) : [];
    // as the unknown-members walker: an object whose members are not checked, or that is open with nothing checked below, is scanned only
    if (props && (!shape.open || below.length > 0)) {
      lines.push('  for (const key in data) {', '    switch (key) {');
      for (const [key, sub] of props) {
        const literal = JSON.stringify(key);
        lines.push(`      case ${literal}: ${step(sub, `data[${literal}]`, 'key')} break;`);
      }
      lines.push(`      default: ${shape.open ? '' : 'out.push(unknown([...at, key])); '}r = scanAt(data[key], d + 1, LIMIT, LONGEST);`, '    }', `    ${settle}`, '  }');
    } else {
      lines.push(`  for (const key in data) { r = scanAt(data[key], d + 1, LIMIT, LONGEST); ${settle} }`);
    }
    lines.push('  return f;', '}');
    functions.push(lines.join('\n'));
    return name;
  };
  const rootName = nameOf(root);
  const source = `let LIMIT = 0, LONGEST = 0;\n${functions.join('\n')}\nreturn (data, depthLimit, longest, out) => { LIMIT = depthLimit; LONGEST = longest; return ${rootName}(data, 0, [], out); };`;
  const pass = new Function('scanAt', 'unknown', 'TOO_DEEP', 'LONG_ARRAY', source)(scanAt, unknown, TOO_DEEP, LONG_ARRAY) as Pass;
  passes.set(root, pass);
  return pass;
}

/**
 * One pass over `body` (parsed JSON) against `schema`: TOO_DEEP as soon as a container sits at
 * depth `depthLimit` (the root at 0), else LONG_ARRAY when some array has more than `longest`
 * items, else 0 — as `scanBody(body, depthLimit, longest)` — with the unknown members found
 * pushed to `out`.
 */
export function bodyPass(schema: object, body: unknown, depthLimit: number, longest: number, out: InputProblem[]): number {
  return passOf(shapeFor(schema))(body, depthLimit, longest, out);
}
