/**
 * A memoising sampler that gives exactly what calling the rule function every time gives, only
 * faster. The rule function is a pure function of the dice it is handed, and a characteristic roll
 * (EDEN-ROLL-1) only matters through its number of successes. So the sampler keeps a tree of the
 * dice requests the function made: each node is one roll (count, sides) and, once the rule
 * function has reported the roll's threshold, its children are keyed by successes (other rolls —
 * location, opposed dice — by their face). Each iteration walks the tree drawing exactly the dice
 * the function would draw, in the same order, from the same stream; a leaf holds the outcome. A
 * path not seen before is resolved by the rule function itself, replaying the dice already drawn
 * and drawing the rest, and added to the tree. Results are therefore bit-identical to the plain
 * loop (tests/unit/simulate pins that), whatever the tree holds.
 */
import type { Dice, DiceTranscript } from '../../../../kernel/dice/index.js';
import type { CharacteristicRoll } from '../rolls.js';
import type { Outcome } from './outcome.js';
import type { DieSource } from './stream.js';

/**
 * An opposed roll (EDEN-ROLL-5) made of the rolls at `start`, `start + 1`, … (first party's die,
 * second party's die, repeated on full ties) between values `a` and `b`: only the winner of each
 * pair matters, so the first die of a pair has a single child and the second is keyed by the pair's
 * result (first wins / second wins / full tie).
 */
export interface OpposedTrace {
  start: number;
  rounds: number;
  a: number;
  b: number;
}

/** One resolution, with the characteristic rolls it made (to learn their thresholds). */
export type TracedResolver = (dice: Dice) => {
  outcome: Outcome;
  pools: (CharacteristicRoll | null | undefined)[];
  opposed?: OpposedTrace | null;
};

interface RollNode {
  count: number;
  sides: number;
  /** Successes threshold (EDEN-ROLL-1, at least 1) or 0: children keyed by the faces. */
  threshold: number;
  /** Opposed roll: 1 = first die of a pair (one child), 2 = second die (keyed by the pair's winner). */
  pair: 0 | 1 | 2;
  a: number;
  b: number;
  /** Children keyed below SMALL_KEYS (successes, faces of one die, pair results) / by larger keys. */
  small: (TreeNode | undefined)[];
  children: Map<number, TreeNode>;
}
interface Leaf {
  outcome: Outcome;
}
type TreeNode = RollNode | Leaf;

/** Most nodes kept; past it, unseen paths are resolved without being stored. */
const MAX_NODES = 400_000;
const MAX_ROLLS = 64;
/** Keys below this are children in an array, the others in a Map. */
const SMALL_KEYS = 32;

function setChild(node: RollNode, key: number, child: TreeNode): void {
  if (key < SMALL_KEYS) node.small[key] = child;
  else node.children.set(key, child);
}

/** 0: first party wins, 1: second wins, 2: full tie (EDEN-ROLL-5). */
function pairKey(a: number, b: number, da: number, db: number): number {
  const ta = a + da;
  const tb = b + db;
  if (ta !== tb) return ta > tb ? 0 : 1;
  if (a !== b) return a > b ? 0 : 1;
  return 2;
}

function nodeKey(node: RollNode, values: number[], previous: number[] | undefined): number {
  if (node.pair === 1) return 0;
  if (node.pair === 2) return pairKey(node.a, node.b, previous![0]!, values[0]!);
  return keyOf(values, node.sides, node.threshold);
}

function keyOf(values: number[], sides: number, threshold: number): number {
  if (threshold > 0) {
    let s = 0;
    for (let i = 0; i < values.length; i++) if (values[i]! >= threshold) s++;
    return s;
  }
  let k = 0;
  for (let i = 0; i < values.length; i++) k = k * (sides + 1) + values[i]!;
  return k;
}

/** Replays the dice already drawn, then draws from the stream, recording every request. */
class ReplayDice implements Dice {
  index = 0;
  readonly drawn: { count: number; sides: number; values: number[] }[] = [];
  constructor(
    private readonly random: DieSource,
    private readonly prefix: { count: number; sides: number; values: number[] }[],
  ) {}

  roll(_purpose: string, count: number, sides = 6): number[] {
    if (count <= 0) return [];
    if (this.index < this.prefix.length) {
      const p = this.prefix[this.index++]!;
      if (p.count !== count || p.sides !== sides) throw new Error('Simulation sampler: the rule function is not a function of its dice.');
      this.drawn.push(p);
      return p.values;
    }
    this.index++;
    const values = new Array<number>(count);
    for (let i = 0; i < count; i++) values[i] = this.random.die(sides);
    this.drawn.push({ count, sides, values });
    return values;
  }

  transcript(): DiceTranscript {
    return { seed: null, rolls: [] };
  }
}

export class MemoSampler {
  private root: TreeNode | undefined;
  private nodes = 0;
  /** Dice drawn by the current iteration (flat) and where each roll starts / which node drew it. */
  private buf = new Int32Array(256);
  private readonly starts: number[] = [];
  private readonly walked: RollNode[] = [];
  private path: { count: number; sides: number; values: number[] }[] = [];

  constructor(private readonly resolve: TracedResolver) {}

  get size(): number {
    return this.nodes;
  }

  /** One resolution drawing from `random`. */
  sample(random: DieSource): Outcome {
    let node = this.root;
    let parent: RollNode | undefined;
    let parentKey = 0;
    let len = 0;
    let depth = 0;
    const starts = this.starts;
    const walked = this.walked;
    while (node !== undefined && (node as RollNode).small !== undefined) {
      const n = node as RollNode;
      const { count, sides } = n;
      if (len + count > this.buf.length) {
        const bigger = new Int32Array(this.buf.length * 2 + count);
        bigger.set(this.buf);
        this.buf = bigger;
      }
      const buf = this.buf;
      const start = len;
      random.fill(buf, start, count, sides);
      len += count;
      let key: number;
      if (n.pair === 1) key = 0;
      else if (n.pair === 2) key = pairKey(n.a, n.b, buf[start - 1]!, buf[start]!);
      else if (n.threshold > 0) {
        key = 0;
        for (let i = start; i < len; i++) if (buf[i]! >= n.threshold) key++;
      } else {
        key = 0;
        for (let i = start; i < len; i++) key = key * (sides + 1) + buf[i]!;
      }
      starts[depth] = start;
      walked[depth] = n;
      depth++;
      parent = n;
      parentKey = key;
      node = key < SMALL_KEYS ? n.small[key] : n.children.get(key);
    }
    if (node !== undefined) return (node as Leaf).outcome;
    const path: { count: number; sides: number; values: number[] }[] = [];
    for (let d = 0; d < depth; d++) {
      const n = walked[d]!;
      path.push({ count: n.count, sides: n.sides, values: Array.from(this.buf.subarray(starts[d]!, starts[d]! + n.count)) });
    }
    this.path = path;
    return this.miss(random, parent, parentKey);
  }

  private miss(random: DieSource, parent: RollNode | undefined, parentKey: number): Outcome {
    const dice = new ReplayDice(random, this.path);
    const { outcome, pools, opposed } = this.resolve(dice);
    if (this.nodes >= MAX_NODES || dice.drawn.length > MAX_ROLLS) return outcome;
    const thresholds = new Map<number[], number>();
    for (const p of pools) if (p && p.pool > 0) thresholds.set(p.values, Math.max(1, p.threshold));
    // Build the new branch below `parent` (or the root) from the rolls not yet in the tree.
    let attach = (n: TreeNode) => {
      if (parent) setChild(parent, parentKey, n);
      else this.root = n;
    };
    for (let r = this.path.length; r < dice.drawn.length; r++) {
      const d = dice.drawn[r]!;
      const threshold = thresholds.get(d.values) ?? 0;
      if (threshold === 0 && d.count > 16) return outcome; // face keys would not fit; stay uncached
      const inPair = opposed && r >= opposed.start && r < opposed.start + 2 * opposed.rounds ? ((((r - opposed.start) % 2) + 1) as 1 | 2) : 0;
      const n: RollNode = { count: d.count, sides: d.sides, threshold, pair: inPair, a: opposed?.a ?? 0, b: opposed?.b ?? 0, small: [], children: new Map() };
      attach(n);
      this.nodes++;
      const key = nodeKey(n, d.values, r > 0 ? dice.drawn[r - 1]!.values : undefined);
      attach = (child) => setChild(n, key, child);
    }
    attach({ outcome });
    this.nodes++;
    return outcome;
  }
}
