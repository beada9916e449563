/** Ánima turn order: by Group Speed, ties broken by a persistent dice ranking (ANIMA-ORDER). */
import type { Dice } from '../../../kernel/dice/index.js';
import { d10 } from './combat.js';

export interface OrderEntrant {
  id: string;
  speed: number;
}

/** A stored tie-break ranking between players who had `speed` when it was rolled. */
export interface TieBreak {
  speed: number;
  order: string[];
}

export interface SpeedRun {
  speed: number;
  ids: string[];
  /** none: no tie; stored: a stored ranking still applies; roll: fresh dice. */
  by: 'none' | 'stored' | 'roll';
  /** Each player's tie-break rolls, round by round (only for `roll`). */
  rolls?: Record<string, number[]>;
}

export interface TurnOrder {
  order: string[];
  runs: SpeedRun[];
  /** The rankings to store for the next turn (ANIMA-ORDER-2). */
  tieBreaks: TieBreak[];
}

/**
 * ANIMA-ORDER-2 / ANIMA-AMB-15: everyone rolls once; only sub-ties re-roll, in request order.
 * Depth first: a sub-tie is settled, with its own sub-ties, before the next lower value's players;
 * by a work list rather than by recursion, so that fixed dice tying round after round (thousands
 * of values) run out as `dice_exhausted`, never through the call stack.
 */
function rollOff(ids: string[], dice: Dice, rolls: Record<string, number[]>): string[] {
  const out: string[] = [];
  // what is still to place, the next on top: a settled id, or a tied group to roll
  const pending: (string | string[])[] = [ids];
  while (pending.length) {
    const next = pending.pop()!;
    if (typeof next === 'string') {
      out.push(next);
      continue;
    }
    const scored = next.map((id) => {
      const value = d10(dice, `tie-break ${id}`);
      (rolls[id] ??= []).push(value);
      return { id, value };
    });
    const values = [...new Set(scored.map((s) => s.value))].sort((a, b) => b - a);
    for (let i = values.length - 1; i >= 0; i--) {
      const tied = scored.filter((s) => s.value === values[i]).map((s) => s.id);
      pending.push(tied.length > 1 ? tied : tied[0]!);
    }
  }
  return out;
}

/** A stored ranking is reused only if it was made at this Speed and ranks every tied player. */
function storedFor(run: string[], speed: number, stored: readonly TieBreak[]): string[] | undefined {
  for (const t of stored) {
    if (t.speed !== speed) continue;
    if (run.every((id) => t.order.includes(id))) return t.order.filter((id) => run.includes(id));
  }
  return undefined;
}

/**
 * ANIMA-ORDER-1: highest Speed first. ANIMA-ORDER-2: equal Speeds use the stored ranking when it
 * still holds, else roll (and store the result). Rankings whose players' Speeds changed are dropped.
 */
export function turnOrder(entrants: readonly OrderEntrant[], stored: readonly TieBreak[], dice: Dice): TurnOrder {
  const speeds = [...new Set(entrants.map((e) => e.speed))].sort((a, b) => b - a);
  const order: string[] = [];
  const runs: SpeedRun[] = [];
  const tieBreaks: TieBreak[] = [];
  for (const speed of speeds) {
    const ids = entrants.filter((e) => e.speed === speed).map((e) => e.id);
    if (ids.length === 1) {
      order.push(...ids);
      runs.push({ speed, ids, by: 'none' });
      continue;
    }
    const kept = storedFor(ids, speed, stored);
    if (kept) {
      // ANIMA-ORDER-2: the ranking persists while the tied players' Speeds stay unchanged.
      order.push(...kept);
      runs.push({ speed, ids: kept, by: 'stored' });
      tieBreaks.push({ speed, order: kept });
      continue;
    }
    // ANIMA-ORDER-2: tied players roll; higher goes first; the result is stored.
    // keyed by the caller's player ids: no prototype, so an id like `constructor` is just a key
    const rolls: Record<string, number[]> = Object.create(null);
    const ranked = rollOff(ids, dice, rolls);
    order.push(...ranked);
    runs.push({ speed, ids: ranked, by: 'roll', rolls });
    tieBreaks.push({ speed, order: ranked });
  }
  return { order, runs, tieBreaks };
}
