/**
 * Preconditions as data (the habit of boardgame.io's moves declared per phase): each command says
 * when it may be played, and `checkPreconditions` checks it once, in a fixed order — optional rule,
 * phase / preparation step, no activation in progress, Infestation Level agreed, the acting player,
 * whose turn, the active fighter — before the command's handler runs. `defineCommand` declares an
 * EDEN command (schema, description, example, preconditions, handler) as the kernel's command
 * table entry whose decide does exactly that.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { Dice } from '../../../kernel/dice/index.js';
import type { GameCommand } from '../../../kernel/decider.js';
import { defineCommand as kernelCommand, type CommandDef } from '../../../kernel/commands.js';
import { entry, expectActive, expectPhase, expectPrep, expectPrepTurn, requireOption, sideOf, violation, type MatchFighter } from './rules.js';
import type { Band, EdenMatchState, EdenOptions, EdenPhase, PrepStep, Side } from './state.js';
import type { EdenEvent } from './evolve/events.js';

/** A phase the command is played in; `what` names the command in the wrong_phase / wrong_step message. */
export type Stage = { phase: 'preparation'; prep: PrepStep; what: string } | { phase: Exclude<EdenPhase, 'preparation'>; what: string };

/** Whose turn it is, when that is a plain rule. Templates: `{first}` / `{next}` is the side. */
export type Turn =
  /** EDEN-PREP-4/5/8: First player first, then the opponent; `member` of the band is set once done. */
  | { kind: 'preparation'; member: 'leader' | 'mission' | 'tacticHand'; what: string }
  /** EDEN-TACPH-1: First player first, one card (or skip) each. */
  | { kind: 'tactical' }
  /** EDEN-ACT-1/5: only the First player designates or passes. */
  | { kind: 'first_player'; message: string }
  /** EDEN-AMB-29 / EDEN-NPC-2: alternating placement, First player first. */
  | { kind: 'placement'; of: 'territory' | 'infestation'; message: string };

export interface Preconditions {
  /** The optional rule (§16–§18) the command needs; `what` names it in the option_disabled message. */
  option?: { rule: keyof EdenOptions; what: string };
  /** The phase(s): the one matching the match's phase is checked, else the last reports wrong_phase. */
  stage?: Stage | readonly Stage[];
  /** EDEN-ACT-4: no fighter is being activated; `hint` completes the message. */
  idle?: { hint?: string };
  /** EDEN-NPC-2: the Infestation Level has been agreed. */
  levelAgreed?: true;
  /** `player` names the acting side ("A", "B" or a player id). */
  player?: true;
  turn?: Turn;
  /** EDEN-ACT-3: the member naming the fighter that acts, which must be the one being activated. */
  active?: { member: 'fighterId' | 'attacker' | 'shooter'; role: string };
}

/** What checkPreconditions resolved while checking: the acting side and the active fighter. */
export interface Acting {
  readonly side: Side;
  readonly actor: MatchFighter;
}

const fill = (template: string, side: Side) => template.replace(/\{(first|next)\}/g, side);

function checkStage(state: EdenMatchState, stage: Stage | readonly Stage[]): void {
  const stages: readonly Stage[] = Array.isArray(stage) ? stage : [stage as Stage];
  const s = stages.find((x) => x.phase === state.phase) ?? stages[stages.length - 1]!;
  if (s.phase === 'preparation') expectPrep(state, s.prep, s.what);
  else expectPhase(state, s.phase, s.what);
}

function checkTurn(state: EdenMatchState, side: Side, turn: Turn): void {
  switch (turn.kind) {
    case 'preparation':
      return expectPrepTurn(state, side, (s) => (state.bands[s] as Band)[turn.member] !== null, turn.what);
    case 'tactical': {
      const first = state.firstPlayer!;
      const acted = state.tactical.acted;
      if (acted.includes(side)) violation('already_done', `Player ${side} already acted in this Tactical phase (EDEN-TACPH-1: one card each).`, { player: side });
      if (side !== first && !acted.includes(first)) violation('not_your_turn', `The First player (${first}) plays or skips first (EDEN-TACPH-1).`, { firstPlayer: first });
      return;
    }
    case 'first_player':
      if (side !== state.firstPlayer) violation('not_your_turn', fill(turn.message, state.firstPlayer!), { firstPlayer: state.firstPlayer });
      return;
    case 'placement': {
      const next = state[turn.of]!.next;
      if (side !== next) violation('not_your_turn', fill(turn.message, next as Side), { next });
      return;
    }
  }
}

/** The command that moves each preparation step on (EDEN-PREP-0..8, EDEN-NPC-2, EDEN-TERRAIN-3). */
const PREPARED_BY: Record<PrepStep, string> = {
  weather: 'eden.roll_weather',
  bands: 'eden.register_band',
  bid: 'eden.bid',
  leaders: 'eden.choose_leader',
  missions: 'eden.play_mission',
  scenery: 'eden.place_scenery',
  infestation: 'eden.set_infestation_level',
  deployment: 'eden.deploy',
  tactic_hands: 'eden.choose_tactic_hand',
  done: 'eden.play_tactic',
};

const playedInPreparation = (p: Preconditions) => [p.stage ?? []].flat().some((s) => (s as Stage).phase === 'preparation');

/**
 * A command of the game turn sent while the match is still being prepared (bands not registered or
 * deployed, EDEN-PREP): 422 `not_set_up` naming the command the preparation waits for.
 */
function expectSetUp(command: GameCommand, state: EdenMatchState, p: Preconditions): void {
  if (state.phase !== 'preparation' || playedInPreparation(p)) return;
  const step = state.prep;
  const next = step === 'infestation' && state.infestation?.level !== null && state.infestation?.level !== undefined ? 'eden.place_npc' : PREPARED_BY[step];
  violation('not_set_up', `${command.type} is played once the match is set up; the preparation is at step "${step}" (EDEN-PREP): send ${next} first.`, {
    step,
    next,
  });
}

/** Check a command's preconditions once, in order; answers the acting side and active fighter it resolved. */
function checkPreconditions(command: GameCommand, state: EdenMatchState, p: Preconditions): Acting {
  if (p.option) requireOption(state, p.option.rule, p.option.what);
  expectSetUp(command, state, p);
  if (p.stage) checkStage(state, p.stage);
  if (p.idle && state.activation.active)
    violation('activation_in_progress', `Fighter ${state.activation.active} is still being activated${p.idle.hint ? `; ${p.idle.hint}` : ''}.`);
  if (p.levelAgreed && state.infestation!.level === null) violation('level_not_set', 'Agree on the Infestation Level first (eden.set_infestation_level, EDEN-NPC-2).');
  let side: Side | undefined;
  if (p.player) {
    side = sideOf(state, (command as { player?: unknown }).player);
    if (p.turn) checkTurn(state, side, p.turn);
  }
  let actor: MatchFighter | undefined;
  if (p.active) {
    actor = entry(state, (command as Record<string, unknown>)[p.active.member], p.active.role);
    expectActive(state, actor.id);
  }
  return {
    get side(): Side {
      if (side === undefined) throw new Error(`${command.type} declares no acting player`);
      return side;
    },
    get actor(): MatchFighter {
      if (actor === undefined) throw new Error(`${command.type} declares no active fighter`);
      return actor;
    },
  };
}

/** One EDEN command type: the kernel's command table entry, with the preconditions its decide checks first. */
export interface EdenCommandDef<Sch extends TSchema = TSchema> extends CommandDef<EdenMatchState, EdenEvent> {
  schema: Sch;
  preconditions: Preconditions;
}

/**
 * An EDEN command declared once: its schema (the handler receives `Static` of it), description,
 * example, preconditions (data) and handler. Its decide checks the preconditions
 * (`checkPreconditions`), then runs the handler with the acting side and active fighter they resolved.
 */
export function defineCommand<Sch extends TSchema>(def: {
  schema: Sch;
  /** Markdown for the API documentation (rules applied). */
  description: string;
  /** An example body (members besides `type`), shown in the OpenAPI document. */
  example: Record<string, unknown>;
  preconditions: Preconditions;
  decide(command: Static<Sch>, state: EdenMatchState, dice: Dice, by: Acting): EdenEvent[];
}): EdenCommandDef<Sch> {
  const { preconditions, decide: handler, ...doc } = def;
  // a command is validated against its schema before it is decided (match-game.ts): it is `Static<Sch>`
  const entry = kernelCommand<EdenMatchState, EdenEvent, TSchema>({
    ...doc,
    decide: (command, state, dice) => handler(command as Static<Sch>, state, dice, checkPreconditions(command as GameCommand, state, preconditions)),
  });
  return { ...entry, schema: def.schema, preconditions };
}
