/**
 * Upkeep steps 3–9 in order (EDEN-UPKEEP-3..9). Fire and Fear alternate players from the First
 * player, each band in listed order (CONTRACT §3); NPCs burn and shake fear after both players
 * (EDEN-AMB-18). Out-of-action fighters are off the table and untouched.
 */
import type { Dice } from '../../../kernel/dice/index.js';
import { InvalidInput } from '../../../kernel/errors.js';
import { isNpc, isOutOfAction, withOutOfAction, type Fighter } from './fighter.js';
import type { Player } from './initiative.js';
import { applySlow, burn, calmRage, shakeFear, wearOffPoison } from './states.js';

export type Side = Player | 'npc';

export interface UpkeepInput {
  firstPlayer: Player;
  bands: Record<Player, Fighter[]>;
  /** NPCs on the table (Infestation); they have no AP (EDEN-AMB-30). */
  npcs?: Fighter[];
  /** Ids of the fighters whose owner removes one Rage marker (EDEN-UPKEEP-6, optional). */
  removeRage?: string[];
}

export interface UpkeepLogEntry {
  step: number;
  rule: string;
  side?: Side;
  fighterId?: string;
  [detail: string]: unknown;
}

export interface UpkeepResult {
  bands: Record<Player, Fighter[]>;
  npcs: Fighter[];
  log: UpkeepLogEntry[];
}

interface Slot {
  side: Side;
  index: number;
}

function gone(f: Fighter): boolean {
  return f.outOfAction === true || isOutOfAction(f);
}

/** First player's next, then the other's, alternating; a side with nothing left is skipped; NPCs last. */
function alternate(first: Player, queues: Record<Side, number[]>): Slot[] {
  const second: Player = first === 'A' ? 'B' : 'A';
  const order: Slot[] = [];
  const q = { [first]: [...queues[first]], [second]: [...queues[second]] } as Record<Player, number[]>;
  let turn: Player = first;
  while (q.A.length > 0 || q.B.length > 0) {
    const next = q[turn].shift();
    if (next !== undefined) order.push({ side: turn, index: next });
    turn = turn === 'A' ? 'B' : 'A';
  }
  for (const index of queues.npc) order.push({ side: 'npc', index });
  return order;
}

export function upkeep(input: UpkeepInput, dice: Dice): UpkeepResult {
  const state: Record<Side, Fighter[]> = { A: [...input.bands.A], B: [...input.bands.B], npc: [...(input.npcs ?? [])] };
  const log: UpkeepLogEntry[] = [];
  const sides: Side[] = ['A', 'B', 'npc'];
  const onTable = (side: Side) => state[side].map((f, i) => (gone(f) ? -1 : i)).filter((i) => i >= 0);
  const pathOf = (s: Slot) => (s.side === 'npc' ? `/npcs/${s.index}` : `/bands/${s.side}/${s.index}`);

  // Every removeRage id must name a band fighter (not an NPC: they have no owner).
  const rageIds = new Set(input.removeRage ?? []);
  const bandIds = new Set([...state.A, ...state.B].map((f) => f.id));
  const unknown = (input.removeRage ?? []).map((id, i) => ({ id, i })).filter((x) => !bandIds.has(x.id));
  if (unknown.length > 0) {
    throw new InvalidInput(unknown.map((x) => ({ path: `/removeRage/${x.i}`, code: 'unknown_fighter', message: `No fighter of either band has the id "${x.id}".` })));
  }

  // EDEN-UPKEEP-3: Fire — alternate picks from the First player (EDEN-AMB-18: each picks his own)
  const burning = (side: Side) => onTable(side).filter((i) => state[side][i]!.markers.fire > 0);
  for (const slot of alternate(input.firstPlayer, { A: burning('A'), B: burning('B'), npc: burning('npc') })) {
    const f = state[slot.side][slot.index]!;
    const r = burn(f, dice, pathOf(slot));
    state[slot.side][slot.index] = r.fighter;
    log.push({
      step: 3,
      rule: 'EDEN-UPKEEP-3',
      side: slot.side,
      fighterId: f.id,
      damageDice: r.damageDice,
      vig: r.vig,
      hits: r.hits,
      face: r.face,
      limb: r.limb,
      protection: r.protection,
      marked: r.marked,
      fireLeft: r.fighter.markers.fire,
      outOfAction: isOutOfAction(r.fighter),
    });
  }

  // EDEN-UPKEEP-4: Fear — each player designates his own, alternating; one PSI roll (difficulty 5) each
  const afraid = (side: Side) => onTable(side).filter((i) => state[side][i]!.markers.fear > 0);
  for (const slot of alternate(input.firstPlayer, { A: afraid('A'), B: afraid('B'), npc: afraid('npc') })) {
    const f = state[slot.side][slot.index]!;
    const r = shakeFear(f, dice);
    state[slot.side][slot.index] = r.fighter;
    log.push({
      step: 4,
      rule: 'EDEN-UPKEEP-4',
      side: slot.side,
      fighterId: f.id,
      psi: r.roll.value,
      roll: r.roll.values,
      successes: r.roll.successes,
      removed: r.removed,
      fearLeft: r.fighter.markers.fear,
    });
  }

  // EDEN-UPKEEP-5: every poisoned fighter loses one Poison marker
  for (const side of sides) {
    for (const i of onTable(side)) {
      const f = state[side][i]!;
      if (f.markers.poison <= 0) continue;
      state[side][i] = wearOffPoison(f);
      log.push({ step: 5, rule: 'EDEN-UPKEEP-5', side, fighterId: f.id, removed: 1, poisonLeft: f.markers.poison - 1 });
    }
  }

  // EDEN-UPKEEP-6: First player, then his opponent, may remove one Rage marker per chosen fighter
  const second: Player = input.firstPlayer === 'A' ? 'B' : 'A';
  for (const side of [input.firstPlayer, second]) {
    for (const i of onTable(side)) {
      const f = state[side][i]!;
      if (!rageIds.has(f.id)) continue;
      const removed = f.markers.rage > 0 ? 1 : 0;
      state[side][i] = calmRage(f);
      log.push({ step: 6, rule: 'EDEN-UPKEEP-6', side, fighterId: f.id, removed, rageLeft: f.markers.rage - removed });
    }
  }

  // EDEN-UPKEEP-7 and -8: unspent AP are lost, then every band fighter gets 3 AP (NPCs have none: EDEN-AMB-30)
  let lost = 0;
  for (const side of ['A', 'B'] as const) {
    for (const i of onTable(side)) {
      const f = state[side][i]!;
      if (isNpc(f)) continue;
      lost += f.ap;
      state[side][i] = { ...f, ap: 0 };
    }
  }
  log.push({ step: 7, rule: 'EDEN-UPKEEP-7', apLost: lost });
  let granted = 0;
  for (const side of ['A', 'B'] as const) {
    for (const i of onTable(side)) {
      const f = state[side][i]!;
      if (isNpc(f)) continue;
      state[side][i] = { ...f, ap: 3 };
      granted++;
    }
  }
  log.push({ step: 8, rule: 'EDEN-UPKEEP-8', fighters: granted, ap: 3 });

  // EDEN-UPKEEP-9: Slow — lose 1 AP and one Slow marker (NPCs only lose the marker)
  for (const side of sides) {
    for (const i of onTable(side)) {
      const f = state[side][i]!;
      if (f.markers.slow <= 0) continue;
      const slowed = applySlow(f);
      state[side][i] = side === 'npc' ? { ...slowed, ap: f.ap } : slowed;
      log.push({ step: 9, rule: 'EDEN-UPKEEP-9', side, fighterId: f.id, apLost: side === 'npc' ? 0 : f.ap - slowed.ap, slowLeft: slowed.markers.slow });
    }
  }

  // CONTRACT §2: fighters come back with `outOfAction` (also when sent already out of action)
  const out = (f: Fighter): Fighter => ({ ...withOutOfAction(f), outOfAction: gone(f) });
  return { bands: { A: state.A.map(out), B: state.B.map(out) }, npcs: state.npc.map(out), log };
}
