/**
 * decide(command, state, dice) → events: the EDEN rules applied to a match's projected state.
 * Preparation (EDEN-PREP-*), the turn (EDEN-TURN-1: First player, Tactical, Activation, Upkeep),
 * actions and attacks with AP and per-turn limits taken from the state, and the end of the game
 * (EDEN-GAME-1/2/3). Attacks reuse the stateless cores (melee.ts, ranged.ts, thrown.ts, spray.ts).
 */
import type { Dice } from '../../dice/index.js';
import { RuleViolation } from '../../errors.js';
import { characteristic, normalizeFighter, type Fighter, type FighterInput } from '../fighter.js';
import { assertFighters } from '../checks.js';
import { resolveInitiative } from '../initiative.js';
import { resolveMelee, type MeleeInput } from '../melee.js';
import { resolveShot, type ShotInput } from '../ranged.js';
import { resolveThrow } from '../thrown.js';
import { resolveSpray } from '../spray.js';
import { strategyPoints, validateRoster } from '../roster.js';
import { tacticCost } from '../tactics.js';
import { douseFire } from '../states.js';
import { upkeep as resolveUpkeep } from '../upkeep.js';
import { characteristicRoll } from '../rolls.js';
import {
  SIDES,
  canActivate,
  canBeActivated,
  isInAction,
  otherSide,
  sideFighters,
  type EdenEvent,
  type EdenMatchState,
  type FighterEntry,
  type Mission,
  type Side,
} from './state.js';
import { evolve } from './evolve.js';

type Ref = string | { id: string };
export type EdenCommand = { type: string; [member: string]: unknown };

const refId = (r: unknown): string => (typeof r === 'string' ? r : String((r as { id?: unknown } | null)?.id ?? ''));

function violation(code: string, message: string, extra: Record<string, unknown> = {}): never {
  throw new RuleViolation(code, message, extra);
}

function sideOf(state: EdenMatchState, player: unknown): Side {
  if (player === 'A' || player === 'B') return player;
  for (const s of SIDES) if (state.bands[s].player.id === player) return s;
  return violation('unknown_player', `No player "${String(player)}" in this match: use "A", "B" or a player id.`, { players: SIDES.map((s) => state.bands[s].player.id) });
}

function entry(state: EdenMatchState, ref: unknown, role: string): FighterEntry & { id: string } {
  const id = refId(ref);
  const e = state.fighters[id];
  if (!e) violation('unknown_fighter', `The ${role} "${id}" is not a fighter of this match.`, { fighterId: id });
  return { ...e, id };
}

function expectPhase(state: EdenMatchState, phase: EdenMatchState['phase'], what: string): void {
  if (state.phase !== phase) violation('wrong_phase', `${what} is played in the ${phase} phase; the match is in the ${state.phase} phase.`, { phase: state.phase });
}

function expectPrep(state: EdenMatchState, step: EdenMatchState['prep'], what: string): void {
  expectPhase(state, 'preparation', what);
  if (state.prep !== step) violation('wrong_step', `${what} is preparation step "${step}"; the match is at step "${state.prep}".`, { step: state.prep });
}

/** Preparation steps go First player first, then the opponent (EDEN-PREP-4/5/7/8). */
function expectPrepTurn(state: EdenMatchState, side: Side, done: (s: Side) => boolean, what: string): void {
  if (done(side)) violation('already_done', `Player ${side} already did this: ${what}.`, { player: side });
  const first = state.firstPlayer!;
  if (side !== first && !done(first)) violation('not_your_turn', `The First player (${first}) goes first: ${what}.`, { firstPlayer: first });
}

/** The active fighter (during its activation) must be the one acting (EDEN-ACT-3). */
function expectActive(state: EdenMatchState, id: string): void {
  expectPhase(state, 'activation', 'An action');
  if (state.activation.active !== id) {
    violation('not_active', `Fighter ${id} is not being activated${state.activation.active ? `; ${state.activation.active} is` : ''} (EDEN-ACT-3).`, { active: state.activation.active });
  }
}

const updates = (...fighters: Fighter[]) => fighters.map((f) => ({ id: f.id, fighter: f }));

// ---------------------------------------------------------------- preparation

function registerBand(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  expectPrep(state, 'bands', 'Registering a band (EDEN-PREP-1)');
  const side = sideOf(state, cmd.player);
  if (state.bands[side].bandType) violation('already_done', `Player ${side} already registered a band.`, { player: side });
  const inputs = (cmd.fighters as FighterInput[]) ?? [];
  assertFighters(inputs.map((f, i) => [f, 'command', 'fighters', i] as [FighterInput, string, string, number]));
  const roster = validateRoster({
    edition: state.edition,
    bandType: cmd.bandType as 'faction' | 'stigma',
    affiliation: cmd.affiliation as string | undefined,
    budget: cmd.budget as number | undefined,
    fighters: inputs,
  });
  // EDEN-PREP-1: each player may check the other's band type and budget
  if (!roster.valid) violation('invalid_roster', `The band breaks the band-building rules (${roster.errors.map((e) => e.code).join(', ')}).`, { errors: roster.errors });
  const fighters = inputs.map((f) => normalizeFighter(f));
  const taken = new Set(Object.keys(state.fighters));
  const ids = new Set<string>();
  for (const f of fighters) {
    if (taken.has(f.id) || ids.has(f.id)) violation('duplicate_fighter_id', `Fighter id "${f.id}" is used twice in this match; ids must be unique across both bands.`, { fighterId: f.id });
    ids.add(f.id);
  }
  const bandType = cmd.bandType as 'faction' | 'stigma';
  return [
    {
      type: 'eden.band_registered',
      // EDEN-PREP-2: SP = Σ current PSI, halved (rounded up) for a Stigma band
      data: { player: side, bandType, affiliation: roster.affiliation, fighters, strategyPoints: strategyPoints(fighters, bandType) },
    },
  ];
}

/** EDEN-PREP-3 (once) and EDEN-FIRST-1/2 (every turn): bids, roll-off, Leader lost. */
function bid(cmd: EdenCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  if (state.phase === 'preparation') expectPrep(state, 'bid', 'The bid for First player (EDEN-PREP-3)');
  else expectPhase(state, 'first_player', 'The bid for First player (EDEN-FIRST-1)');
  const bids = (cmd.bids as Record<Side, number> | undefined) ?? { A: 0, B: 0 };
  const prev = state.turn - 1;
  // EDEN-FIRST-2: only a Leader lost during the previous turn counts
  const leaderLost = state.phase === 'first_player' ? { A: state.leaderLostTurn.A === prev, B: state.leaderLostTurn.B === prev } : {};
  const choice = cmd.choice === undefined ? undefined : sideOf(state, cmd.choice);
  const r = resolveInitiative(
    { pools: { A: state.bands.A.strategyPoints, B: state.bands.B.strategyPoints }, bids: { A: bids.A ?? 0, B: bids.B ?? 0 }, choice, leaderLost, edition: state.edition },
    dice,
  );
  return [
    {
      type: 'eden.first_player_determined',
      data: { turn: state.turn, winner: r.winner, by: r.by, firstPlayer: r.firstPlayer, bids: r.bids, pools: r.pools, rollOff: r.rollOff, rule: r.rule, dice: dice.transcript() },
    },
  ];
}

function chooseLeader(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  expectPrep(state, 'leaders', 'Naming a Leader (EDEN-PREP-4)');
  const side = sideOf(state, cmd.player);
  expectPrepTurn(state, side, (s) => state.bands[s].leader !== null, 'naming the Leader (EDEN-PREP-4)');
  const f = entry(state, cmd.fighterId, 'Leader');
  if (f.side !== side) violation('not_your_fighter', `Fighter ${f.id} belongs to player ${f.side}.`, { fighterId: f.id });
  return [{ type: 'eden.leader_chosen', data: { player: side, fighterId: f.id } }];
}

function playMission(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  expectPrep(state, 'missions', 'Playing a mission (EDEN-PREP-5)');
  const side = sideOf(state, cmd.player);
  expectPrepTurn(state, side, (s) => state.bands[s].mission !== null, 'playing a mission (EDEN-PREP-5)');
  const mission = cmd.mission as Mission;
  const theirs = state.bands[otherSide(side)].mission;
  // EDEN-PREP-5 / EDEN-AMB-12: a Revealed First-player mission must not be played again (ES);
  // DE: only when both are Revealed
  if (theirs && theirs.visibility === 'revealed' && theirs.name === mission.name && (state.edition === 'es' || mission.visibility === 'revealed')) {
    violation('duplicate_mission', `The First player's Revealed mission "${theirs.name}" cannot be played again (EDEN-PREP-5).`, { mission: theirs.name });
  }
  return [{ type: 'eden.mission_played', data: { player: side, mission } }];
}

function deploy(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  expectPrep(state, 'deployment', 'Deployment (EDEN-PREP-7)');
  const side = sideOf(state, cmd.player);
  expectPrepTurn(state, side, (s) => state.bands[s].deployment !== null, 'deploying (EDEN-PREP-7)');
  // EDEN-PREP-7: each player deploys by the type of his own mission
  return [{ type: 'eden.band_deployed', data: { player: side, zone: state.bands[side].mission!.deployment, placements: cmd.placements ?? null } }];
}

function chooseTacticHand(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  expectPrep(state, 'tactic_hands', 'Choosing the tactic hand (EDEN-PREP-8)');
  const side = sideOf(state, cmd.player);
  expectPrepTurn(state, side, (s) => state.bands[s].tacticHand !== null, 'choosing the tactic hand (EDEN-PREP-8)');
  const cards = (cmd.cards as string[]) ?? [];
  const leader = state.fighters[state.bands[side].leader!]!.fighter;
  // EDEN-PREP-8: as many cards as the Leader's current PSI, one per name
  const size = Math.max(0, characteristic(leader, 'PSI'));
  if (cards.length !== size) violation('wrong_hand_size', `The tactic hand holds as many cards as the Leader's current PSI: ${size} (EDEN-PREP-8).`, { expected: size, given: cards.length });
  if (new Set(cards).size !== cards.length) violation('duplicate_tactic', 'A tactic hand holds at most one card of each name (EDEN-PREP-8).');
  const events: EdenEvent[] = [{ type: 'eden.tactic_hand_chosen', data: { player: side, cards } }];
  if (state.bands[otherSide(side)].tacticHand !== null) events.push({ type: 'eden.turn_started', data: { turn: 1 } });
  return events;
}

// ---------------------------------------------------------------- tactical phase

function startActivation(state: EdenMatchState): EdenEvent[] {
  let first = state.firstPlayer!;
  // EDEN-ACT-7: a First player with nothing to activate hands over at once
  if (!canActivate(state, first) && canActivate(state, otherSide(first))) first = otherSide(first);
  const events: EdenEvent[] = [{ type: 'eden.activation_phase_started', data: { firstPlayer: first } }];
  if (!canActivate(state, 'A') && !canActivate(state, 'B')) events.push({ type: 'eden.activation_phase_ended', data: { reason: 'all_activated', firstPlayer: first } });
  return events;
}

/** EDEN-TACPH-1/2: First player then opponent, at most one card each, 2 SP (3 under Snowstorm). */
function tactic(cmd: EdenCommand, state: EdenMatchState, play: boolean): EdenEvent[] {
  expectPhase(state, 'tactical', 'A tactic card');
  const side = sideOf(state, cmd.player);
  const first = state.firstPlayer!;
  const acted = state.tactical.acted;
  if (acted.includes(side)) violation('already_done', `Player ${side} already acted in this Tactical phase (EDEN-TACPH-1: one card each).`, { player: side });
  if (side !== first && !acted.includes(first)) violation('not_your_turn', `The First player (${first}) plays or skips first (EDEN-TACPH-1).`, { firstPlayer: first });
  let ev: EdenEvent;
  if (play) {
    const band = state.bands[side];
    const card = String(cmd.card);
    if (!band.tacticHand?.includes(card)) violation('not_in_hand', `"${card}" is not in player ${side}'s tactic hand (EDEN-PREP-8).`, { hand: band.tacticHand });
    if (band.tacticsPlayed.includes(card)) violation('already_played', `"${card}" has already been played and left the game (EDEN-TACPH-3).`);
    const cost = tacticCost((state as { weather?: never[] }).weather ?? []);
    if (band.strategyPoints < cost) violation('insufficient_sp', `The card costs ${cost} SP and player ${side} has ${band.strategyPoints} (EDEN-TACPH-1).`, { pool: band.strategyPoints, cost });
    const leader = band.leader ? state.fighters[band.leader] : undefined;
    if (!isInAction(leader)) violation('leader_out_of_action', `Player ${side}'s Leader is not on the table: no tactic cards (EDEN-TACPH-1).`);
    // EDEN-TACPH-2 / EDEN-AMB-15: the opponent may pay Cancellation (X); the card still counts as played
    const paid = Number(cmd.cancellationPaid ?? 0);
    const opp = state.bands[otherSide(side)];
    if (paid > opp.strategyPoints) violation('insufficient_sp', `The opponent cannot pay ${paid} SP for the Cancellation; he has ${opp.strategyPoints}.`, { pool: opp.strategyPoints, cost: paid });
    ev = { type: 'eden.tactic_played', data: { player: side, card, cost, cancelled: paid > 0, cancellationPaid: paid } };
  } else {
    ev = { type: 'eden.tactic_skipped', data: { player: side } };
  }
  const events: EdenEvent[] = [ev];
  if (acted.length === 1) events.push(...startActivation(evolve(state, ev)));
  return events;
}

// ---------------------------------------------------------------- activation phase

/** EDEN-ACT-1/2/3: designation, interruptions by strictly higher RAP, activation of the last named. */
function activate(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  expectPhase(state, 'activation', 'Activating a fighter');
  if (state.activation.active) violation('activation_in_progress', `Fighter ${state.activation.active} is still being activated; end its activation first (EDEN-ACT-4).`);
  const side = sideOf(state, cmd.player);
  if (side !== state.firstPlayer) violation('not_your_turn', `Player ${state.firstPlayer} is First player and designates now (EDEN-ACT-1).`, { firstPlayer: state.firstPlayer });
  const named = entry(state, cmd.fighterId, 'designated fighter');
  if (named.side !== side) violation('not_your_fighter', `Fighter ${named.id} belongs to player ${named.side}.`, { fighterId: named.id });
  if (!canBeActivated(named)) violation('already_activated', `Fighter ${named.id} cannot be activated: already activated, out of action, or 0 AP (EDEN-ACT-8/9).`, { fighterId: named.id });
  let rap = characteristic(named.fighter, 'RAP');
  const events: EdenEvent[] = [{ type: 'eden.fighter_designated', data: { player: side, fighterId: named.id, rap } }];
  let last = named;
  let lastSide = side;
  for (const [i, ref] of ((cmd.interruptions as Ref[] | undefined) ?? []).entries()) {
    const f = entry(state, ref, `interruption ${i + 1}`);
    const by = otherSide(lastSide);
    // EDEN-ACT-2: players interrupt in turn, each with a non-activated fighter of strictly greater RAP
    if (f.side !== by) violation('illegal_interruption', `Interruption ${i + 1} must come from player ${by}.`, { index: i });
    if (!canBeActivated(f)) violation('illegal_interruption', `Fighter ${f.id} cannot interrupt: already activated, out of action, or 0 AP (EDEN-ACT-9).`, { index: i, fighterId: f.id });
    const r = characteristic(f.fighter, 'RAP');
    if (r <= rap) violation('illegal_interruption', `Fighter ${f.id} has RAP ${r}; interrupting needs more than ${rap} (EDEN-ACT-2).`, { index: i, fighterId: f.id, rap: r, needed: rap + 1 });
    events.push({ type: 'eden.activation_interrupted', data: { player: by, fighterId: f.id, rap: r } });
    last = f;
    lastSide = by;
    rap = r;
  }
  events.push({ type: 'eden.fighter_activated', data: { player: lastSide, fighterId: last.id } });
  return events;
}

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

function endActivation(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  expectPhase(state, 'activation', 'Ending an activation');
  const active = state.activation.active;
  if (!active) violation('no_activation', 'No fighter is being activated.');
  const side = state.fighters[active]!.side;
  if (cmd.player !== undefined && sideOf(state, cmd.player) !== side) violation('not_your_fighter', `Fighter ${active} belongs to player ${side}.`);
  const ended: EdenEvent = { type: 'eden.activation_ended', data: { player: side, fighterId: active } };
  return [ended, ...handOver(evolve(state, ended), side, 'hand_over')];
}

/** EDEN-ACT-5/6: passing; two passes in a row end the phase. */
function pass(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  expectPhase(state, 'activation', 'Passing');
  if (state.activation.active) violation('activation_in_progress', `Fighter ${state.activation.active} is still being activated.`);
  const side = sideOf(state, cmd.player);
  if (side !== state.firstPlayer) violation('not_your_turn', `Only the First player (${state.firstPlayer}) may pass (EDEN-ACT-5).`, { firstPlayer: state.firstPlayer });
  // EDEN-ACT-6: no pass on the first activation of the turn
  if (state.activation.opening) violation('opening_pass', 'The player who starts the Activation phase cannot pass on its first activation (EDEN-ACT-6).');
  // EDEN-AMB-16: passing needs an opponent who can activate
  if (!canActivate(state, otherSide(side))) violation('cannot_pass', `Player ${otherSide(side)} has no fighter left to activate; passing would hand nothing over (EDEN-AMB-16).`);
  const passed: EdenEvent = { type: 'eden.activation_passed', data: { player: side } };
  if (state.activation.lastWasPass) {
    // EDEN-ACT-5: two passes in a row end the phase; unactivated fighters lose their activation
    return [passed, { type: 'eden.activation_phase_ended', data: { reason: 'double_pass', firstPlayer: state.activation.lastActivatedSide ?? state.firstPlayer! } }];
  }
  return [passed, { type: 'eden.first_player_changed', data: { firstPlayer: otherSide(side), reason: 'pass' } }];
}

// ---------------------------------------------------------------- actions

/** EDEN-MOVE-ACT-1/2: 1 AP, 3 / Turn; disengaging first rolls RAP against the highest adversary RAP. */
function move(cmd: EdenCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  const f = entry(state, cmd.fighterId, 'moving fighter');
  expectActive(state, f.id);
  if (f.turn.moves >= 3) violation('move_limit', `Fighter ${f.id} already moved 3 times this turn (EDEN-MOVE-ACT-1: 3 / Turn).`, { fighterId: f.id });
  if (f.fighter.ap < 1) violation('no_ap', `Fighter ${f.id} has 0 AP and a Move costs 1 (EDEN-ACTION-1).`, { fighterId: f.id, ap: 0, cost: 1 });
  let disengage: unknown = null;
  const from = (cmd.disengageFrom as Ref[] | undefined) ?? [];
  if (from.length) {
    const adversaries = from.map((r, i) => entry(state, r, `adversary ${i + 1}`));
    for (const a of adversaries) if (a.side === f.side) violation('illegal_target', `Fighter ${a.id} is not an adversary of ${f.id}.`, { fighterId: a.id });
    const difficulty = Math.max(...adversaries.map((a) => characteristic(a.fighter, 'RAP')));
    const roll = characteristicRoll(dice, `${f.id} RAP (disengage)`, characteristic(f.fighter, 'RAP'), difficulty);
    // EDEN-MOVE-ACT-2: 0 successes → each adversary in contact may attack (eden.melee with via "disengage")
    disengage = { difficulty, roll, success: roll.successes > 0, adversaries: adversaries.map((a) => a.id) };
  }
  const moved = { ...f.fighter, ap: f.fighter.ap - 1 };
  return [{ type: 'eden.fighter_moved', data: { fighterId: f.id, apSpent: 1, disengage, fighters: updates(moved), dice: dice.transcript() } }];
}

/** EDEN-STATE-FIRE-2: during its activation, 1 AP per Fire marker removed. */
function douse(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  const f = entry(state, cmd.fighterId, 'fighter');
  expectActive(state, f.id);
  const markers = Number(cmd.markers ?? 1);
  return [{ type: 'eden.fire_doused', data: { fighterId: f.id, markers, fighters: updates(douseFire(f.fighter, markers)) } }];
}

const stripFighters = (r: object, ...keys: string[]) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));

/** EDEN-ATTACK-1 / EDEN-ENGAGE-1 / EDEN-MOVE-ACT-2: a melee attack between match fighters. */
function melee(cmd: EdenCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  const a = entry(state, cmd.attacker, 'attacker');
  const t = entry(state, cmd.target, 'target');
  const via = (cmd.via as MeleeInput['via']) ?? 'attack';
  if (a.side === t.side) violation('illegal_target', `Fighter ${t.id} is not an adversary of ${a.id} (EDEN-ATTACK-1).`, { legalTargets: [] });
  // EDEN-MOVE-ACT-2: a disengagement attack is made on the fighter being activated, by an adversary
  if (via === 'disengage') expectActive(state, t.id);
  else expectActive(state, a.id);
  const r = resolveMelee(
    {
      attacker: a.fighter,
      target: t.fighter,
      reaction: cmd.reaction as MeleeInput['reaction'],
      aim: cmd.aim as MeleeInput['aim'],
      targetAim: cmd.targetAim as MeleeInput['targetAim'],
      via,
      modifiers: cmd.modifiers as MeleeInput['modifiers'],
      weapon: cmd.weapon as string | undefined,
      targetWeapon: cmd.targetWeapon as string | undefined,
      // EDEN-ATTACK-2 / EDEN-ENGAGE-1: limits enforced from the match state
      attacksThisTurn: { attacker: a.turn.attacks, target: t.turn.attacks },
      engagesThisTurn: a.turn.engages,
    },
    dice,
  );
  return [
    {
      type: 'eden.melee_resolved',
      data: {
        attackerId: a.id,
        targetId: t.id,
        weapon: (cmd.weapon as string | undefined) ?? null,
        via: r.via,
        reaction: r.reaction,
        responded: r.reaction === 'response' && r.apSpent.target > 0,
        success: r.success,
        result: stripFighters(r, 'attacker', 'target'),
        fighters: updates(r.attacker, r.target),
        dice: dice.transcript(),
      },
    },
  ];
}

interface CandidateRef {
  id: string;
  distance: number;
  lineOfSight: boolean;
  obstacles?: number;
  engagedWith?: { id: string; distanceToShooter: number }[];
}

/** EDEN-RANGED-1..7: the shooter must be free and be activated; targets are match fighters. */
function ranged(cmd: EdenCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  const s = entry(state, cmd.shooter, 'shooter');
  expectActive(state, s.id);
  const candidates = ((cmd.candidates as CandidateRef[]) ?? []).map((c, i) => ({
    id: entry(state, c.id, `candidate ${i + 1}`).id,
    fighter: state.fighters[c.id]!.fighter,
    distance: c.distance,
    lineOfSight: c.lineOfSight,
    obstacles: c.obstacles,
    engagedWith: (c.engagedWith ?? []).map((e, j) => ({ id: entry(state, e.id, `candidate ${i + 1} engagedWith ${j + 1}`).id, fighter: state.fighters[e.id]!.fighter, distanceToShooter: e.distanceToShooter })),
  }));
  const weapon = String(cmd.weapon);
  const uses = s.itemUses[weapon] ?? { turn: 0, game: 0 };
  const r = resolveShot(
    {
      shooter: s.fighter,
      weapon,
      candidates,
      ignoreEngaged: cmd.ignoreEngaged as boolean | undefined,
      targetId: cmd.targetId as string | undefined,
      shooterElevated: cmd.shooterElevated as boolean | undefined,
      aim: cmd.aim as ShotInput['aim'],
      modifiers: cmd.modifiers as ShotInput['modifiers'],
      edition: state.edition,
      shooterEngaged: cmd.shooterEngaged as boolean | undefined,
      attacksThisTurn: s.turn.attacks,
      weaponUses: uses,
    },
    dice,
  );
  const changed = [r.shooter, ...(r.hit ? [r.hit.fighter] : [])];
  return [
    {
      type: 'eden.shot_resolved',
      data: { attackerId: s.id, weapon, targetId: r.targetId, success: r.success, result: stripFighters(r, 'shooter'), fighters: updates(...changed), dice: dice.transcript() },
    },
  ];
}

function thrown(cmd: EdenCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  const a = entry(state, cmd.attacker, 'attacker');
  expectActive(state, a.id);
  const weapon = String(cmd.weapon);
  const affected = ((cmd.affected as Ref[]) ?? []).map((x, i) => {
    const e = entry(state, x, `affected ${i + 1}`);
    return { id: e.id, fighter: e.fighter };
  });
  const r = resolveThrow(
    {
      attacker: a.fighter,
      weapon,
      point: cmd.point as { distance: number; lineOfSight: boolean },
      affected,
      attackerElevated: cmd.attackerElevated as boolean | undefined,
      attackerEngaged: cmd.attackerEngaged as boolean | undefined,
      attacksThisTurn: a.turn.attacks,
      weaponUses: a.itemUses[weapon] ?? { turn: 0, game: 0 },
    },
    dice,
  );
  // The thrower may be among the affected: its own result is the later state of it.
  const byId = new Map<string, Fighter>([[a.id, r.attacker]]);
  for (const h of r.results) byId.set(h.id, h.id === a.id ? { ...h.fighter, ap: r.attacker.ap } : h.fighter);
  return [
    {
      type: 'eden.throw_resolved',
      data: { attackerId: a.id, weapon, success: r.success, result: stripFighters(r, 'attacker'), fighters: [...byId].map(([id, fighter]) => ({ id, fighter })), dice: dice.transcript() },
    },
  ];
}

function spray(cmd: EdenCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  const a = entry(state, cmd.attacker, 'attacker');
  expectActive(state, a.id);
  const weapon = String(cmd.weapon);
  const covered = ((cmd.covered as Ref[]) ?? []).map((x, i) => {
    const e = entry(state, x, `covered ${i + 1}`);
    return { id: e.id, fighter: e.fighter };
  });
  const r = resolveSpray({
    attacker: a.fighter,
    weapon,
    covered,
    attackerEngaged: cmd.attackerEngaged as boolean | undefined,
    attacksThisTurn: a.turn.attacks,
    weaponUses: a.itemUses[weapon] ?? { turn: 0, game: 0 },
  });
  const byId = new Map<string, Fighter>([[a.id, r.attacker]]);
  for (const h of r.results) byId.set(h.id, h.id === a.id ? { ...h.fighter, ap: r.attacker.ap } : h.fighter);
  return [
    {
      type: 'eden.spray_resolved',
      data: { attackerId: a.id, weapon, success: r.success, result: stripFighters(r, 'attacker'), fighters: [...byId].map(([id, fighter]) => ({ id, fighter })), dice: dice.transcript() },
    },
  ];
}

// ---------------------------------------------------------------- upkeep and the end

/** Fighters as the projection keeps them (evolve drops the `outOfAction` flag the cores add). */
const sameFighter = (a: Fighter, b: Fighter): boolean => {
  const { outOfAction: _a, ...x } = a;
  const { outOfAction: _b, ...y } = b;
  return JSON.stringify(x) === JSON.stringify(y);
};

/**
 * EDEN-UPKEEP-3..9 by the shared core (upkeep.ts: fire and fear alternating from the First player,
 * poison, rage, AP, slow), then the match-only steps: EDEN-UPKEEP-10 (VP), EDEN-UPKEEP-11 and
 * EDEN-GAME-1/2/3 (next turn or the end of the game).
 */
function upkeep(cmd: EdenCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  expectPhase(state, 'upkeep', 'The upkeep');
  // EDEN-UPKEEP-6: only match fighters may be named (by id or {id}); unknown ids are 422 unknown_fighter
  const removeRage = ((cmd.removeRage as Ref[] | undefined) ?? []).map((r) => entry(state, r, 'removeRage fighter').id);
  const band = (s: Side) => state.bands[s].fighterIds.map((id) => state.fighters[id]!.fighter);
  // EDEN-FIRST-3: the First player at the end of the Activation phase keeps the role through Upkeep
  const r = resolveUpkeep({ firstPlayer: state.firstPlayer!, bands: { A: band('A'), B: band('B') }, removeRage }, dice);
  const changed = SIDES.flatMap((s) => r.bands[s].map((fighter, i) => ({ id: state.bands[s].fighterIds[i]!, fighter }))).filter(
    (u) => !sameFighter(u.fighter, state.fighters[u.id]!.fighter),
  );
  const upkeepEv: EdenEvent = { type: 'eden.upkeep_resolved', data: { turn: state.turn, fighters: changed, log: r.log, dice: dice.transcript() } };
  // EDEN-UPKEEP-10: VP earned this turn; totals never below 0 (EDEN-GAME-3)
  const gainedIn = (cmd.victoryPoints as Partial<Record<Side, number>> | undefined) ?? {};
  const gained = { A: gainedIn.A ?? 0, B: gainedIn.B ?? 0 };
  const totals = { A: Math.max(0, state.bands.A.victoryPoints + gained.A), B: Math.max(0, state.bands.B.victoryPoints + gained.B) };
  const events: EdenEvent[] = [upkeepEv, { type: 'eden.victory_points_scored', data: { turn: state.turn, gained, totals } }];
  // EDEN-UPKEEP-11 → EDEN-GAME-2 (EDEN-AMB-10: ends when at least one player has no fighter left) / EDEN-GAME-1
  const after = evolve(state, upkeepEv);
  const empty = SIDES.some((s) => sideFighters(after, s).every((e) => !isInAction(e)));
  if (empty || state.turn >= state.maxTurns) {
    // EDEN-GAME-3: more VP wins; equal VP is a draw
    const winner: Side | null = totals.A === totals.B ? null : totals.A > totals.B ? 'A' : 'B';
    events.push({ type: 'eden.game_ended', data: { reason: empty ? 'elimination' : 'turns', turn: state.turn, victoryPoints: totals, winner } });
  } else {
    events.push({ type: 'eden.turn_started', data: { turn: state.turn + 1 } });
  }
  return events;
}

export const EDEN_COMMANDS = {
  'eden.register_band': registerBand,
  'eden.bid': bid,
  'eden.choose_leader': chooseLeader,
  'eden.play_mission': playMission,
  'eden.deploy': deploy,
  'eden.choose_tactic_hand': chooseTacticHand,
  'eden.play_tactic': (c: EdenCommand, s: EdenMatchState) => tactic(c, s, true),
  'eden.skip_tactic': (c: EdenCommand, s: EdenMatchState) => tactic(c, s, false),
  'eden.activate': activate,
  'eden.end_activation': endActivation,
  'eden.pass': pass,
  'eden.move': move,
  'eden.douse_fire': douse,
  'eden.melee': melee,
  'eden.ranged': ranged,
  'eden.thrown': thrown,
  'eden.spray': spray,
  'eden.upkeep': upkeep,
} as const satisfies Record<string, (c: EdenCommand, s: EdenMatchState, d: Dice) => EdenEvent[]>;

export type EdenCommandType = keyof typeof EDEN_COMMANDS;

export function decide(command: EdenCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  if (state.phase === 'ended') violation('game_over', 'The game has ended (EDEN-GAME-1/2); no more commands.', { result: state.result });
  const handler = (EDEN_COMMANDS as Record<string, (c: EdenCommand, s: EdenMatchState, d: Dice) => EdenEvent[]>)[command.type];
  if (!handler) violation('unknown_command', `EDEN matches know no command "${command.type}".`, { commands: Object.keys(EDEN_COMMANDS) });
  return handler(command, state, dice);
}
