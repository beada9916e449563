/**
 * What every EDEN command family shares: naming players and fighters of the match, the checks the
 * preconditions run (phase, preparation step, optional rule, active fighter: preconditions.ts), and
 * the pieces of the events (changed fighters, NPC eliminations).
 */
import type { Dice } from '../../../kernel/dice/index.js';
import { RuleViolation } from '../../../kernel/errors.js';
import { isOutOfAction, type Fighter } from '../rules/fighter.js';
import type { FighterRef } from './command-schemas.js';
import { SIDES, isInAction, own, type EdenMatchState, type EdenOptions, type FighterEntry, type PrepStep, type Side } from './state.js';
import type { EdenEvent } from './evolve/events.js';

export type MatchFighter = FighterEntry & { id: string };

export const refId = (r: FighterRef | unknown): string => (typeof r === 'string' ? r : String((r as { id?: unknown } | null)?.id ?? ''));

export function violation(code: string, message: string, extra: Record<string, unknown> = {}): never {
  throw new RuleViolation(code, message, extra);
}

export function sideOf(state: EdenMatchState, player: unknown): Side {
  if (player === 'A' || player === 'B') return player;
  for (const s of SIDES) if (state.bands[s].player.id === player) return s;
  return violation('unknown_player', `No player "${String(player)}" in this match: use "A", "B" or a player id.`, { players: SIDES.map((s) => state.bands[s].player.id) });
}

export function entry(state: EdenMatchState, ref: FighterRef | unknown, role: string): MatchFighter {
  const id = refId(ref);
  const e = own(state.fighters, id);
  if (!e) violation('unknown_fighter', `The ${role} "${id}" is not a fighter of this match.`, { fighterId: id });
  return { ...e, id };
}

export function expectPhase(state: EdenMatchState, phase: EdenMatchState['phase'], what: string): void {
  if (state.phase !== phase) violation('wrong_phase', `${what} is played in the ${phase} phase; the match is in the ${state.phase} phase.`, { phase: state.phase });
}

export function expectPrep(state: EdenMatchState, step: PrepStep, what: string): void {
  expectPhase(state, 'preparation', what);
  if (state.prep !== step) violation('wrong_step', `${what} is preparation step "${step}"; the match is at step "${state.prep}".`, { step: state.prep });
}

/** Preparation steps go First player first, then the opponent (EDEN-PREP-4/5/7/8). */
export function expectPrepTurn(state: EdenMatchState, side: Side, done: (s: Side) => boolean, what: string): void {
  if (done(side)) violation('already_done', `Player ${side} already did this: ${what}.`, { player: side });
  const first = state.firstPlayer!;
  if (side !== first && !done(first)) violation('not_your_turn', `The First player (${first}) goes first: ${what}.`, { firstPlayer: first });
}

/** The active fighter (during its activation) must be the one acting (EDEN-ACT-3). */
export function expectActive(state: EdenMatchState, id: string): void {
  expectPhase(state, 'activation', 'An action');
  if (state.activation.active !== id) {
    violation('not_active', `Fighter ${id} is not being activated${state.activation.active ? `; ${state.activation.active} is` : ''} (EDEN-ACT-3).`, {
      active: state.activation.active,
    });
  }
}

/** The optional rules (§16–§18) are played only when the match was created with them. */
export function requireOption(state: EdenMatchState, option: keyof EdenOptions, what: string): void {
  const on = option === 'weather' ? state.options.weather > 0 : state.options[option];
  if (!on) violation('option_disabled', `${what} needs the optional rule options.${option} (set when the match is created).`, { option });
}

/** A band fighter of the match (never an NPC, which no player controls: EDEN-NPC-1). */
export function bandSide(e: MatchFighter): Side {
  if (e.side === 'npc') violation('npc_not_controlled', `Fighter ${e.id} is an NPC: no player controls it (EDEN-NPC-1).`, { fighterId: e.id });
  return e.side;
}

export type FighterUpdate = { id: string; fighter: Fighter };
export const updates = (...fighters: Fighter[]): FighterUpdate[] => fighters.map((f) => ({ id: f.id, fighter: f }));

/** The rolls made after the first `from` of a shared transcript (one command, several events). */
export const rollsFrom = (dice: Dice, from: number) => {
  const t = dice.transcript();
  return { ...t, rolls: t.rolls.slice(from) };
};

/** Fighters as the projection keeps them (evolve drops the `outOfAction` flag the cores add). */
export const sameFighter = (a: Fighter, b: Fighter): boolean => {
  const { outOfAction: _a, ...x } = a;
  const { outOfAction: _b, ...y } = b;
  return JSON.stringify(x) === JSON.stringify(y);
};

/**
 * EDEN-NPC-6: a fighter that puts an NPC out of action earns its player VP equal to the NPC's
 * level at once. EDEN-AMB-30: NPCs earn nothing, and only the acting fighter is credited.
 */
export function npcEliminations(state: EdenMatchState, changed: FighterUpdate[], by: MatchFighter): EdenEvent[] {
  if (by.side === 'npc') return [];
  const player = by.side;
  return changed
    .filter((u) => own(state.npcs, u.id) && isInAction(own(state.fighters, u.id)) && (isOutOfAction(u.fighter) || u.fighter.outOfAction === true))
    .map((u) => {
      const level = own(state.npcs, u.id)!.level;
      return { type: 'eden.npc_eliminated' as const, data: { npcId: u.id, level, player, byFighter: by.id, victoryPoints: level } };
    });
}
