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
import type { Dice, DiceTranscript, SeededRandom } from '../../dice/index.js';
import type { CharacteristicRoll } from '../rolls.js';
import type { Outcome } from './outcome.js';

/** One resolution, with the characteristic rolls it made (to learn their thresholds). */
export type TracedResolver = (dice: Dice) => { outcome: Outcome; pools: (CharacteristicRoll | null | undefined)[] };

interface RollNode {
  count: number;
  sides: number;
  /** Successes threshold (EDEN-ROLL-1, at least 1) or 0: children keyed by the faces. */
  threshold: number;
  children: Map<number, TreeNode>;
}
interface Leaf {
  outcome: Outcome;
}
type TreeNode = RollNode | Leaf;

/** Most nodes kept; past it, unseen paths are resolved without being stored. */
const MAX_NODES = 400_000;
const MAX_ROLLS = 64;

function isRoll(n: TreeNode): n is RollNode {
  return (n as RollNode).children !== undefined;
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
    private readonly random: SeededRandom,
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
  private readonly path: { count: number; sides: number; values: number[] }[] = [];

  constructor(private readonly resolve: TracedResolver) {}

  get size(): number {
    return this.nodes;
  }

  /** One resolution drawing from `random`. */
  sample(random: SeededRandom): Outcome {
    const path = this.path;
    path.length = 0;
    let node = this.root;
    let parent: RollNode | undefined;
    let parentKey = 0;
    while (node !== undefined && isRoll(node)) {
      const { count, sides } = node;
      const values = new Array<number>(count);
      for (let i = 0; i < count; i++) values[i] = random.die(sides);
      path.push({ count, sides, values });
      const key = keyOf(values, sides, node.threshold);
      parent = node;
      parentKey = key;
      node = node.children.get(key);
    }
    if (node !== undefined) return node.outcome;
    return this.miss(random, parent, parentKey);
  }

  private miss(random: SeededRandom, parent: RollNode | undefined, parentKey: number): Outcome {
    const dice = new ReplayDice(random, this.path);
    const { outcome, pools } = this.resolve(dice);
    if (this.nodes >= MAX_NODES || dice.drawn.length > MAX_ROLLS) return outcome;
    const thresholds = new Map<number[], number>();
    for (const p of pools) if (p && p.pool > 0) thresholds.set(p.values, Math.max(1, p.threshold));
    // Build the new branch below `parent` (or the root) from the rolls not yet in the tree.
    let attach = (n: TreeNode) => {
      if (parent) parent.children.set(parentKey, n);
      else this.root = n;
    };
    for (let r = this.path.length; r < dice.drawn.length; r++) {
      const d = dice.drawn[r]!;
      const threshold = thresholds.get(d.values) ?? 0;
      if (threshold === 0 && d.count > 16) return outcome; // face keys would not fit; stay uncached
      const n: RollNode = { count: d.count, sides: d.sides, threshold, children: new Map() };
      attach(n);
      this.nodes++;
      const key = keyOf(d.values, d.sides, threshold);
      attach = (child) => n.children.set(key, child);
    }
    attach({ outcome });
    this.nodes++;
    return outcome;
  }
}
