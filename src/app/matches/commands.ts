/**
 * The match write pipeline (CONTRACT §5): create a match, run a command, append client events,
 * correct. A command is read → decide → append, as Emmett's `handleCommandWithDecider`: load the
 * match folded at its current version, check the command (schema, expected version, seat), let the
 * game decide with the request's dice, and append the events atomically at that version. Without an
 * `expectedVersion` the client asked for "the current state": a concurrent append is decided again
 * (with the same dice). Every write may carry an Idempotency-Key (one answer per key).
 *
 * A match's commands take turns; the commands sent without a key while a turn runs share the next
 * one (group commit, ./turn-batches.ts): decided in arrival order, each on the state the one before
 * it left, their events appended by one write, each answered with its own events, refusal or
 * conflict, as if it had been alone in that order. Nothing is answered before the write commits.
 */
import { canonicalSha256 } from '../../kernel/canonical-json.js';
import { diceFor, type Dice, type DiceTranscript } from '../../kernel/dice/index.js';
import { InvalidInput, RuleViolation } from '../../kernel/errors.js';
import type { GameEvent } from '../../kernel/decider.js';
import type { Command, LoadedGame, MatchFold } from '../../kernel/match-game.js';
import type { Lang } from '../../kernel/i18n.js';
import type { IdSource } from '../ports.js';
import { VersionConflict } from './errors.js';
import { CORRECTION_EVENT, checkClientEvent, definitionOf, engineEventVersion, isWithdrawing, withdrawnVersions } from './events.js';
import { checkTakebackRange, isTakebackRequest } from './takeback.js';
import { commandWarnings, gameMatch } from './games.js';
import type { FoldEntry } from './fold-cache.js';
import { toPublic, type MatchFolds } from './folds.js';
import type { EventStore, MatchRecord, NewEvent, Player, StoredAnswer } from './ports.js';
import { OWNER, type MatchViewer } from './seat-tokens.js';
import { assertSeatMayAct, maskRefusal, readerOf, unseenNames } from './views.js';
import type { MatchAnswers } from './answers.js';
import { settle, TurnBatches, type TurnOutcome } from './turn-batches.js';

export interface Idempotency {
  key: string;
}

export interface MatchCommandsOptions {
  /** Match ids and the seeds of commands sent without dice. */
  ids: IdSource;
  /** Called after events were appended (wakes feeds and subscriptions in this process). */
  onAppended?: (matchId: string, version: number) => void;
}

/**
 * An Idempotency-Key is the caller's own (issue: a seat replaying another seat's key got that
 * seat's stored answer): a seat's keys (its token, or the owner's `?as=`) live apart from the
 * owner's and from every other seat's. The owner's stay as sent; a newline, which no header value
 * holds, separates the scope.
 */
function scopedKey(idem: Idempotency | undefined, viewer: MatchViewer): Idempotency | undefined {
  return idem && viewer.kind === 'seat' ? { key: `seat\n${viewer.playerId}\n${idem.key}` } : idem;
}

/** Attempts at a turn when appends from elsewhere keep winning (a command naming `expectedVersion` is then refused by its own check). */
const RETRIES = 8;

const hashOf = (...parts: unknown[]) => canonicalSha256(parts);

/** A command's body: the command, and the version it was decided for when the client names one. */
export interface CommandBody {
  expectedVersion?: number;
  command: Command;
}

/** One command waiting for its match's turn: what it asks, who sends it, the seed its dice roll from. */
interface Job {
  body: CommandBody;
  viewer: MatchViewer;
  seed: string;
}

/** One job decided in a turn, before the turn's append: its events, and what its answer adds to them. */
interface Decision {
  stored: NewEvent[];
  trail: MatchFold[];
  after: FoldEntry;
  extras: { dice?: DiceTranscript; warnings?: unknown[] };
}

/** What one turn decided and appended for a command. */
interface Decided {
  match: MatchRecord;
  /** The states the command's events led through, the first the one it was decided on. */
  trail: MatchFold[];
  /** The fold after the command, kept once its events are committed. */
  after: FoldEntry;
  answer: StoredAnswer;
}

export class MatchCommands {
  constructor(
    private readonly store: EventStore,
    private readonly folds: MatchFolds,
    private readonly answers: MatchAnswers,
    private readonly options: MatchCommandsOptions,
  ) {}

  /** Commands sent without an Idempotency-Key, per match: each turn runs every one that waited (group commit). */
  private readonly batches = new TurnBatches<Job & { ownerId: string; id: string }, Decided>((jobs) => this.turn(this.store, jobs[0]!.ownerId, jobs[0]!.id, jobs));

  private async withKey(ownerId: string, idem: Idempotency | undefined, hash: () => string, work: (store: EventStore) => Promise<StoredAnswer>) {
    if (!idem) return { ...(await work(this.store)), replayed: false };
    // the request's hash only where a key asks for it
    return this.store.idempotent(ownerId, { key: idem.key, hash: hash() }, work);
  }

  private appended(id: string, answer: { replayed: boolean; body: unknown }): void {
    if (!answer.replayed) this.options.onAppended?.(id, (answer.body as { version: number }).version);
  }

  async create(ownerId: string, body: { game: string; players: Player[]; options?: Record<string, unknown> }, idem?: Idempotency) {
    const g = gameMatch(body.game);
    if (!g) throw new InvalidInput([{ path: '/game', code: 'unknown_game', message: 'One of eden, anima, exsilium, spirit-of-eden.' }]);
    const ids = body.players.map((p) => p.id);
    if (new Set(ids).size !== ids.length) throw new InvalidInput([{ path: '/players', code: 'duplicate_player', message: 'Player ids must be distinct.' }]);
    const options = body.options ?? {};
    g.validateOptions?.({ players: body.players, options });
    // A setup the game cannot play (e.g. an Exsilium scenario) is refused before the match exists.
    g.initialState({ players: body.players, options });
    return this.withKey(
      ownerId,
      idem,
      () => hashOf('create', body),
      async (store) => {
        const m = await store.createMatch({ id: this.options.ids.newId(), ownerId, game: body.game, players: body.players, options });
        return { status: 201, body: { id: m.id, game: m.game, version: 0, players: m.players, options: m.options, createdAt: m.createdAt } };
      },
    );
  }

  /**
   * Resolve a command against the match's current state and append its events atomically (read →
   * decide → append). `viewer`: who sends it — the owner (a referee: bundled commands resolve at
   * once), a seat, or the owner relaying one player (`asSeat`, CONTRACT §9.1 `?as=`: it acts, and
   * reads its answer, as that seat).
   */
  async command(ownerId: string, id: string, body: CommandBody, idem?: Idempotency, viewer: MatchViewer = OWNER, lang: Lang = 'en') {
    // One seed per request: a retry after a concurrent append rolls the same dice.
    const job: Job = { body, viewer, seed: this.options.ids.randomSeed() };
    let decided: Decided | undefined;
    const key = scopedKey(idem, viewer);
    if (key) {
      const answer = await this.withKey(
        ownerId,
        key,
        () => hashOf('command', id, body),
        async (store) => {
          // the turn joins the key's transaction, alone: its answer is kept with the key
          decided = settle((await this.turn(store, ownerId, id, [job]))[0]);
          return decided.answer;
        },
      );
      // the key's transaction commits only now: the command's fold is kept here
      if (!answer.replayed && decided) this.folds.keep(id, decided.after);
      return this.answered(ownerId, id, answer, answer.replayed ? undefined : decided, viewer, lang);
    }
    // without a key it waits for the match's next turn with the others sent meanwhile (group commit, ./turn-batches.ts)
    decided = await this.batches.submit(`${ownerId}\n${id}`, { ...job, ownerId, id });
    return this.answered(ownerId, id, { ...decided.answer, replayed: false }, decided, viewer, lang);
  }

  /** A command's answer as its caller reads it, feeds woken for a fresh one. */
  private async answered(ownerId: string, id: string, answer: StoredAnswer & { replayed: boolean }, fresh: Decided | undefined, viewer: MatchViewer, lang: Lang) {
    this.appended(id, answer);
    return { ...answer, body: await this.answers.commandAnswer(ownerId, id, answer, viewer, lang, fresh) };
  }

  /**
   * One turn of the match (EventStore.appendTurn: one at a time per match, across processes): its
   * commands decided in order, their events appended by one write. Each one's fold is kept as soon as
   * the write is committed, before the match's next turn (its guess, see decideAndAppend).
   */
  private turn(store: EventStore, ownerId: string, id: string, jobs: Job[]): Promise<TurnOutcome<Decided>[]> {
    return store.appendTurn(
      id,
      (locked) => this.decideAndAppend(locked, ownerId, id, jobs),
      (outcomes) => {
        for (const o of outcomes) if (o && 'value' in o) this.folds.keep(id, o.value.after);
      },
    );
  }

  private async decideAndAppend(store: EventStore, ownerId: string, id: string, jobs: Job[]): Promise<TurnOutcome<Decided>[]> {
    // First on the match as this process last saw it, without reading it (MatchFolds.guess): the
    // append at that version is the check, refused unless the match is still there and the owner's.
    // A guess answers only when the store accepts the turn's append, which proves it was the store's
    // state (so the refusals decided beside that append stand); a turn on a guess that appends nothing
    // (all refused) or whose append is refused is decided again from what the store holds.
    let guess = this.folds.guess(ownerId, id);
    for (let attempt = 0; ;) {
      const known = guess;
      guess = undefined;
      try {
        const outcomes = await this.attempt(store, ownerId, id, jobs, known);
        if (known && !outcomes.some((o) => o && 'value' in o)) continue;
        return outcomes;
      } catch (error) {
        if (known) continue;
        // another writer appended since the read: decided again on what it wrote (a command naming the version it was decided for is then refused)
        if (error instanceof VersionConflict && attempt++ < RETRIES) continue;
        throw error;
      }
    }
  }

  /**
   * One read → decide (each job in order, on the state the one before left) → append (all their
   * events, one write), on `known` (the match and its fold, not read) when given. A job refused is
   * answered with its error and leaves the state as it was; a job that must read the match's log
   * (a takeback) runs only on committed state, so it and those after it wait for the next turn
   * when an earlier job of this one has decided events.
   */
  private async attempt(store: EventStore, ownerId: string, id: string, jobs: Job[], known: { match: MatchRecord; entry: FoldEntry } | undefined): Promise<TurnOutcome<Decided>[]> {
    // read
    const match = known?.match ?? (await this.folds.record(ownerId, id, store));
    const start = known?.entry ?? (await this.folds.current(match, store));
    const results: (Decision | { error: unknown })[] = [];
    let head = start;
    for (const job of jobs) {
      try {
        const decision = await this.decideOne(store, match, head, head.version !== start.version, job);
        if (decision === 'later') break;
        results.push(decision);
        head = decision.after;
      } catch (error) {
        results.push({ error });
      }
    }
    const decisions = results.filter((r): r is Decision => 'stored' in r);
    if (decisions.length === 0) return results as { error: unknown }[];
    // append: the one write, and the last step that can fail (EventStore.appendTurn); after it the answers are only assembled
    const r = await store.append(
      ownerId,
      id,
      start.version,
      decisions.flatMap((d) => d.stored),
    );
    const appended = r.events.map(toPublic);
    let next = 0;
    return results.map((d) => {
      if (!('stored' in d)) return d;
      const events = appended.slice(next, (next += d.stored.length));
      const answer = { status: 201, body: { version: d.after.version, events, state: d.after.fold.state, ...d.extras } };
      return { value: { match, trail: d.trail, after: d.after, answer } };
    });
  }

  /** One job decided on `head`; 'later' when it must read the log and `uncommitted` events precede it in this turn. */
  private async decideOne(store: EventStore, match: MatchRecord, head: FoldEntry, uncommitted: boolean, job: Job): Promise<Decision | 'later'> {
    const { body, viewer, seed } = job;
    if (viewer.kind === 'seat' && !match.players.some((p) => p.id === viewer.playerId)) {
      throw new InvalidInput([{ path: '/as', code: 'unknown_player', message: `a player id of this match (${match.players.map((p) => p.id).join(', ')})` }]);
    }
    const game = this.folds.game(match);
    const command = game.validate(structuredClone(body.command), match.options);
    if (body.expectedVersion !== undefined && body.expectedVersion !== head.version) throw new VersionConflict(body.expectedVersion, head.version);
    // CONTRACT §8.1: a seat acts for its own player only (403 not_your_seat, nothing appended)
    assertSeatMayAct(game, viewer, command, head.fold);
    // CONTRACT §9.2: a takeback names a version the log allows
    if (isTakebackRequest(command)) {
      if (uncommitted) return 'later';
      checkTakebackRange(command, await this.folds.read(match, {}, store));
    }
    // decide
    const dice = diceFor(command.dice, () => seed);
    const events = decide(game, command, head.fold, dice, viewer);
    const trail = [head.fold];
    for (const e of events) trail.push(game.evolve(trail.at(-1)!, e));
    let withdrawn = head.withdrawn;
    const stored = events.map((e) => ({ type: e.type, data: e.data, schemaVersion: engineEventVersion(e.type), metadata: { command: command.type } }));
    // an agreed takeback withdraws events: the match is folded again from its log and these events
    if (events.some((e) => isWithdrawing(e.type))) {
      if (uncommitted) return 'later';
      const all = [
        ...(await this.folds.read(match, { to: head.version }, store)),
        ...stored.map((e, i) => ({ version: head.version + i + 1, type: e.type, schemaVersion: e.schemaVersion, data: e.data, recordedAt: '' })),
      ];
      trail[trail.length - 1] = this.folds.fold(match, all);
      withdrawn = withdrawnVersions(all);
    }
    const warnings = commandWarnings(game, body, command);
    // the dice it rolled, with what each was for (the events keep only the faces: the facts)
    const rolled = dice.transcript();
    const after = { version: head.version + stored.length, fold: trail.at(-1)!, withdrawn };
    return { stored, trail, after, extras: { ...(rolled.rolls.length ? { dice: rolled } : {}), ...(warnings.length ? { warnings } : {}) } };
  }

  /**
   * Append one `match.corrected` event withdrawing the last `undo` events that still count (not
   * withdrawn and not corrections themselves: a correction is undone only by new events, never by
   * another correction). The log keeps everything.
   */
  async correct(ownerId: string, id: string, body: { expectedVersion: number; reason: string; undo: number }, by: { id: string; name: string }, idem?: Idempotency) {
    const answer = await this.withKey(
      ownerId,
      idem,
      () => hashOf('correct', id, body),
      async (store) => {
        const m = await this.folds.record(ownerId, id, store);
        const events = await this.folds.read(m, {}, store);
        if (body.expectedVersion !== events.length) throw new VersionConflict(body.expectedVersion, events.length);
        const withdrawn = withdrawnVersions(events);
        const counting = events.filter((e) => !isWithdrawing(e.type) && !withdrawn.has(e.version)).map((e) => e.version);
        if (body.undo > counting.length) {
          throw new RuleViolation('nothing_to_undo', `Only ${counting.length} event(s) still count; cannot withdraw ${body.undo}.`, { counting: counting.length });
        }
        const withdraws = counting.slice(counting.length - body.undo);
        const data = { reason: body.reason, undo: body.undo, withdraws, by: { id: by.id, name: by.name } };
        const r = await store.append(ownerId, id, body.expectedVersion, [{ type: CORRECTION_EVENT, data, schemaVersion: 1 }]);
        const all = [...events, ...r.events.map(toPublic)];
        return { status: 201, body: { version: r.version, events: r.events.map(toPublic), withdrawn: withdraws, state: this.folds.fold(m, all).state } };
      },
    );
    this.appended(id, answer);
    return answer;
  }

  /** Client events (POST /v1/matches/{id}/events): checked against their types' schemas, appended at `expectedVersion`. */
  async append(ownerId: string, id: string, body: { expectedVersion: number; events: NewEvent[] }, idem?: Idempotency) {
    body.events.forEach((e, i) => checkClientEvent(i, e.type, e.schemaVersion, e.data));
    const events = body.events.map((e) => ({ type: e.type, data: e.data ?? null, schemaVersion: e.schemaVersion ?? definitionOf(e.type)?.schemaVersion ?? 1 }));
    const answer = await this.withKey(
      ownerId,
      idem,
      () => hashOf('append', id, body),
      async (store) => {
        await this.folds.record(ownerId, id, store);
        const r = await store.append(ownerId, id, body.expectedVersion, events);
        return { status: 201, body: { version: r.version, events: r.events.map(toPublic) } };
      },
    );
    this.appended(id, answer);
    return answer;
  }
}

/** The game's decision; a refusal never names what a seat or spectator may not see (e.g. a card in another player's hand). */
function decide(game: LoadedGame, command: Command, fold: MatchFold, dice: Dice, viewer: MatchViewer): GameEvent[] {
  try {
    // CONTRACT §9.1: a seat (or the owner relaying one player, `?as=`) decides for its player only
    return game.decide(command, fold, dice, viewer.kind === 'seat' ? viewer.playerId : undefined);
  } catch (error) {
    const reader = readerOf(viewer);
    if (reader === undefined) throw error;
    // what the reader may not see, and what the command names that its view does not show: a name that exists where the reader cannot look reads as one that exists nowhere
    throw maskRefusal(error, [...game.secretTexts(fold, reader), ...unseenNames(command, JSON.stringify(game.viewState(fold, reader)))]);
  }
}
