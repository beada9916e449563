/**
 * Decisions the table waits for (CONTRACT §9.1), the same for every game: each game declares which
 * of its commands are sent in sealed parts (simultaneous secret choices: bids) and which another
 * player may answer before they resolve (a target's reaction, an interruption, a Cancellation, a
 * defender's cards); this module keeps what the table waits for, as facts in the log:
 *
 * - `match.part_sealed` `{type, player, command}`: one player's part (its content hidden from every
 *   other viewer); when the last part arrives, the parts combined are decided as one command in the
 *   same answer (the game's reveal event: today's bid event).
 * - `match.declared` `{player, command, rule}`: a command that stops before any die is rolled or
 *   card revealed; its responders are pending.
 * - `match.responded` `{player, command}` (hidden from the other viewers until the resolution
 *   reveals it) and `match.passed` `{player}`: the answers; after the last one the declared command
 *   with its answers is decided, with the dice drawn then.
 *
 * The owner key without `?as=` keeps the bundled v1.2 commands (a referee speaks for the table: no
 * decision opens); a seat, or the owner with `?as=<playerId>`, acts for one player only. Pure.
 */
import type { GameCommand, GameEvent } from './decider.js';
import { AlreadyDecided, InvalidInput, RuleViolation } from './errors.js';
import { isRecord, own } from './records.js';
import { HIDDEN, type Reader } from './table.js';
import { TAKEBACK, TAKEBACK_REFUSED } from './takeback.js';

export type DecisionKind = 'sealed' | 'response' | 'choice' | 'agreement';

/** One player the table waits for (`state.pending`, GET /v1/matches/{id}/moves). */
export interface PendingDecision {
  player: string;
  kind: DecisionKind;
  /** The command types the player may send for it. */
  types: string[];
  rule: string;
  /** The version of the event that opened it. */
  since: number;
  /** Sealed parts: this player's part is in (its content stays hidden). */
  decided?: true;
}

/** A player a decision waits for, and the command types it may answer with. */
export interface Awaited {
  player: string;
  types: string[];
}

/** One player's part of a sealed command, or one answer to a declared command (`command` absent: it passed). */
export interface Answer {
  player: string;
  command?: GameCommand;
}

/** A declared command and who declared it. */
export interface Declared {
  player: string;
  command: GameCommand;
}

/** A command sent in sealed parts: every listed player sends its own, revealed together. */
export interface SealedDecision<S> {
  rule: string;
  /** The players who each send a part now; fewer than two: the command is decided as sent. */
  players(state: S): string[];
  /** The parts a command carries, by player (a seat's: its own only; a bundled one: every player's). */
  split(command: GameCommand, state: S): Answer[];
  /** The parts combined into the bundled command, decided when the last part is in. */
  combine(parts: Answer[], state: S): GameCommand;
}

/** A command another player may answer before it resolves. */
export interface ResponseDecision<S> {
  rule: string;
  /** An agreement (a trade: it takes effect only when the other player accepts): shown as `kind: "agreement"`; default a response. */
  kind?: 'agreement';
  /** Who may answer `command`, declared by `player`, now; none: it is decided at once. */
  responders(command: GameCommand, player: string, state: S): Awaited[];
  /** After the answers so far (in order), who answers next; none: the declared command resolves. Default: each responder once. */
  next?(declared: Declared, answers: Answer[], state: S): Awaited[];
  /** The declared command with its answers folded in (the bundled form), decided with the dice drawn then. */
  resolve(declared: Declared, answers: Answer[], state: S): GameCommand;
}

/** What a game declares (MatchRules.decisions). */
export interface DecisionRules<S> {
  sealed?: Readonly<Record<string, SealedDecision<S>>>;
  responses?: Readonly<Record<string, ResponseDecision<S>>>;
  /** The player id a command's `player` member names (EDEN also accepts its sides "A", "B"); default: itself. */
  playerNamed?(name: string, state: S): string | undefined;
  /** The choices the game's own rules wait for at `state` (a casualty to choose, a reward to claim): `state.pending`, kind `choice`. */
  choices?(state: S): Omit<PendingDecision, 'kind' | 'since' | 'decided'>[];
}

/** What the table waits for now (kept beside the game's state by the kernel, match-game.ts). */
export interface Wait {
  kind: 'sealed' | 'response';
  /** The sealed or declaring command's type. */
  type: string;
  rule: string;
  since: number;
  /** The declaring command (responses). */
  declared?: Declared;
  /** Who answers now (responses: this round's responders). */
  awaiting: Awaited[];
  /** The parts in (sealed) or every answer so far, all rounds (responses), in order. */
  answers: Answer[];
  /** Responses going back and forth: the index in `answers` where this round began. */
  round: number;
  /** The declared command is an agreement's proposal (`state.pending` kind `agreement`). */
  agreement?: true;
}

export const PASS = 'match.pass';
export const PART_SEALED = 'match.part_sealed';
export const DECLARED = 'match.declared';
export const RESPONDED = 'match.responded';
export const PASSED = 'match.passed';

/** The event types the table's decisions write (and fold): this module's and a takeback's (takeback.ts). */
export const DECISION_EVENTS: readonly string[] = [PART_SEALED, DECLARED, RESPONDED, PASSED, TAKEBACK, TAKEBACK_REFUSED];

/** A refusal of the flow: the table waits for someone else (422 `decision_pending`). */
function pending(wait: Wait): never {
  const players = remaining(wait).map((a) => a.player);
  throw new RuleViolation(
    'decision_pending',
    `The table waits for ${players.join(', ')} (${wait.rule}): ${wait.kind === 'sealed' ? `their part of ${wait.type}` : `an answer to ${wait.type} or ${PASS}`} first.`,
    { awaiting: players, rule: wait.rule, since: wait.since },
  );
}

/** The awaited players who have not decided yet (this round). */
function remaining(wait: Wait): Awaited[] {
  const round = wait.answers.slice(wait.round);
  return wait.awaiting.filter((a) => !round.some((x) => x.player === a.player));
}

/** `state.pending` of a wait (public: who the table waits for, never a part). */
export function pendingOf(wait: Wait | undefined): PendingDecision[] {
  if (!wait) return [];
  if (wait.kind === 'sealed') {
    return wait.awaiting.map((a) => ({
      player: a.player,
      kind: 'sealed' as const,
      types: a.types,
      rule: wait.rule,
      since: wait.since,
      ...(wait.answers.some((x) => x.player === a.player) ? { decided: true as const } : {}),
    }));
  }
  const kind = wait.agreement ? ('agreement' as const) : ('response' as const);
  return remaining(wait).map((a) => ({ player: a.player, kind, types: [...a.types, PASS], rule: wait.rule, since: wait.since }));
}

/** The moves a wait gives (GET /v1/matches/{id}/moves): each undecided player's types. */
export function waitMoves(wait: Wait): { player: string; type: string }[] {
  return pendingOf(wait)
    .filter((p) => !p.decided)
    .flatMap((p) => p.types.map((type) => ({ player: p.player, type })));
}

const data = (event: GameEvent): Record<string, unknown> => (isRecord(event.data) ? event.data : {});

/** The wait after one of this module's events (pure: the fold and the decider read it the same way). */
export function afterDecisionEvent<S>(rules: DecisionRules<S>, wait: Wait | undefined, event: GameEvent, state: S, version: number): Wait | undefined {
  const d = data(event);
  const player = typeof d.player === 'string' ? d.player : '';
  const command = isRecord(d.command) ? (d.command as GameCommand) : undefined;
  if (event.type === PART_SEALED) {
    const type = typeof d.type === 'string' ? d.type : (command?.type ?? '');
    const sealed = own(rules.sealed, type);
    const open: Wait = wait ?? {
      kind: 'sealed',
      type,
      rule: sealed?.rule ?? '',
      since: version,
      awaiting: (sealed?.players(state) ?? []).map((p) => ({ player: p, types: [type] })),
      answers: [],
      round: 0,
    };
    const next = { ...open, answers: [...open.answers, { player, ...(command ? { command } : {}) }] };
    return remaining(next).length === 0 ? undefined : next;
  }
  if (event.type === DECLARED && command) {
    const response = own(rules.responses, command.type);
    const awaiting = response?.responders(command, player, state) ?? [];
    return awaiting.length
      ? {
          kind: 'response',
          type: command.type,
          rule: response!.rule,
          since: version,
          declared: { player, command },
          awaiting,
          answers: [],
          round: 0,
          ...(response!.kind === 'agreement' ? { agreement: true as const } : {}),
        }
      : undefined;
  }
  if ((event.type === RESPONDED || event.type === PASSED) && wait?.kind === 'response') {
    const answered: Wait = { ...wait, answers: [...wait.answers, { player, ...(event.type === RESPONDED && command ? { command } : {}) }] };
    // an agreement needs everyone: one refusal ends it
    if (wait.agreement && event.type === PASSED) return undefined;
    if (remaining(answered).length > 0) return answered;
    // the round is complete: a next round (back and forth) or the resolution
    const further = own(rules.responses, wait.type)?.next?.(wait.declared!, answered.answers, state) ?? [];
    return further.length ? { ...answered, awaiting: further, round: answered.answers.length } : undefined;
  }
  return wait;
}

/** What a command does to the table's decisions: `open` — events to append before the game decides anything; `resolve` — the bundled command to decide now. */
export interface DecisionStep {
  events: GameEvent[];
  /** The command the game decides in the same answer (the parts combined, the declared command with its answers), if any. */
  resolve?: GameCommand;
  /**
   * The command as it would resolve with the parts or answers so far (a declared one: as if every
   * responder passed): the game decides it once, its events discarded, so a command, a part or an
   * answer the rules refuse is refused at once instead of when the decision completes.
   */
  check?: GameCommand;
}

/**
 * The decisions' part of a command sent for `as` (a seat, or the owner with `?as=`; undefined: the
 * owner as referee) at `state` while the table waits for `wait` (if anything). Undefined: the
 * command is decided as sent. Refusals: 422 `decision_pending` (it would skip a pending decision),
 * 409 `already_decided` (a second part or answer), 422 `nothing_pending` (a pass with nothing to pass).
 */
export function decisionStep<S>(
  rules: DecisionRules<S>,
  wait: Wait | undefined,
  command: GameCommand,
  as: string | undefined,
  state: S,
  /** The player a command acts for (the game's table rules), if one. */
  actorOf: (command: GameCommand) => string | undefined,
): DecisionStep | undefined {
  if (command.type === PASS) {
    const player = actorOf(command) ?? as;
    const awaited = wait?.kind === 'response' && remaining(wait).some((a) => a.player === player);
    if (!awaited || !player)
      throw new RuleViolation('nothing_pending', `Nothing waits for ${player ?? 'a player'} to pass now.`, { awaiting: wait ? remaining(wait).map((a) => a.player) : [] });
    return answer(rules, wait!, { player }, state);
  }
  if (wait) {
    if (wait.kind === 'sealed' && command.type === wait.type) {
      const sealed = own(rules.sealed, wait.type)!;
      const parts = sealed.split(command, state).filter((p) => as === undefined || p.player === as);
      for (const p of parts) if (wait.answers.some((x) => x.player === p.player)) alreadyDecided(p.player, wait);
      const unknown = parts.find((p) => !wait.awaiting.some((a) => a.player === p.player));
      if (unknown || parts.length === 0) pendingOrInput(wait, unknown?.player);
      return sealedParts(sealed, wait, parts, state);
    }
    if (wait.kind === 'response') {
      const player = actorOf(command) ?? as;
      const awaited = remaining(wait).find((a) => a.player === player && a.types.includes(command.type));
      if (awaited) return answer(rules, wait, { player: awaited.player, command }, state);
      if (wait.answers.slice(wait.round).some((x) => x.player === player) && wait.awaiting.some((a) => a.types.includes(command.type))) alreadyDecided(player!, wait);
    }
    pending(wait);
  }
  // the owner's commands, unless they answer what a seat opened, keep their v1.2 meaning: decided as sent
  if (as === undefined) return undefined;
  const sealed = own(rules.sealed, command.type);
  if (sealed && sealed.players(state).length > 1) {
    const players = sealed.players(state);
    const parts = sealed.split(command, state);
    // a part of a player who does not decide now is the rules' to refuse, as sent
    if (parts.length === 0 || parts.some((p) => !players.includes(p.player))) return undefined;
    const open: Wait = {
      kind: 'sealed',
      type: command.type,
      rule: sealed.rule,
      since: 0,
      awaiting: players.map((p) => ({ player: p, types: [command.type] })),
      answers: [],
      round: 0,
    };
    return sealedParts(sealed, open, parts, state);
  }
  const response = own(rules.responses, command.type);
  if (response && response.responders(command, as, state).length > 0) {
    const declared = { player: as, command };
    return { events: [{ type: DECLARED, data: { player: as, command, rule: response.rule } }], check: response.resolve(declared, [], state) };
  }
  return undefined;
}

function sealedParts<S>(sealed: SealedDecision<S>, wait: Wait, parts: Answer[], state: S): DecisionStep {
  const events = parts.map((p) => ({ type: PART_SEALED, data: { type: wait.type, player: p.player, command: p.command } }));
  const all = [...wait.answers, ...parts];
  const done = wait.awaiting.every((a) => all.some((x) => x.player === a.player));
  // a part the rules would refuse (a bid above its pool) is refused now, not when the last part arrives
  return done ? { events, resolve: sealed.combine(all, state) } : { events, check: sealed.combine(all, state) };
}

function answer<S>(rules: DecisionRules<S>, wait: Wait, given: Answer, state: S): DecisionStep {
  const event: GameEvent = given.command ? { type: RESPONDED, data: { player: given.player, command: given.command } } : { type: PASSED, data: { player: given.player } };
  const after = afterDecisionEvent(rules, wait, event, state, wait.since);
  const command = own(rules.responses, wait.type)!.resolve(wait.declared!, [...wait.answers, given], state);
  // an answer the rules would refuse (an interruption without the RAP) is refused now, before the next one
  return after ? { events: [event], check: command } : { events: [event], resolve: command };
}

function alreadyDecided(player: string, wait: Wait): never {
  throw new AlreadyDecided(`${player} has already decided (${wait.rule}).`, { player, rule: wait.rule });
}

function pendingOrInput(wait: Wait, player: string | undefined): never {
  if (player)
    throw new InvalidInput([
      { path: '/command', code: 'not_awaited', message: `${wait.type} waits for the parts of ${wait.awaiting.map((a) => a.player).join(', ')}, not of ${player}.` },
    ]);
  pending(wait);
}

/**
 * One of this module's events as `reader` may see it: a sealed part and an answer keep their type
 * and player, their command hidden from every other player and spectator (the resolution reveals it);
 * a declared command as the game's `viewDeclared` shows it (a trade's offer to its two players only).
 */
export function viewDecisionEvent(event: GameEvent, reader: Reader, viewDeclared?: (command: GameCommand, declarer: string, reader: Reader) => GameCommand): GameEvent {
  const d = data(event);
  // a declared proposal's secret parts stay with the players it names (the game's table rules)
  if (event.type === DECLARED && viewDeclared && isRecord(d.command) && typeof d.player === 'string') {
    return { type: event.type, data: { ...d, command: viewDeclared(d.command as GameCommand, d.player, reader) } };
  }
  if (event.type !== PART_SEALED && event.type !== RESPONDED) return event;
  return d.player === reader ? event : { type: event.type, data: { ...d, command: HIDDEN } };
}
