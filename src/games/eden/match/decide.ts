/**
 * decide(command, state, dice) → events: the EDEN rules applied to a match's projected state.
 * Preparation (EDEN-PREP-*), the turn (EDEN-TURN-1: First player, Tactical, Activation, Upkeep),
 * actions and attacks with AP and per-turn limits taken from the state, and the end of the game
 * (EDEN-GAME-1/2/3). Attacks reuse the stateless cores (melee.ts, ranged.ts, thrown.ts, spray.ts).
 */
import type { Dice } from '../../dice/index.js';
import { InvalidInput, RuleViolation } from '../../errors.js';
import { characteristic, isOutOfAction, normalizeFighter, type Fighter, type FighterInput } from '../fighter.js';
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
import { applyWeatherEffects, rollWeather } from '../weather.js';
import { WEATHER_TABLE, type WeatherCondition } from '../catalog/weather.js';
import { decideNpc, type NpcContact, type NpcVisible } from '../npc.js';
import { attackScenery, effectiveRules, igniteScenery, ruleValue, sceneryUpkeep, touchBurning } from '../scenery.js';
import { sceneryById } from '../catalog/scenery.js';
import { hostilePresence } from '../terrain.js';
import {
  SIDES,
  canActivate,
  canBeActivated,
  isInAction,
  npcsInAction,
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

/** The rolls made after the first `from` of a shared transcript (one command, several events). */
const rollsFrom = (dice: Dice, from: number) => {
  const t = dice.transcript();
  return { ...t, rolls: t.rolls.slice(from) };
};

/** The optional rules (§16–§18) are played only when the match was created with them. */
function requireOption(on: boolean, option: string, what: string): void {
  if (!on) violation('option_disabled', `${what} needs the optional rule options.${option} (set when the match is created).`, { option });
}

/** A band fighter of the match (never an NPC, which no player controls: EDEN-NPC-1). */
function bandSide(e: FighterEntry & { id: string }): Side {
  if (e.side === 'npc') violation('npc_not_controlled', `Fighter ${e.id} is an NPC: no player controls it (EDEN-NPC-1).`, { fighterId: e.id });
  return e.side;
}

/**
 * EDEN-NPC-6: a fighter that puts an NPC out of action earns its player VP equal to the NPC's
 * level at once. EDEN-AMB-30: NPCs earn nothing, and only the acting fighter is credited.
 */
function npcEliminations(state: EdenMatchState, changed: { id: string; fighter: Fighter }[], by: FighterEntry & { id: string }): EdenEvent[] {
  if (by.side === 'npc') return [];
  const player = by.side;
  return changed
    .filter((u) => state.npcs[u.id] && isInAction(state.fighters[u.id]) && (isOutOfAction(u.fighter) || u.fighter.outOfAction === true))
    .map((u) => {
      const level = state.npcs[u.id]!.level;
      return { type: 'eden.npc_eliminated' as const, data: { npcId: u.id, level, player, byFighter: by.id, victoryPoints: level } };
    });
}

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
  const zone = state.bands[side].mission!.deployment;
  const mist = state.mistDeployment;
  if (mist) {
    // EDEN-WEATHER-6 (Mist): one fighter at a time, alternating, First player first
    if (state.bands[side].deployment !== null) violation('already_done', `Player ${side} has deployed all his fighters.`, { player: side });
    if (side !== mist.next) violation('not_your_turn', `Under Mist deployment alternates one fighter at a time; player ${mist.next} deploys next (EDEN-WEATHER-6).`, { next: mist.next });
    if (cmd.fighterId === undefined) throw new InvalidInput([{ path: '/command/fighterId', code: 'required', message: 'Under Mist each deploy command places one fighter: name it in `fighterId` (EDEN-WEATHER-6).' }]);
    const f = entry(state, cmd.fighterId, 'deployed fighter');
    if (f.side !== side) violation('not_your_fighter', `Fighter ${f.id} belongs to ${f.side === 'npc' ? 'no player' : `player ${f.side}`}.`, { fighterId: f.id });
    if (mist.deployed[side].includes(f.id)) violation('already_deployed', `Fighter ${f.id} is already deployed.`, { fighterId: f.id });
    return [{ type: 'eden.fighter_deployed', data: { player: side, fighterId: f.id, zone, placement: cmd.placement ?? null } }];
  }
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
    // EDEN-WEATHER-8: 3 SP under Snowstorm
    const cost = tacticCost(state.weather);
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
  const side = state.fighters[active]!.side as Side;
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
  // EDEN-WEATHER-3 (Headwind): a Move covers 8 cm instead of 10 (EDEN-AMB-26: Engage keeps 10)
  const distance = state.weather.includes('headwind') ? 8 : 10;
  return [{ type: 'eden.fighter_moved', data: { fighterId: f.id, apSpent: 1, distance, disengage, fighters: updates(moved), dice: dice.transcript() } }];
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
    // EDEN-NPC-6: putting an NPC out of action (the attacker's, or the target's by its Response)
    ...npcEliminations(state, updates(r.target), a),
    ...npcEliminations(state, updates(r.attacker), t),
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
      // EDEN-WEATHER-4: Thick fog, no target beyond 15 cm
      weather: state.weather,
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
    ...npcEliminations(state, updates(...changed), s),
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
      // EDEN-WEATHER-4: Thick fog, no point beyond 15 cm
      weather: state.weather,
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
    ...npcEliminations(state, [...byId].map(([id, fighter]) => ({ id, fighter })), a),
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
    ...npcEliminations(state, [...byId].map(([id, fighter]) => ({ id, fighter })), a),
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
  // EDEN-UPKEEP-2 / EDEN-NPC-3: every NPC is activated before step 3
  const pending = npcsInAction(state).filter((n) => !state.upkeep.npcsActivated.includes(n.id));
  if (pending.length) {
    violation('npcs_pending', `Upkeep step 2 comes first: activate the NPCs ${pending.map((n) => n.id).join(', ')} (EDEN-UPKEEP-2, EDEN-NPC-3).`, { npcs: pending.map((n) => n.id), next: state.upkeep.npcNext });
  }
  // EDEN-UPKEEP-6: only match fighters may be named (by id or {id}); unknown ids are 422 unknown_fighter
  const removeRage = ((cmd.removeRage as Ref[] | undefined) ?? []).map((r) => {
    const e = entry(state, r, 'removeRage fighter');
    bandSide(e);
    return e.id;
  });
  // EDEN-WEATHER-7: fighters that are not free (named here) are spared by Acid rain
  const engaged = ((cmd.engaged as Ref[] | undefined) ?? []).map((r) => entry(state, r, 'engaged fighter').id);
  const order = weatherOrder(cmd, state);
  const band = (st: EdenMatchState, s: Side) => st.bands[s].fighterIds.map((id) => st.fighters[id]!.fighter);
  const npcIds = Object.keys(state.npcs);
  const npcs = (st: EdenMatchState) => npcIds.map((id) => st.fighters[id]!.fighter);
  const changedIn = (st: EdenMatchState, r: { bands: Record<Side, Fighter[]>; npcs: Fighter[] }) =>
    [
      ...SIDES.flatMap((s) => r.bands[s].map((fighter, i) => ({ id: st.bands[s].fighterIds[i]!, fighter }))),
      ...r.npcs.map((fighter, i) => ({ id: npcIds[i]!, fighter })),
    ].filter((u) => !sameFighter(u.fighter, st.fighters[u.id]!.fighter));
  // EDEN-FIRST-3: the First player at the end of the Activation phase keeps the role through Upkeep
  const first = state.firstPlayer!;
  // EDEN-UPKEEP-3..9 by the shared core; NPCs burn and shake fear after both players (EDEN-AMB-18)
  const r = resolveUpkeep({ firstPlayer: first, bands: { A: band(state, 'A'), B: band(state, 'B') }, npcs: npcs(state), removeRage }, dice);
  const upkeepEv: EdenEvent = { type: 'eden.upkeep_resolved', data: { turn: state.turn, fighters: changedIn(state, r), log: r.log, dice: dice.transcript() } };
  const events: EdenEvent[] = [upkeepEv];
  let after = evolve(state, upkeepEv);
  // EDEN-TERRAIN-R-INFLAMMABLE: a burning element gains a Fire marker (recommended timing: step 3)
  const burned = Object.values(state.scenery)
    .map((s) => sceneryUpkeep(s))
    .filter((o) => o.scenery.fire !== state.scenery[o.scenery.id]!.fire || o.destroyedNow)
    .map((o) => ({ sceneryId: o.scenery.id, fire: o.scenery.fire, destroyed: o.destroyedNow, replacedBy: o.replacedBy }));
  if (burned.length) {
    const ev: EdenEvent = { type: 'eden.scenery_burned', data: { turn: state.turn, scenery: burned } };
    events.push(ev);
    after = evolve(after, ev);
  }
  // EDEN-UPKEEP-10: VP earned this turn; totals never below 0 (EDEN-GAME-3)
  const gainedIn = (cmd.victoryPoints as Partial<Record<Side, number>> | undefined) ?? {};
  const gained = { A: gainedIn.A ?? 0, B: gainedIn.B ?? 0 };
  const totals = { A: Math.max(0, after.bands.A.victoryPoints + gained.A), B: Math.max(0, after.bands.B.victoryPoints + gained.B) };
  const vpEv: EdenEvent = { type: 'eden.victory_points_scored', data: { turn: state.turn, gained, totals } };
  events.push(vpEv);
  after = evolve(after, vpEv);
  // EDEN-UPKEEP-11 / EDEN-AMB-26: end-of-turn weather (Ionic storm, Acid rain), in the First player's order
  if (order.length) {
    const rolled = upkeepEv.data.dice.rolls.length;
    const w = applyWeatherEffects({ conditions: order, firstPlayer: first, bands: { A: band(after, 'A'), B: band(after, 'B') }, npcs: npcs(after), engaged }, dice);
    const ev: EdenEvent = { type: 'eden.weather_effects_resolved', data: { turn: state.turn, conditions: order, fighters: changedIn(after, w), log: w.log, dice: rollsFrom(dice, rolled) } };
    events.push(ev);
    after = evolve(after, ev);
  }
  // EDEN-UPKEEP-11 → EDEN-GAME-2 (EDEN-AMB-10: ends when at least one player has no fighter left; NPCs do not count) / EDEN-GAME-1
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

const END_OF_TURN: readonly WeatherCondition[] = ['ionic_storm', 'acid_rain'];

/** EDEN-AMB-26: the First player orders the end-of-turn conditions in play (`weatherOrder`); default: table order. */
function weatherOrder(cmd: EdenCommand, state: EdenMatchState): WeatherCondition[] {
  const inPlay = state.weather.filter((c) => END_OF_TURN.includes(c));
  const asked = cmd.weatherOrder as WeatherCondition[] | undefined;
  if (asked === undefined) return inPlay;
  const same = asked.length === inPlay.length && inPlay.every((c) => asked.includes(c));
  if (!same) violation('wrong_weather_order', `weatherOrder must list each end-of-turn condition in play exactly once: ${inPlay.join(', ') || 'none'} (EDEN-AMB-26).`, { conditions: inPlay });
  return [...asked];
}

// ---------------------------------------------------------------- optional rules: weather (§18)

/** EDEN-PREP-0 / EDEN-WEATHER-1: 2D6 before step 1; EDEN-WEATHER-9: options.weather rolls (repeats re-rolled, EDEN-AMB-26). */
function rollWeatherCommand(_cmd: EdenCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  requireOption(state.options.weather > 0, 'weather', 'Rolling the weather (EDEN-WEATHER-1)');
  expectPrep(state, 'weather', 'Rolling the weather (EDEN-PREP-0)');
  const r = rollWeather(dice, state.options.weather);
  return [
    {
      type: 'eden.weather_rolled',
      data: { conditions: r.conditions.map((c) => c.condition), rules: r.conditions.map((c) => c.rule), rolls: r.rolls, dice: dice.transcript() },
    },
  ];
}

// ---------------------------------------------------------------- optional rules: territory (§16)

function scenery(state: EdenMatchState, ref: unknown) {
  const id = refId(ref);
  const s = state.scenery[id];
  if (!s) violation('unknown_scenery', `No scenery element "${id}" on the table.`, { sceneryId: id, scenery: Object.keys(state.scenery) });
  return s;
}

/** EDEN-TERRAIN-3 / EDEN-AMB-29: 8 Scenery Points each, all spent, alternating from the First player. */
function placeScenery(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  requireOption(state.options.territory, 'territory', 'Placing scenery (EDEN-TERRAIN-3)');
  expectPrep(state, 'scenery', 'Placing scenery (EDEN-TERRAIN-3)');
  const side = sideOf(state, cmd.player);
  const t = state.territory!;
  if (side !== t.next) violation('not_your_turn', `Player ${t.next} places the next element (EDEN-AMB-29: alternate, First player first).`, { next: t.next });
  const el = sceneryById(String(cmd.element));
  if (!el) throw new InvalidInput([{ path: '/command/element', code: 'unknown_scenery', message: `"${String(cmd.element)}" is not in the scenery list (EDEN-TERRAIN-LIST-1..13).` }]);
  if (el.cost > t.points[side]) {
    violation('insufficient_scenery_points', `${el.names.en} costs ${el.cost} Scenery Points and player ${side} has ${t.points[side]} (EDEN-TERRAIN-3).`, { cost: el.cost, points: t.points[side] });
  }
  const id = cmd.sceneryId === undefined ? `${side}-${el.id}-${Object.keys(state.scenery).length + 1}` : String(cmd.sceneryId);
  if (state.scenery[id] || state.fighters[id]) violation('duplicate_scenery_id', `Id "${id}" is already used in this match.`, { sceneryId: id });
  return [{ type: 'eden.scenery_placed', data: { player: side, sceneryId: id, element: el.id, cost: el.cost, rules: el.rules.map((r) => ({ ...r })), pointsLeft: t.points[side] - el.cost } }];
}

/** EDEN-TERRAIN-R-DESTRUCTION / EDEN-AMB-33: an Attack on an element (no dice; 1 AP, one of the 2 Attacks). */
function attackSceneryCommand(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  requireOption(state.options.territory, 'territory', 'Attacking scenery (EDEN-TERRAIN-R-DESTRUCTION)');
  const f = entry(state, cmd.attacker, 'attacker');
  expectActive(state, f.id);
  const s = scenery(state, cmd.sceneryId);
  const distance = cmd.distance as number | undefined;
  // EDEN-WEATHER-4 / EDEN-AMB-26: under Thick fog no target (scenery included) beyond 15 cm
  if (state.weather.includes('thick_fog') && distance !== undefined && distance > 15) {
    violation('out_of_range', `The element is ${distance} cm away; under Thick fog nothing beyond 15 cm may be targeted (EDEN-WEATHER-4).`, { range: 15, distance });
  }
  const r = attackScenery(s, f.fighter, f.turn.attacks);
  return [
    {
      type: 'eden.scenery_attacked',
      data: { attackerId: f.id, sceneryId: s.id, apSpent: r.apSpent, attacks: r.scenery.attacks, destroyed: r.destroyedNow, replacedBy: r.replacedBy, fighters: updates(r.attacker!) },
    },
  ];
}

/** EDEN-TERRAIN-R-INFLAMMABLE: the active fighter's Fire (X) effect reaches an Inflammable element. */
function igniteSceneryCommand(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  requireOption(state.options.territory, 'territory', 'Setting scenery on fire (EDEN-TERRAIN-R-INFLAMMABLE)');
  const f = entry(state, cmd.fighterId, 'fighter');
  expectActive(state, f.id);
  const s = scenery(state, cmd.sceneryId);
  const markers = Number(cmd.markers ?? 1);
  const r = igniteScenery(s, markers);
  return [{ type: 'eden.scenery_ignited', data: { fighterId: f.id, sceneryId: s.id, markers, fire: r.scenery.fire, destroyed: r.destroyedNow, replacedBy: r.replacedBy } }];
}

/**
 * EDEN-TERRAIN-R-INFLAMMABLE / EDEN-TERRAIN-R-HOSTILE: the active fighter starts its activation or
 * ends a move in contact with (or inside) an element: 1 Fire marker if it burns, X wounds (one
 * location roll each, protection ignored) for Hostile Presence (X).
 */
function sceneryContact(cmd: EdenCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  requireOption(state.options.territory, 'territory', 'Scenery contact (EDEN-TERRAIN-R-INFLAMMABLE / -HOSTILE)');
  const f = entry(state, cmd.fighterId, 'fighter');
  expectActive(state, f.id);
  const s = scenery(state, cmd.sceneryId);
  if (s.destroyed) violation('scenery_destroyed', `The element ${s.id} was destroyed and replaced by a Devastated zone (EDEN-TERRAIN-R-DESTRUCTION).`, { sceneryId: s.id });
  const moment = cmd.moment === 'move_end' ? 'move_end' : 'activation_start';
  const burnt = touchBurning(s, f.fighter);
  let fighter = burnt.fighter;
  let wounds: unknown[] = [];
  const x = ruleValue(effectiveRules(s), 'hostile_presence');
  if (x !== undefined && isInAction({ ...f, fighter })) {
    const h = hostilePresence(fighter, x, dice);
    fighter = h.fighter;
    wounds = h.wounds;
  }
  const changed = sameFighter(fighter, f.fighter) ? [] : updates(fighter);
  return [{ type: 'eden.scenery_contact_resolved', data: { fighterId: f.id, sceneryId: s.id, moment, fireAdded: burnt.fireAdded, wounds, fighters: changed, dice: dice.transcript() } }];
}

// ---------------------------------------------------------------- optional rules: infestation (§17)

/** EDEN-NPC-2 (1): the players agree on the Infestation Level (when options.infestation gave none). */
function setInfestationLevel(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  requireOption(state.options.infestation, 'infestation', 'The Infestation Level (EDEN-NPC-2)');
  expectPrep(state, 'infestation', 'The Infestation Level (EDEN-NPC-2, preparation step 6bis)');
  if (state.infestation!.level !== null) violation('already_done', `The Infestation Level is already ${state.infestation!.level}.`, { level: state.infestation!.level });
  return [{ type: 'eden.infestation_level_set', data: { level: Number(cmd.level) } }];
}

/** EDEN-NPC-2 (3/4): alternate from the First player, X points for an NPC of Level X, 15 cm apart. */
function placeNpc(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  requireOption(state.options.infestation, 'infestation', 'Placing an NPC (EDEN-NPC-2)');
  expectPrep(state, 'infestation', 'Placing an NPC (EDEN-NPC-2, preparation step 6bis)');
  const inf = state.infestation!;
  if (inf.level === null) violation('level_not_set', 'Agree on the Infestation Level first (eden.set_infestation_level, EDEN-NPC-2).');
  const side = sideOf(state, cmd.player);
  if (side !== inf.next) violation('not_your_turn', `Player ${inf.next} places the next NPC (EDEN-NPC-2: alternate, First player first).`, { next: inf.next });
  const input = cmd.npc as FighterInput & { level?: number };
  const level = Number(cmd.level ?? input.level);
  if (!Number.isInteger(level) || level < 1) throw new InvalidInput([{ path: '/command/level', code: 'required', message: 'The NPC\'s Level (an integer ≥ 1) is needed: `level`, or `npc.level`.' }]);
  assertFighters([[input, 'command', 'npc']]);
  if (level > inf.points[side]) violation('insufficient_infestation_points', `An NPC of Level ${level} costs ${level} points and player ${side} has ${inf.points[side]} (EDEN-NPC-2).`, { cost: level, points: inf.points[side] });
  const near = cmd.nearestNpcDistance as number | undefined;
  // EDEN-NPC-2: not within 15 cm of another NPC (15 cm or more is fine)
  if (near !== undefined && near < 15) violation('npc_too_close', `An NPC may not be placed within 15 cm of another NPC; the nearest is ${near} cm away (EDEN-NPC-2).`, { distance: near, minimum: 15 });
  if (state.fighters[input.id] || state.scenery[input.id]) violation('duplicate_fighter_id', `Fighter id "${input.id}" is used twice in this match; ids must be unique.`, { fighterId: input.id });
  const npc = { ...normalizeFighter(input), npc: true, ap: 0 };
  return [{ type: 'eden.npc_placed', data: { player: side, npc, level, pointsLeft: inf.points[side] - level } }];
}

/** EDEN-NPC-2 (4): a player who cannot (or will not) buy another NPC stops; the other continues. */
function stopNpcPlacement(cmd: EdenCommand, state: EdenMatchState): EdenEvent[] {
  requireOption(state.options.infestation, 'infestation', 'Placing NPCs (EDEN-NPC-2)');
  expectPrep(state, 'infestation', 'Placing NPCs (EDEN-NPC-2, preparation step 6bis)');
  const inf = state.infestation!;
  if (inf.level === null) violation('level_not_set', 'Agree on the Infestation Level first (eden.set_infestation_level, EDEN-NPC-2).');
  const side = sideOf(state, cmd.player);
  if (side !== inf.next) violation('not_your_turn', `Player ${inf.next} places (or stops) next (EDEN-NPC-2).`, { next: inf.next });
  return [{ type: 'eden.npc_placement_stopped', data: { player: side } }];
}

/**
 * EDEN-NPC-3/4 (upkeep step 2): the First player activates an NPC, then the players alternate until
 * each has been activated once. The decision is the core's (Attack if a fighter is in contact, else
 * Charge the nearest fighter in LoS closer than 10 cm, else Wander 5 cm); an attack is a normal melee
 * attack rolled by the activating player, and the target reacts normally (EDEN-NPC-5).
 */
function activateNpc(cmd: EdenCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  requireOption(state.options.infestation, 'infestation', 'Activating an NPC (EDEN-NPC-3)');
  expectPhase(state, 'upkeep', 'Activating an NPC (EDEN-UPKEEP-2)');
  const side = sideOf(state, cmd.player);
  const npc = entry(state, cmd.npcId, 'NPC');
  if (npc.side !== 'npc') violation('not_an_npc', `Fighter ${npc.id} is not an NPC (EDEN-NPC-1).`, { fighterId: npc.id });
  if (!isInAction(npc)) violation('out_of_action', `NPC ${npc.id} is out of action.`, { fighterId: npc.id });
  if (state.upkeep.npcsActivated.includes(npc.id)) violation('already_activated', `NPC ${npc.id} has already been activated in this upkeep (EDEN-NPC-3).`, { fighterId: npc.id });
  if (side !== state.upkeep.npcNext) violation('not_your_turn', `Player ${state.upkeep.npcNext} activates the next NPC (EDEN-NPC-3: First player first, then alternate).`, { next: state.upkeep.npcNext });
  const known = (ref: unknown, role: string) => {
    const e = entry(state, ref, role);
    return { e, npc: e.side === 'npc' };
  };
  const contacts: NpcContact[] = ((cmd.contacts as Ref[] | undefined) ?? []).map((r, i) => {
    const k = known(r, `contact ${i + 1}`);
    return { id: k.e.id, npc: k.npc };
  });
  const visible: NpcVisible[] = ((cmd.visible as (NpcVisible & Record<string, unknown>)[] | undefined) ?? []).map((v, i) => {
    const k = known(v.id, `visible ${i + 1}`);
    return { id: k.e.id, distance: v.distance, lineOfSight: v.lineOfSight, concealed: v.concealed, npc: k.npc };
  });
  const decision = decideNpc({ contacts, visible, targetId: cmd.targetId as string | undefined });
  if (decision.action === 'wander') {
    return [{ type: 'eden.npc_activated', data: { player: side, npcId: npc.id, decision, melee: null, responded: false, fighters: [], dice: dice.transcript() } }];
  }
  const t = entry(state, decision.targetId, 'target');
  const r = resolveMelee(
    {
      attacker: npc.fighter,
      target: t.fighter,
      reaction: cmd.reaction as MeleeInput['reaction'],
      aim: cmd.aim as MeleeInput['aim'],
      targetAim: cmd.targetAim as MeleeInput['targetAim'],
      via: 'attack',
      modifiers: cmd.modifiers as MeleeInput['modifiers'],
      weapon: cmd.weapon as string | undefined,
      targetWeapon: cmd.targetWeapon as string | undefined,
      attacksThisTurn: { attacker: 0, target: t.turn.attacks },
    },
    dice,
  );
  return [
    {
      type: 'eden.npc_activated',
      data: {
        player: side,
        npcId: npc.id,
        decision,
        melee: stripFighters(r, 'attacker', 'target'),
        responded: r.reaction === 'response' && r.apSpent.target > 0,
        fighters: updates(r.attacker, r.target),
        dice: dice.transcript(),
      },
    },
    // EDEN-NPC-6: the target's Response may put the NPC out of action
    ...npcEliminations(state, updates(r.attacker), t),
  ];
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
  'eden.roll_weather': rollWeatherCommand,
  'eden.place_scenery': placeScenery,
  'eden.attack_scenery': attackSceneryCommand,
  'eden.ignite_scenery': igniteSceneryCommand,
  'eden.scenery_contact': sceneryContact,
  'eden.set_infestation_level': setInfestationLevel,
  'eden.place_npc': placeNpc,
  'eden.stop_npc_placement': stopNpcPlacement,
  'eden.activate_npc': activateNpc,
} as const satisfies Record<string, (c: EdenCommand, s: EdenMatchState, d: Dice) => EdenEvent[]>;

export type EdenCommandType = keyof typeof EDEN_COMMANDS;

export function decide(command: EdenCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  if (state.phase === 'ended') violation('game_over', 'The game has ended (EDEN-GAME-1/2); no more commands.', { result: state.result });
  const handler = (EDEN_COMMANDS as Record<string, (c: EdenCommand, s: EdenMatchState, d: Dice) => EdenEvent[]>)[command.type];
  if (!handler) violation('unknown_command', `EDEN matches know no command "${command.type}".`, { commands: Object.keys(EDEN_COMMANDS) });
  return handler(command, state, dice);
}
