/**
 * The turn (EDEN-TURN-1): the Tactical phase (EDEN-TACPH-1/2), the Activation phase (EDEN-ACT-1..7)
 * and the actions of the active fighter that are not attacks (EDEN-MOVE-ACT-1/2, EDEN-STATE-FIRE-2):
 * each command's schema, documentation, preconditions and handler. Phases, the acting player, whose
 * turn and the active fighter are checked by the preconditions (preconditions.ts).
 */
import { Type } from '@sinclair/typebox';
import { characteristic } from '../rules/fighter.js';
import { tacticCost } from '../rules/tactics.js';
import { douseFire } from '../rules/states.js';
import { characteristicRoll } from '../rules/rolls.js';
import { edenDouseFireOperation } from '../operations/douse-fire.operation.js';
import { defineCommand, type Preconditions } from './preconditions.js';
import { Distance, Id, Player, fromBody, refs } from './command-schemas.js';
import { commandSchema } from '../../../kernel/commands.js';
import { entry, sideOf, updates, violation } from './rules.js';
import { checkMoveDistance, moveAllowance } from './distances.js';
import { canActivate, canBeActivated, diceFact, fighterChanges, isInAction, otherSide, type EdenMatchState, type Side } from './state.js';
import type { EdenEvent } from './evolve/events.js';
import type { Disengagement } from './state.js';
import { evolve } from './evolve.js';

// ---------------------------------------------------------------- tactical phase

function startActivation(state: EdenMatchState): EdenEvent[] {
  let first = state.firstPlayer!;
  // EDEN-ACT-7: a First player with nothing to activate hands over at once
  if (!canActivate(state, first) && canActivate(state, otherSide(first))) first = otherSide(first);
  const events: EdenEvent[] = [{ type: 'eden.activation_phase_started', data: { firstPlayer: first } }];
  if (!canActivate(state, 'A') && !canActivate(state, 'B')) events.push({ type: 'eden.activation_phase_ended', data: { reason: 'all_activated', firstPlayer: first } });
  return events;
}

/** After both players played or skipped (EDEN-TACPH-1), the Activation phase starts. */
function afterTactic(state: EdenMatchState, ev: EdenEvent): EdenEvent[] {
  return state.tactical.acted.length === 1 ? [ev, ...startActivation(evolve(state, ev))] : [ev];
}

const TACTICAL: Preconditions = { stage: { phase: 'tactical', what: 'A tactic card' }, player: true, turn: { kind: 'tactical' } };

// ---------------------------------------------------------------- activation phase

/** After an activation or a pass: EDEN-ACT-4 hand-over, EDEN-ACT-7 automatic hand-over, phase end. */
function handOver(state: EdenMatchState, from: Side, reason: 'hand_over' | 'pass'): EdenEvent[] {
  if (!canActivate(state, 'A') && !canActivate(state, 'B')) {
    // EDEN-ACT-4 / EDEN-FIRST-3: the player who activated last stays First player through Upkeep
    return [{ type: 'eden.activation_phase_ended', data: { reason: 'all_activated', firstPlayer: state.activation.lastActivatedSide ?? state.firstPlayer! } }];
  }
  const to = otherSide(from);
  if (canActivate(state, to)) return [{ type: 'eden.first_player_changed', data: { firstPlayer: to, reason } }];
  // EDEN-ACT-7: the opponent has nothing to activate; the role comes straight back
  return [{ type: 'eden.first_player_changed', data: { firstPlayer: from, reason: 'no_activatable_fighter' } }];
}

export const TURN_COMMANDS = {
  // ---------------------------------------------------------------- tactical phase
  /** EDEN-TACPH-1/2: at most one card each, 2 SP (3 under Snowstorm). */
  'eden.play_tactic': defineCommand({
    schema: commandSchema('eden.play_tactic', {
      player: Player,
      card: Id,
      cancellation: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 100, description: 'EDEN-TACPH-2: the card’s printed Cancellation (X); from a seat it opens the opponent’s answer.' }),
      ),
      cancellationPaid: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    }),
    description:
      'EDEN-TACPH-1/2: 2 SP, Leader on the table, one per player and phase; `cancellationPaid` SP from the opponent cancel it (the opponent’s decision: from a seat, send `cancellation` and the opponent answers `eden.cancel_tactic` or `match.pass`).',
    example: { player: 'A', card: 'Fury' },
    preconditions: TACTICAL,
    decide(cmd, state, _dice, { side }) {
      const band = state.bands[side];
      const card = String(cmd.card);
      if (!band.tacticHand?.includes(card)) violation('not_in_hand', `"${card}" is not in player ${side}'s tactic hand (EDEN-PREP-8).`, { hand: band.tacticHand });
      if (band.tacticsPlayed.includes(card)) violation('already_played', `"${card}" has already been played and left the game (EDEN-TACPH-3).`);
      // EDEN-WEATHER-8: 3 SP under Snowstorm
      const cost = tacticCost(state.weather);
      if (band.strategyPoints < cost)
        violation('insufficient_sp', `The card costs ${cost} SP and player ${side} has ${band.strategyPoints} (EDEN-TACPH-1).`, { pool: band.strategyPoints, cost });
      const leader = band.leader ? state.fighters[band.leader] : undefined;
      if (!isInAction(leader)) violation('leader_out_of_action', `Player ${side}'s Leader is not on the table: no tactic cards (EDEN-TACPH-1).`);
      // EDEN-TACPH-2 / EDEN-AMB-15: the opponent may pay Cancellation (X); the card still counts as played
      const paid = Number(cmd.cancellationPaid ?? 0);
      const opp = state.bands[otherSide(side)];
      if (paid > opp.strategyPoints)
        violation('insufficient_sp', `The opponent cannot pay ${paid} SP for the Cancellation; he has ${opp.strategyPoints}.`, { pool: opp.strategyPoints, cost: paid });
      return afterTactic(state, { type: 'eden.tactic_played', data: { player: side, card, cost, cancelled: paid > 0, cancellationPaid: paid } });
    },
  }),
  'eden.skip_tactic': defineCommand({
    schema: commandSchema('eden.skip_tactic', { player: Player }),
    description: 'EDEN-TACPH-1: play no card this Tactical phase.',
    example: { player: 'B' },
    preconditions: TACTICAL,
    decide: (_cmd, state, _dice, { side }) => afterTactic(state, { type: 'eden.tactic_skipped', data: { player: side } }),
  }),
  // ---------------------------------------------------------------- activation phase
  /** EDEN-ACT-1/2/3: designation, interruptions by strictly higher RAP, activation of the last named. */
  'eden.activate': defineCommand({
    schema: commandSchema('eden.activate', { player: Player, fighterId: Id, interruptions: Type.Optional(refs(50)) }),
    description:
      'EDEN-ACT-1..3: the First player names a fighter; `interruptions` lists the fighters named back and forth (each of strictly greater RAP); the last named is activated.',
    example: { player: 'A', fighterId: 'a1' },
    preconditions: {
      stage: { phase: 'activation', what: 'Activating a fighter' },
      idle: { hint: 'end its activation first (EDEN-ACT-4)' },
      player: true,
      turn: { kind: 'first_player', message: 'Player {first} is First player and designates now (EDEN-ACT-1).' },
    },
    decide(cmd, state, _dice, { side }) {
      const named = entry(state, cmd.fighterId, 'designated fighter');
      if (named.side !== side) violation('not_your_fighter', `Fighter ${named.id} belongs to player ${named.side}.`, { fighterId: named.id });
      if (!canBeActivated(named))
        violation('already_activated', `Fighter ${named.id} cannot be activated: already activated, out of action, or 0 AP (EDEN-ACT-8/9).`, { fighterId: named.id });
      let rap = characteristic(named.fighter, 'RAP');
      const events: EdenEvent[] = [{ type: 'eden.fighter_designated', data: { player: side, fighterId: named.id, rap } }];
      let last = named;
      let lastSide = side;
      for (const [i, ref] of (cmd.interruptions ?? []).entries()) {
        const f = entry(state, ref, `interruption ${i + 1}`);
        const by = otherSide(lastSide);
        // EDEN-ACT-2: players interrupt in turn, each with a non-activated fighter of strictly greater RAP
        if (f.side !== by) violation('illegal_interruption', `Interruption ${i + 1} must come from player ${by}.`, { index: i });
        if (!canBeActivated(f))
          violation('illegal_interruption', `Fighter ${f.id} cannot interrupt: already activated, out of action, or 0 AP (EDEN-ACT-9).`, { index: i, fighterId: f.id });
        const r = characteristic(f.fighter, 'RAP');
        if (r <= rap)
          violation('illegal_interruption', `Fighter ${f.id} has RAP ${r}; interrupting needs more than ${rap} (EDEN-ACT-2).`, {
            index: i,
            fighterId: f.id,
            rap: r,
            needed: rap + 1,
          });
        events.push({ type: 'eden.activation_interrupted', data: { player: by, fighterId: f.id, rap: r } });
        last = f;
        lastSide = by;
        rap = r;
      }
      events.push({ type: 'eden.fighter_activated', data: { player: lastSide, fighterId: last.id } });
      return events;
    },
  }),
  'eden.end_activation': defineCommand({
    schema: commandSchema('eden.end_activation', { player: Type.Optional(Player) }),
    description: 'EDEN-ACT-4: ends the activation; the opponent becomes First player (EDEN-ACT-7 when he has nothing to activate).',
    example: {},
    preconditions: { stage: { phase: 'activation', what: 'Ending an activation' } },
    decide(cmd, state) {
      const active = state.activation.active;
      if (!active) violation('no_activation', 'No fighter is being activated.');
      const side = state.fighters[active]!.side as Side;
      if (cmd.player !== undefined && sideOf(state, cmd.player) !== side) violation('not_your_fighter', `Fighter ${active} belongs to player ${side}.`);
      const ended: EdenEvent = { type: 'eden.activation_ended', data: { player: side, fighterId: active } };
      return [ended, ...handOver(evolve(state, ended), side, 'hand_over')];
    },
  }),
  /** EDEN-ACT-5/6: passing; two passes in a row end the phase. */
  'eden.pass': defineCommand({
    schema: commandSchema('eden.pass', { player: Player }),
    description: 'EDEN-ACT-5/6: pass instead of designating; two passes in a row end the phase.',
    example: { player: 'A' },
    preconditions: {
      stage: { phase: 'activation', what: 'Passing' },
      idle: {},
      player: true,
      turn: { kind: 'first_player', message: 'Only the First player ({first}) may pass (EDEN-ACT-5).' },
    },
    decide(_cmd, state, _dice, { side }) {
      // EDEN-ACT-6: no pass on the first activation of the turn
      if (state.activation.opening) violation('opening_pass', 'The player who starts the Activation phase cannot pass on its first activation (EDEN-ACT-6).');
      // EDEN-AMB-16: passing needs an opponent who can activate
      if (!canActivate(state, otherSide(side)))
        violation('cannot_pass', `Player ${otherSide(side)} has no fighter left to activate; passing would hand nothing over (EDEN-AMB-16).`);
      const passed: EdenEvent = { type: 'eden.activation_passed', data: { player: side } };
      if (state.activation.lastWasPass) {
        // EDEN-ACT-5: two passes in a row end the phase; unactivated fighters lose their activation
        return [passed, { type: 'eden.activation_phase_ended', data: { reason: 'double_pass', firstPlayer: state.activation.lastActivatedSide ?? state.firstPlayer! } }];
      }
      return [passed, { type: 'eden.first_player_changed', data: { firstPlayer: otherSide(side), reason: 'pass' } }];
    },
  }),
  // ---------------------------------------------------------------- actions of the active fighter
  /** EDEN-MOVE-ACT-1/2: 1 AP, 3 / Turn; disengaging first rolls RAP against the highest adversary RAP. */
  'eden.move': defineCommand({
    schema: commandSchema('eden.move', {
      fighterId: Id,
      disengageFrom: Type.Optional(refs(20)),
      distance: Type.Optional({ ...Distance, description: 'The measured length of the move: refused above 10 cm, 8 cm in a Headwind (EDEN-MOVE-ACT-1, EDEN-WEATHER-3).' }),
    }),
    description:
      'EDEN-MOVE-ACT-1/2: 1 AP, 3 / Turn; `disengageFrom` lists the adversaries in contact (RAP roll against the highest RAP); a measured `distance` above 10 cm (8 cm in a Headwind) is refused. Dice: only a disengagement rolls — the fighter’s RAP roll (EDEN-ROLL-1).',
    example: { fighterId: 'a1', distance: 8 },
    preconditions: { active: { member: 'fighterId', role: 'moving fighter' } },
    decide(cmd, state, dice, { actor: f }) {
      if (f.turn.moves >= 3) violation('move_limit', `Fighter ${f.id} already moved 3 times this turn (EDEN-MOVE-ACT-1: 3 / Turn).`, { fighterId: f.id });
      if (f.fighter.ap < 1) violation('no_ap', `Fighter ${f.id} has 0 AP and a Move costs 1 (EDEN-ACTION-1).`, { fighterId: f.id, ap: 0, cost: 1 });
      // EDEN-MOVE-ACT-1 / EDEN-WEATHER-3: a measured move longer than the allowance is refused
      checkMoveDistance(state, cmd.distance);
      let disengage: Disengagement | null = null;
      const from = cmd.disengageFrom ?? [];
      if (from.length) {
        const adversaries = from.map((r, i) => entry(state, r, `adversary ${i + 1}`));
        for (const a of adversaries) if (a.side === f.side) violation('illegal_target', `Fighter ${a.id} is not an adversary of ${f.id}.`, { fighterId: a.id });
        const difficulty = Math.max(...adversaries.map((a) => characteristic(a.fighter, 'RAP')));
        const roll = characteristicRoll(dice, `${f.id} RAP (disengage)`, characteristic(f.fighter, 'RAP'), difficulty);
        // EDEN-MOVE-ACT-2: 0 successes → each adversary in contact may attack (eden.melee with via "disengage")
        disengage = { adversaries: adversaries.map((a) => a.id), difficulty, success: roll.successes > 0 };
      }
      const moved = { ...f.fighter, ap: f.fighter.ap - 1 };
      // EDEN-WEATHER-3 (Headwind): a Move covers 8 cm instead of 10 (EDEN-AMB-26: Engage keeps 10)
      const distance = moveAllowance(state);
      return [
        {
          type: 'eden.fighter_moved',
          data: { fighterId: f.id, apSpent: 1, distance, disengage, changes: fighterChanges(state, updates(moved)), dice: diceFact(dice.transcript()) },
        },
      ];
    },
  }),
  /** EDEN-STATE-FIRE-2: during its activation, 1 AP per Fire marker removed. */
  'eden.douse_fire': defineCommand({
    schema: commandSchema('eden.douse_fire', { fighterId: Id, ...fromBody(edenDouseFireOperation.body!, ['markers']) }),
    description: 'EDEN-STATE-FIRE-2: 1 AP per Fire marker removed.',
    example: { fighterId: 'a1', markers: 1 },
    preconditions: { active: { member: 'fighterId', role: 'fighter' } },
    decide(cmd, state, _dice, { actor: f }) {
      const markers = Number(cmd.markers ?? 1);
      return [{ type: 'eden.fire_doused', data: { fighterId: f.id, markers, changes: fighterChanges(state, updates(douseFire(f.fighter, markers))) } }];
    },
  }),
};
