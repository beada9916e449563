/** Shared set-up for the EDEN optional-rule match tests (Weather, Territory, Infestation). */
import { FixedDice } from '../../../src/kernel/dice/index.js';
import type { FighterInput } from '../../../src/games/eden/rules/fighter.js';
import { decide, evolve, initialState, type EdenMatchState } from '../../../src/games/eden/match/index.js';
import { fighter, preparation } from './fixtures.js';

export type Cmd = { type: string; [k: string]: unknown };

export const bandA = [fighter('a1'), fighter('a2')];
export const bandB = [fighter('b1', { faction: 'jokers' }), fighter('b2')];

export function setup(options: Record<string, unknown> = {}) {
  return {
    players: [
      { id: 'p1', name: 'Ana' },
      { id: 'p2', name: 'Ben' },
    ],
    options,
  };
}

/**
 * Fold commands through decide/evolve; `values` are the fixed dice of every command (shared).
 * `rolled`: the purposes of the dice the commands rolled, in draw order (the answer's dice; events keep only the faces).
 */
export function run(commands: Cmd[], state: EdenMatchState, values: number[] = []) {
  const log: { type: string; data: any }[] = [];
  const rolled: string[] = [];
  for (const c of commands) {
    const dice = new FixedDice(values);
    const events = decide(c, state, dice);
    for (const e of events) {
      state = evolve(state, e);
      log.push(e);
    }
    rolled.push(...dice.transcript().rolls.map((r) => r.purpose));
  }
  return { state, log, rolled };
}

/** An NPC profile: Yûri's body, flagged npc, with `wounds` preset (one more wound on any limb → out of action). */
export function npc(id: string, over: Partial<FighterInput> = {}): FighterInput {
  return fighter(id, { types: ['npc'], faction: undefined, ...over });
}

export const FRAGILE = { head: 3, arms: 2, torso: 3, legs: 2 };

/**
 * The standard preparation (A First player) with the optional steps spliced in where the digest
 * puts them: `weather` before step 1, `scenery` and `npcs` after the missions (PREP-6 / 6bis),
 * `deploy` replacing the two whole-band deployments (Mist).
 */
export function prep(extra: { weather?: Cmd[]; scenery?: Cmd[]; npcs?: Cmd[]; deploy?: Cmd[] } = {}): Cmd[] {
  const base = preparation(bandA, bandB);
  const missions = base.slice(0, 7);
  const deploy = base.slice(7, 9);
  const hands = base.slice(9);
  return [...(extra.weather ?? []), ...missions, ...(extra.scenery ?? []), ...(extra.npcs ?? []), ...(extra.deploy ?? deploy), ...hands];
}

/** From preparation to the Activation phase of turn 1 (A bids higher, both skip tactics). */
export const toActivation: Cmd[] = [
  { type: 'eden.bid', bids: { A: 1, B: 0 } },
  { type: 'eden.skip_tactic', player: 'A' },
  { type: 'eden.skip_tactic', player: 'B' },
];

/** From the Activation phase to Upkeep: a1 activated, then two passes (A stays First player). */
export const toUpkeep: Cmd[] = [
  { type: 'eden.activate', player: 'A', fighterId: 'a1' },
  { type: 'eden.end_activation' },
  { type: 'eden.pass', player: 'B' },
  { type: 'eden.pass', player: 'A' },
];

export function start(options: Record<string, unknown>, commands: Cmd[], values: number[] = []) {
  return run(commands, initialState(setup(options)), values);
}

/** Territory management: the elements both players place (EDEN-TERRAIN-1/3, 8 points each). */
export const SCENERY: Cmd[] = [
  { type: 'eden.place_scenery', player: 'A', element: 'lake', sceneryId: 'lake' },
  { type: 'eden.place_scenery', player: 'B', element: 'deep_river', sceneryId: 'river' },
  { type: 'eden.place_scenery', player: 'A', element: 'dark_forest', sceneryId: 'forest' },
  { type: 'eden.place_scenery', player: 'B', element: 'rubbish_heap', sceneryId: 'heap' },
  { type: 'eden.place_scenery', player: 'A', element: 'tree', sceneryId: 'tree' },
  { type: 'eden.place_scenery', player: 'A', element: 'bushes', sceneryId: 'bushes' },
];

/** Infestation: one NPC per player, Level 2 each (n1 one wound from out of action). */
export const NPCS: Cmd[] = [
  { type: 'eden.place_npc', player: 'A', npc: npc('n1', { wounds: FRAGILE }), level: 2 },
  { type: 'eden.place_npc', player: 'B', npc: npc('n2'), level: 2 },
];
