/**
 * One match decider for the games whose rules cores are stateless operations (Ánima, Exsilium, The
 * Spirit of Eden): a command is an operation's body (`type` = the operation id), its resolution is
 * one `<type>.resolved` event, and the projection counts resolutions, keeps the latest of each kind,
 * plus what the game's projection (src/games/<game>/match) keeps from the results. Members the
 * game's projection knows may be omitted from a command: they are filled from the projected state,
 * then the whole request is validated against the operation's own schema (400 with `/command/...`
 * paths), so a command resolves exactly like the stateless endpoint would with the full body.
 *
 * The event is the resolution's facts (CONTRACT §8.2), schema version 2: `{kind, request, dice}` —
 * the request as resolved (after the projection filled the omitted members) and the dice it drew
 * (`ResolutionDice`: the command's seed, null for fixed values, and the faces drawn in draw order;
 * `{seed: null, values: []}` when the operation neither rolled nor read the seed).
 * No answer and no summary is stored: the fold runs the operation's pure handler again on the
 * request with those dice (`replayDice`), so `latest[kind].result` and what the game keeps are
 * derived, and the command answers the result (in `state.latest`) without storing it. Version 1
 * `{kind, request, result}` (the REST answer, English summary included) is read through
 * `upcastResolutionV1`, which takes the dice from the answer.
 *
 * Command names (CONTRACT §8.2) are `<prefix>.<snake_case>`: an operation id in camelCase
 * (`soe.goomzPhase`) is the command `soe.goomz_phase`, and the id stays accepted as its deprecated
 * alias. Both record the same event, keyed by the operation id (`soe.goomzPhase.resolved`, `kind`
 * `soe.goomzPhase`), so the logs written before v1.2 replay unchanged.
 */
import { isRecord } from './records.js';
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { FixedDice, SeededDice, type Dice } from './dice/index.js';
import { RuleViolation, underPath } from './errors.js';
import type { Operation } from './operation.js';
import type { Lang } from './i18n.js';
import { validate } from './validate.js';
import type { EventDefinition } from './event-definition.js';
import { own } from './records.js';
import { decideWith, type CommandDoc, type CommandTable } from './commands.js';
import type { Decider, GameCommand, GameEvent, MatchSetup } from './decider.js';

/** The state of a resolution-log match: the generic counts plus the game's own members (T). */
export type ResolutionLogState<T extends object = object> = {
  game: string;
  players: { id: string; name: string }[];
  /** Commands resolved. */
  resolutions: number;
  byKind: Record<string, number>;
  /** The latest request and result of each kind. */
  latest: Record<string, { request: unknown; result: unknown }>;
  /** Events of types this game does not know (generic log entries), counted. */
  otherEvents: number;
} & T;

/**
 * What a game keeps from its resolutions (src/games/<game>/match/index.ts; pure, declared there
 * structurally so the rules layer does not import the app layer).
 */
export interface LogProjection<T extends object> {
  game: string;
  /** Name in messages ("Ánima"). */
  label: string;
  /** Operation id prefix of the game's commands (`anima`, `exsilium`, `soe`). */
  prefix: string;
  initial(setup: { players: { id: string; name: string }[] }): T;
  /** Appended to every command's description (extra members the projection reads). */
  note?: string;
  /** Per command type: the body members a command may omit (the projection supplies them). */
  omittable?: Record<string, readonly string[]>;
  /** The request with the omitted members taken from the state; may throw RuleViolation. */
  fill?(type: string, request: Record<string, unknown>, state: ResolutionLogState<T>): Record<string, unknown>;
  /** The game's members after a resolution (`state` already counts it). */
  apply?(state: ResolutionLogState<T>, kind: string, request: Record<string, unknown>, result: unknown): T;
}

/** CONTRACT §8.2: the command type of an operation id, `<prefix>.<snake_case>` (`soe.goomzPhase` → `soe.goomz_phase`). */
export function canonicalCommandType(id: string): string {
  const dot = id.indexOf('.');
  return id.slice(0, dot + 1) + id.slice(dot + 1).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The command schema (its `type` the given name): the operation's body with the members the projection can supply made optional. */
function commandSchema(op: Operation<any>, omittable: readonly string[], type: string): TSchema {
  const body = op.body as TObject;
  const keys = omittable.filter((k) => body.properties?.[k] !== undefined);
  const relaxed = keys.length === 0 ? body : Type.Composite([Type.Omit(body, keys), Type.Partial(Type.Pick(body, keys))]);
  return Type.Intersect([Type.Object({ type: Type.Literal(type) }), relaxed]);
}

/** Run `fn`; an InvalidInput's paths are made to point into the command (`/command/...`). */
const underCommand = <T>(fn: () => T): T => underPath('/command', fn);

/**
 * The dice a resolution drew (event schema v2): `seed` the seed of the command's dice — the
 * generator of its rolls and of the shuffles its request names no seed for (`shuffleSeed`) — or
 * null when the command sent fixed `values`; `values` every face drawn, in draw order (the
 * transcript's rolls flattened). Replayed by `replayDice`.
 */
export interface ResolutionDice {
  seed: string | null;
  values: number[];
}

const ResolutionDiceSchema = Type.Object(
  {
    seed: Type.Union([Type.String(), Type.Null()]),
    values: Type.Array(Type.Integer({ minimum: -1 })),
  },
  { additionalProperties: false },
);

/** A resolution that drew no die and read no seed. */
const noDice = (): ResolutionDice => ({ seed: null, values: [] });

/** The facts of the dice a resolution used. */
function diceFact(dice: Dice): ResolutionDice {
  const t = dice.transcript();
  return { seed: t.seed, values: t.rolls.flatMap((r) => r.values) };
}

/** Dice that draw what `fact` says: the seeded generator (frozen, src/games/dice/seeded.ts) again, or the fixed faces. */
function replayDice(fact: ResolutionDice | undefined): Dice {
  if (fact && typeof fact.seed === 'string') return new SeededDice(fact.seed);
  return new FixedDice(Array.isArray(fact?.values) ? fact.values : []);
}

/** The seed a request names for its own shuffles (`seed`, or `dice.seed`: src/app/request-seed.ts). */
const requestNamesSeed = (request: Record<string, unknown>) => request.seed !== undefined || (isRecord(request.dice) && request.dice.seed !== undefined);

/**
 * v1 `{kind, request, result}` → v2 `{kind, request, dice}`. The dice come from the answer: its
 * transcript (`result.dice` `{seed, rolls}`) when it rolled; else, when the request names no seed
 * of its own, the seed its shuffles used (`result.decks.seed`, Exsilium: the command's seed, or
 * "fixed" for fixed dice); else no dice (`{seed: null, values: []}`: the operation drew none).
 */
export function upcastResolutionV1(data: unknown): unknown {
  if (!isRecord(data)) return data;
  const { result, ...rest } = data;
  if ('dice' in rest && !('result' in data)) return data;
  const request = isRecord(data.request) ? data.request : {};
  const r = isRecord(result) ? result : {};
  let dice = noDice();
  if (isRecord(r.dice) && Array.isArray(r.dice.rolls)) {
    const rolls = r.dice.rolls as { values?: unknown }[];
    dice = { seed: typeof r.dice.seed === 'string' ? r.dice.seed : null, values: rolls.flatMap((x) => (Array.isArray(x?.values) ? (x.values as number[]) : [])) };
  } else if (isRecord(r.decks) && typeof r.decks.seed === 'string' && !requestNamesSeed(request)) {
    const fixed = r.decks.seed === 'fixed' && isRecord(request.dice) && Array.isArray(request.dice.values);
    dice = { seed: fixed ? null : r.decks.seed, values: [] };
  }
  return { ...rest, dice };
}

/**
 * `<operation id>.resolved` of each of the game's operations (those with a body): the event a
 * resolution records, at schema version 2 with its TypeBox schema (the request is the operation's body).
 */
export function resolutionEvents(operations: readonly Operation<any>[]): EventDefinition[] {
  return operations
    .filter((op) => op.body)
    .map((op) => ({
      type: `${op.id}.resolved`,
      schemaVersion: 2,
      schema: Type.Object({ kind: Type.Literal(op.id), request: op.body as TSchema, dice: ResolutionDiceSchema }),
      upcasters: { 1: upcastResolutionV1 },
      description: `\`${op.id}\` resolved as a match command. v2: \`{kind, request, dice}\` (the request as resolved, the dice drawn); v1 \`{kind, request, result}\` is read with \`dice\` from \`result\`.`,
    }));
}

/** `<operation id>.resolved`: one resolution of the log (event schema v2; v1 is read through upcastResolutionV1). */
export interface ResolvedEvent {
  type: string;
  data: { kind: string; request: Record<string, unknown>; dice: ResolutionDice };
}

/** A game's resolution log: its decider and a command per operation (canonical names, then the deprecated aliases). */
export interface ResolutionLog<T extends object> {
  decider: Decider<ResolutionLogState<T>, GameCommand, ResolvedEvent>;
  commands: Record<string, CommandDoc>;
  /** The state with the resolutions' answers (their `summary` included) in the reader's language. */
  localize<S extends ResolutionLogState<T>>(state: S, lang: Lang): S;
}

/** The resolution log of a game over its own operations (src/games/<game>/operations: never the transports' registry). */
export function resolutionLog<T extends object>(projection: LogProjection<T>, operations: readonly Operation<any>[]): ResolutionLog<T> {
  type State = ResolutionLogState<T>;
  const ops = new Map<string, Operation<any>>();
  for (const op of operations) if (op.id.startsWith(projection.prefix + '.') && op.body) ops.set(op.id, op);
  const omittable = (type: string) => own(projection.omittable, type) ?? [];
  const opFor = (type: string) => own(byCommand, type);

  /** The operation's answer to `request` (validated as the endpoint would) with `dice`: pure, so a replay answers the same. */
  const run = (op: Operation<any>, request: Record<string, unknown>, dice: Dice, lang: Lang = 'en'): unknown => {
    const checked = underCommand(() => validate<Record<string, unknown>>(op.body as TSchema, structuredClone(request)));
    const result = underCommand(() => op.handle(checked, { lang, dice: () => dice }));
    if (result && typeof (result as Promise<unknown>).then === 'function') throw new Error(`operation ${op.id} is asynchronous`);
    return result;
  };

  /**
   * One operation's resolution: fill from the state, validate as the endpoint would, resolve (a
   * refusal is the command's). The event is keyed by the operation id whichever name the command
   * used (canonical or alias) and keeps the facts only: the request as resolved and the dice drawn.
   */
  const decide = (command: GameCommand, state: State, dice: Dice): ResolvedEvent[] => {
    const op = opFor(command.type);
    if (!op) throw new RuleViolation('unknown_command', `${projection.label} matches know no command "${command.type}".`, { commands: canonical });
    const { type: _name, ...given } = command;
    const request = underCommand(() => projection.fill?.(op.id, given, state) ?? given);
    // dice the operation never looked at (no roll, no seed read for a shuffle) are no fact of the resolution
    let used = false;
    const watched: Dice = {
      roll: (...args) => ((used = true), dice.roll(...args)),
      transcript: () => ((used = true), dice.transcript()),
    };
    run(op, request, watched);
    return [{ type: `${op.id}.resolved`, data: { kind: op.id, request, dice: used ? diceFact(dice) : noDice() } }];
  };

  // Every operation of the game is a command: its body (members the projection supplies made optional),
  // under its canonical name; an operation id that is not snake_case stays accepted as a deprecated alias
  const commands: Record<string, CommandDoc> = {};
  const aliases: Record<string, CommandDoc> = {};
  const byCommand: Record<string, Operation<any>> = {};
  for (const op of ops.values()) {
    const omit = omittable(op.id).filter((k) => (op.body as TObject).properties?.[k] !== undefined);
    const name = canonicalCommandType(op.id);
    const description =
      `${op.summary} Same body as ${op.method} ${op.path}.` +
      (omit.length ? ` May omit ${omit.map((k) => `\`${k}\``).join(', ')}: taken from the match state.` : '') +
      (projection.note ? ` ${projection.note}` : '');
    const example = op.examples?.[0] ? { example: op.examples[0].value as Record<string, unknown> } : {};
    commands[name] = { description, schema: commandSchema(op, omit, name), ...example };
    byCommand[name] = op;
    if (name !== op.id) {
      aliases[op.id] = {
        description: `Deprecated alias of \`${name}\` (CONTRACT §8.2): the same command, recorded as the same events. ${description}`,
        schema: commandSchema(op, omit, op.id),
        deprecated: true,
        aliasOf: name,
        ...example,
      };
      byCommand[op.id] = op;
    }
  }
  const canonical = Object.keys(commands);
  Object.assign(commands, aliases);

  const initialState = (setup: { players: { id: string; name: string }[] }): State => ({
    game: projection.game,
    players: setup.players.map((p) => ({ id: p.id, name: p.name })),
    resolutions: 0,
    byKind: {},
    latest: {},
    otherEvents: 0,
    ...projection.initial(setup),
  });

  /** The data of a resolution as the current version reads it (v1 `result` upcast here too: the fold never depends on who upcast it). */
  const current = (data: unknown): unknown => (isRecord(data) && 'result' in data && !('dice' in data) ? upcastResolutionV1(data) : data);
  const isEvent = (event: GameEvent): event is ResolvedEvent => {
    const d = current(event.data);
    return event.type.endsWith('.resolved') && isRecord(d) && typeof d.kind === 'string' && ops.has(d.kind);
  };

  const evolve = (state: State, event: ResolvedEvent): State => {
    const d = current(event.data) as ResolvedEvent['data'];
    const op = ops.get(d.kind)!;
    const request = isRecord(d.request) ? d.request : {};
    // the answer, derived: the operation's pure handler on the request with the dice it drew
    const result = run(op, request, replayDice(d.dice));
    const counted: State = {
      ...state,
      resolutions: state.resolutions + 1,
      byKind: { ...state.byKind, [op.id]: (own(state.byKind, op.id) ?? 0) + 1 },
      latest: { ...state.latest, [op.id]: { request: d.request, result } },
    };
    return projection.apply ? { ...counted, ...projection.apply(counted, op.id, request, result) } : counted;
  };

  /**
   * The state with each resolution's answer (`latest[kind].result`) rendered in `lang`: the
   * operation's pure handler again on the request, with the dice the answer shows it drew (as
   * `upcastResolutionV1` reads them). The fold renders English; other languages are rendered when read.
   */
  const localize = <S extends State>(state: S, lang: Lang): S => {
    if (lang === 'en') return state;
    const latest: Record<string, { request: unknown; result: unknown }> = {};
    for (const [kind, entry] of Object.entries(state.latest)) {
      const op = ops.get(kind);
      const request = isRecord(entry.request) ? entry.request : undefined;
      if (!op || !request) {
        latest[kind] = entry;
        continue;
      }
      const { dice } = upcastResolutionV1({ kind, request, result: entry.result }) as { dice: ResolutionDice };
      latest[kind] = { request: entry.request, result: run(op, request, replayDice(dice), lang) };
    }
    return { ...state, latest };
  };

  return {
    decider: { initialState, decide, evolve, isEvent, other: (state) => ({ ...state, otherEvents: state.otherEvents + 1 }) },
    commands,
    localize,
  };
}

/**
 * The full match of a game whose operations also play as commands (Ánima, Exsilium, The Spirit of
 * Eden): the game's own `commands` (its command table) decide over the whole state `S` (which holds
 * the log's members: a projection such as The Spirit of Eden's board is shared) and its own events
 * fold there (`evolve`, for the events `isEvent` knows); every other command is a resolution of the
 * log, every other event the log's. `initialState` adds the game's members to the log's (`base`).
 */
export function withResolutionLog<T extends object, S extends ResolutionLogState<T>, E extends GameEvent>(
  game: {
    label: string;
    initialState(setup: MatchSetup, base: ResolutionLogState<T>): S;
    commands: CommandTable<S, E>;
    evolve(state: S, event: E): S;
    isEvent(event: GameEvent, state: S): event is E;
  },
  log: ResolutionLog<T>,
): Decider<S, GameCommand, E | ResolvedEvent> {
  const decideOwn = decideWith(game.commands, game.label);
  const other = (state: S, event: GameEvent): S =>
    log.decider.isEvent(event, state) ? { ...state, ...log.decider.evolve(state, event) } : { ...state, ...log.decider.other(state, event) };
  return {
    initialState: (setup) => game.initialState(setup, log.decider.initialState(setup)),
    decide: (command, state, dice): (E | ResolvedEvent)[] => (own(game.commands, command.type) ? decideOwn(command, state, dice) : log.decider.decide(command, state, dice)),
    evolve: (state, event) => (game.isEvent(event, state) ? game.evolve(state, event) : other(state, event)),
    isEvent: (event, state): event is E | ResolvedEvent => game.isEvent(event, state) || log.decider.isEvent(event, state),
    other,
  };
}
