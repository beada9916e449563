/**
 * Match use cases (CONTRACT §5). The command pipeline: load the events → fold them into the state
 * (the game's evolve) → decide → append the new events atomically with expectedVersion. Reads
 * upcast stored events to their current schema version before anyone sees them.
 */
import { canonicalSha256 } from '../../kernel/canonical-json.js';
import { diceFor, type DiceTranscript } from '../../kernel/dice/index.js';
import { InvalidInput, NotFound } from '../../kernel/errors.js';
import { NotYourSeat, VersionConflict } from './errors.js';
import { CORRECTION_EVENT, checkClientEvent, definitionOf, engineEventVersion, upcast, withdrawnVersions } from './events.js';
import { RuleViolation } from '../../kernel/errors.js';
import { commandWarnings, gameMatch } from './games.js';
import type { Command, LoadedGame, MatchFlow, MatchFold, ServedState } from '../../kernel/match-game.js';
import type { GameEvent } from '../../kernel/decider.js';
import type { IdSource } from '../ports.js';
import type { Lang } from '../../kernel/i18n.js';
import type { EventStore, MatchRecord, NewEvent, Player, StoredAnswer, StoredEvent } from './ports.js';
import { encodeListCursor, listWindow, type ListKey, type MatchListEntry } from './ports.js';
import { FoldCache, type FoldEntry } from './fold-cache.js';
import { logSha256 } from './log-digest.js';
import { OWNER, type MatchCaller, type MatchViewer } from './seat-tokens.js';
import { assertSeatMayAct, maskRefusal, readerOf, viewerMember } from './views.js';
import type { Reader } from '../../kernel/table.js';

export interface PublicEvent {
  version: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  recordedAt: string;
}

export interface MatchView {
  id: string;
  game: string;
  version: number;
  players: Player[];
  options: Record<string, unknown>;
  createdAt: string;
  /** The state as the owner reads it (with `outcome`, CONTRACT §8.2). */
  state: ServedState;
  /** Versions withdrawn by corrections (present only when there are some). */
  withdrawn?: number[];
}

export interface Idempotency {
  key: string;
}

export interface MatchServiceOptions {
  /** Match ids and the seeds of commands sent without dice. */
  ids: IdSource;
  /** Called after events were appended (wakes feeds and subscriptions in this process). */
  onAppended?: (matchId: string, version: number) => void;
  /** Matches whose latest fold is kept between commands (default 1,000; 0 folds the whole log every time). */
  foldCacheSize?: number;
}

/** One match of GET /v1/matches (CONTRACT §8.2). */
export interface MatchListItem {
  id: string;
  game: string;
  version: number;
  ended: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface MatchListRequest {
  game?: string;
  ended?: boolean;
  /** 1..100, default 20. */
  limit?: number;
  /** `next` of the previous page. */
  cursor?: string;
}

/** Matches one filtered listing request may look at (each one folded to know whether it ended). */
const ENDED_SCAN_BUDGET = 200;

/** Rolls that shuffle a deck (their `purpose`, e.g. Ánima's "characters shuffle"): never in a seat's answer. */
const SHUFFLE = /\bshuffle\b/i;

const hashOf = (...parts: unknown[]) => canonicalSha256(parts);

export function toPublic(e: StoredEvent): PublicEvent {
  const up = upcast(e.type, e.schemaVersion, e.data);
  return { version: e.version, type: e.type, schemaVersion: up.schemaVersion, data: up.data, recordedAt: e.recordedAt };
}

export class MatchService {
  /** The latest fold of recently used matches: a command folds only the events after it (fold-cache.ts). */
  private readonly folds: FoldCache;

  constructor(
    readonly store: EventStore,
    private readonly options: MatchServiceOptions,
  ) {
    this.folds = new FoldCache(options.foldCacheSize);
    this.byVersion = new FoldCache(options.foldCacheSize === 0 ? 0 : 4 * (options.foldCacheSize ?? 1_000));
  }

  /**
   * Folds of recent versions by `<match id>@<version>` (what `current` and commands folded): a
   * seat's feed reads the events after the version it had, and redacts each with the states around
   * it, from the fold of that version instead of the whole log.
   */
  private readonly byVersion: FoldCache;

  /** Keep a fold of committed events: as the match's latest, and under its version. */
  private keep(matchId: string, entry: FoldEntry): void {
    this.folds.set(matchId, entry);
    this.byVersion.set(`${matchId}@${entry.version}`, entry);
  }

  /**
   * The match folded at its current version: the cached fold caught up with the events after it,
   * or (no cached fold, or a correction among the new events) the whole log folded. Only folds of
   * committed events are cached: a command's own result is cached after its transaction commits.
   */
  private async current(store: EventStore, m: MatchRecord): Promise<FoldEntry> {
    const cached = this.folds.get(m.id);
    const delta = cached ? (await store.read(m.ownerId, m.id, { from: cached.version + 1 })).map(toPublic) : [];
    if (cached && delta.length === 0) return cached;
    if (cached && !delta.some((e) => e.type === CORRECTION_EVENT)) {
      const g = this.game(m);
      let fold = cached.fold;
      for (const e of delta) fold = g.evolve(fold, e);
      const entry = { version: delta.at(-1)!.version, fold, withdrawn: cached.withdrawn };
      this.keep(m.id, entry);
      return entry;
    }
    const events = (await store.read(m.ownerId, m.id)).map(toPublic);
    const entry = { version: events.length, fold: this.fold(m, events), withdrawn: withdrawnVersions(events) };
    this.keep(m.id, entry);
    return entry;
  }

  private game(record: Pick<MatchRecord, 'id' | 'game'>): LoadedGame {
    const g = gameMatch(record.game);
    if (!g) throw new Error(`match ${record.id} has unknown game ${record.game}`);
    return g;
  }

  private async record(ownerId: string, id: string): Promise<MatchRecord> {
    const m = await this.store.getMatch(ownerId, id);
    if (!m) throw new NotFound(`No match ${id}.`);
    return m;
  }

  /** Fold events into the game's state (the projection is a pure fold); corrections and what they withdraw are skipped. */
  fold(record: Pick<MatchRecord, 'id' | 'game' | 'players' | 'options'>, events: PublicEvent[]): MatchFold {
    const g = this.game(record);
    const withdrawn = withdrawnVersions(events);
    let fold = g.initialState({ players: record.players, options: record.options });
    for (const e of events) if (e.type !== CORRECTION_EVENT && !withdrawn.has(e.version)) fold = g.evolve(fold, e);
    return fold;
  }

  /** The match folded at `version` (the current one when undefined): a kept fold, or the log read and folded. */
  private async foldAt(m: MatchRecord, version?: number): Promise<{ version: number; fold: MatchFold; withdrawn: number[] }> {
    const sorted = (versions: Iterable<number>) => [...versions].sort((a, b) => a - b);
    if (version === undefined) {
      const { version: current, fold, withdrawn } = await this.current(this.store, m);
      return { version: current, fold, withdrawn: sorted(withdrawn) };
    }
    const kept = this.byVersion.get(`${m.id}@${version}`);
    if (kept) return { version, fold: kept.fold, withdrawn: sorted(kept.withdrawn) };
    const events = (await this.store.read(m.ownerId, m.id, { to: version })).map(toPublic);
    if (version > events.length) {
      throw new InvalidInput([{ path: '/version', code: 'version_not_found', message: `The match has ${Math.max(events.length, m.version)} events; ask for 0..that.` }]);
    }
    return { version, fold: this.fold(m, events), withdrawn: sorted(withdrawnVersions(events)) };
  }

  private async withKey(
    ownerId: string,
    idem: Idempotency | undefined,
    hash: string,
    work: (store: EventStore) => Promise<StoredAnswer>,
  ): Promise<StoredAnswer & { replayed: boolean }> {
    if (!idem) return { ...(await work(this.store)), replayed: false };
    return this.store.idempotent(ownerId, { key: idem.key, hash }, work);
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
    return this.withKey(ownerId, idem, hashOf('create', body), async (store) => {
      const m = await store.createMatch({ id: this.options.ids.newId(), ownerId, game: body.game, players: body.players, options });
      return { status: 201, body: { id: m.id, game: m.game, version: 0, players: m.players, options: m.options, createdAt: m.createdAt } };
    });
  }

  async view(ownerId: string, id: string, atVersion?: number): Promise<MatchView> {
    const m = await this.record(ownerId, id);
    const { version, fold, withdrawn } = await this.foldAt(m, atVersion);
    const view: MatchView = { id: m.id, game: m.game, version, players: m.players, options: m.options, createdAt: m.createdAt, state: fold.state };
    return withdrawn.length ? { ...view, withdrawn } : view;
  }

  /**
   * Append one `match.corrected` event withdrawing the last `undo` events that still count (not
   * withdrawn and not corrections themselves: a correction is undone only by new events, never by
   * another correction). The log keeps everything.
   */
  async correct(ownerId: string, id: string, body: { expectedVersion: number; reason: string; undo: number }, by: { id: string; name: string }, idem?: Idempotency) {
    const answer = await this.withKey(ownerId, idem, hashOf('correct', id, body), async (store) => {
      const m = await store.getMatch(ownerId, id);
      if (!m) throw new NotFound(`No match ${id}.`);
      const events = (await store.read(ownerId, id)).map(toPublic);
      if (body.expectedVersion !== events.length) throw new VersionConflict(body.expectedVersion, events.length);
      const withdrawn = withdrawnVersions(events);
      const counting = events.filter((e) => e.type !== CORRECTION_EVENT && !withdrawn.has(e.version)).map((e) => e.version);
      if (body.undo > counting.length) {
        throw new RuleViolation('nothing_to_undo', `Only ${counting.length} event(s) still count; cannot withdraw ${body.undo}.`, { counting: counting.length });
      }
      const withdraws = counting.slice(counting.length - body.undo);
      const data = { reason: body.reason, undo: body.undo, withdraws, by: { id: by.id, name: by.name } };
      const r = await store.append(ownerId, id, body.expectedVersion, [{ type: CORRECTION_EVENT, data, schemaVersion: 1 }]);
      const all = [...events, ...r.events.map(toPublic)];
      return { status: 201, body: { version: r.version, events: r.events.map(toPublic), withdrawn: withdraws, state: this.fold(m, all).state } };
    });
    if (!answer.replayed) this.options.onAppended?.(id, (answer.body as { version: number }).version);
    return answer;
  }

  async events(ownerId: string, id: string, from: number, limit: number) {
    await this.record(ownerId, id);
    const events = (await this.store.read(ownerId, id, { from, limit })).map(toPublic);
    const next = events.length ? events[events.length - 1]!.version + 1 : from;
    return { events, from, next, nextFrom: next };
  }

  /** Events after `afterVersion` (for feeds), or [] when the match is not the owner's. */
  async eventsAfter(ownerId: string, id: string, afterVersion: number, limit = 100): Promise<PublicEvent[]> {
    return (await this.store.read(ownerId, id, { from: afterVersion + 1, limit })).map(toPublic);
  }

  async append(ownerId: string, id: string, body: { expectedVersion: number; events: NewEvent[] }, idem?: Idempotency) {
    body.events.forEach((e, i) => checkClientEvent(i, e.type, e.schemaVersion, e.data));
    const events = body.events.map((e) => ({ type: e.type, data: e.data ?? null, schemaVersion: e.schemaVersion ?? definitionOf(e.type)?.schemaVersion ?? 1 }));
    const answer = await this.withKey(ownerId, idem, hashOf('append', id, body), async (store) => {
      const m = await store.getMatch(ownerId, id);
      if (!m) throw new NotFound(`No match ${id}.`);
      const r = await store.append(ownerId, id, body.expectedVersion, events);
      return { status: 201, body: { version: r.version, events: r.events.map(toPublic) } };
    });
    if (!answer.replayed) this.options.onAppended?.(id, (answer.body as { version: number }).version);
    return answer;
  }

  /** Resolve a command against the projected state and append its events atomically. */
  async command(ownerId: string, id: string, body: { expectedVersion?: number; command: Command }, idem?: Idempotency, viewer: MatchViewer = OWNER, lang: Lang = 'en') {
    const reader = readerOf(viewer);
    /** The match and the states the command's events led through (for a seat's view of its own answer). */
    let trail: MatchFold[] | undefined;
    let match: MatchRecord | undefined;
    // One seed per request: a retry after a concurrent append rolls the same dice.
    const seed = this.options.ids.randomSeed();
    // the fold after this command, cached once its events are committed
    let folds: FoldEntry | undefined;
    const answer = await this.withKey(ownerId, idem, hashOf('command', id, body), async (store) => {
      for (let attempt = 0; ; attempt++) {
        const m = await store.getMatch(ownerId, id);
        if (!m) throw new NotFound(`No match ${id}.`);
        match = m;
        const g = this.game(m);
        const command = g.validate(structuredClone(body.command), m.options);
        const folded = await this.current(store, m);
        const version = folded.version;
        if (body.expectedVersion !== undefined && body.expectedVersion !== version) throw new VersionConflict(body.expectedVersion, version);
        let fold = folded.fold;
        // CONTRACT §8.1: a seat acts for its own player only (403 not_your_seat, nothing appended)
        assertSeatMayAct(g, viewer, command, fold);
        const dice = diceFor(command.dice, () => seed);
        let decided: GameEvent[];
        try {
          decided = g.decide(command, fold, dice);
        } catch (error) {
          // a refusal never names what the caller may not see (e.g. a card in another player's hand)
          throw reader === undefined ? error : maskRefusal(error, g.secretTexts(fold, reader));
        }
        trail = [fold];
        for (const e of decided) trail.push((fold = g.evolve(fold, e)));
        try {
          const r = await store.append(
            ownerId,
            id,
            version,
            decided.map((e) => ({ type: e.type, data: e.data, schemaVersion: engineEventVersion(e.type), metadata: { command: command.type } })),
          );
          const warnings = commandWarnings(g, body, command);
          folds = { version: r.version, fold, withdrawn: folded.withdrawn };
          // the dice it rolled, with what each was for (the events keep only the faces: the facts)
          const rolled = dice.transcript();
          const transcript = rolled.rolls.length ? { dice: rolled } : {};
          return { status: 201, body: { version: r.version, events: r.events.map(toPublic), state: fold.state, ...transcript, ...(warnings.length ? { warnings } : {}) } };
        } catch (error) {
          // Without an expectedVersion the client asked for "the current state": decide again.
          if (error instanceof VersionConflict && body.expectedVersion === undefined && attempt < 8) continue;
          throw error;
        }
      }
    });
    if (!answer.replayed) {
      if (folds) this.keep(id, folds);
      this.options.onAppended?.(id, (answer.body as { version: number }).version);
    }
    if (reader === undefined) {
      if (lang === 'en') return answer;
      // the state's texts in the caller's language (the stored answer keeps the fold's English)
      const m = match ?? (await this.record(ownerId, id));
      const body = answer.body as { version: number };
      const after = !answer.replayed && folds ? folds.fold : (await this.foldAt(m, body.version)).fold;
      return { ...answer, body: { ...body, state: this.game(m).stateIn(after, lang) } };
    }
    return { ...answer, body: await this.commandAnswerFor(match ?? (await this.record(ownerId, id)), reader, answer, answer.replayed ? undefined : trail, lang) };
  }

  /** A command's answer as a seat reads it: its events and state in the seat's view (CONTRACT §8.1). */
  private async commandAnswerFor(m: MatchRecord, reader: Reader, answer: StoredAnswer, trail: MatchFold[] | undefined, lang: Lang) {
    const body = answer.body as { version: number; events: PublicEvent[]; state: unknown; dice?: DiceTranscript; warnings?: unknown[] };
    const g = this.game(m);
    const first = body.events[0]?.version ?? body.version + 1;
    const fresh = trail && trail.length === body.events.length + 1 ? trail : undefined;
    const events = fresh
      ? body.events.map((e, i) => ({ ...e, data: g.viewEvent({ type: e.type, data: e.data }, reader, { before: fresh[i]!, after: fresh[i + 1]! }).data }))
      : await this.redactedEvents(m, reader, first, body.events.length);
    // a replayed answer: the match folded at the version it answered
    const after = fresh ? fresh.at(-1)! : (await this.foldAt(m, body.version)).fold;
    // the command's seed also seeds its shuffles, and a shuffle's draws give the new order of a deck: the owner's only
    const dice = body.dice ? { dice: { seed: null, rolls: body.dice.rolls.filter((roll) => !SHUFFLE.test(roll.purpose)) } } : {};
    return { ...body, events, state: g.viewState(after, reader, lang), ...dice };
  }

  /** GET /v1/matches/{id} as `caller` reads it (CONTRACT §8.1); the owner may preview a view with `as` (a player id or `spectator`). */
  async viewFor(caller: MatchCaller, id: string, query: { version?: number; as?: string } = {}, lang: Lang = 'en') {
    if (query.as !== undefined && caller.viewer.kind !== 'owner') throw new NotYourSeat('Only the match owner may preview another view (?as=).', 'owner_only');
    const m = await this.record(caller.ownerId, id);
    const { version, fold, withdrawn } = await this.foldAt(m, query.version);
    const base: MatchView = {
      id: m.id,
      game: m.game,
      version,
      players: m.players,
      options: m.options,
      createdAt: m.createdAt,
      state: fold.state,
      ...(withdrawn.length ? { withdrawn } : {}),
    };
    let shown: MatchViewer = caller.viewer;
    if (query.as !== undefined) {
      if (query.as === 'spectator') shown = { kind: 'spectator' };
      else if (base.players.some((p) => p.id === query.as)) shown = { kind: 'seat', playerId: query.as };
      else throw new InvalidInput([{ path: '/as', code: 'unknown_player', message: `a player id of this match (${base.players.map((p) => p.id).join(', ')}) or "spectator"` }]);
    }
    const preview = query.as !== undefined;
    const viewer = viewerMember(shown, preview);
    const reader = readerOf(shown);
    const g = this.game(base);
    if (reader === undefined) return { ...base, viewer, state: g.stateIn(fold, lang) };
    return { ...base, viewer, options: g.viewOptions(base.options, reader), state: g.viewState(fold, reader, lang) };
  }

  /** GET /v1/matches/{id}/events as `caller` reads them: the same versions, secret members hidden. */
  async eventsFor(caller: MatchCaller, id: string, from: number, limit: number) {
    const reader = readerOf(caller.viewer);
    if (reader === undefined) return this.events(caller.ownerId, id, from, limit);
    const m = await this.record(caller.ownerId, id);
    const events = await this.redactedEvents(m, reader, from, limit);
    const next = events.length ? events[events.length - 1]!.version + 1 : from;
    return { events, from, next, nextFrom: next };
  }

  /** Events after `afterVersion` as `caller` reads them (feeds, subscriptions), or [] when the match is not the owner's. */
  async eventsAfterFor(caller: MatchCaller, id: string, afterVersion: number, limit = 100): Promise<PublicEvent[]> {
    const reader = readerOf(caller.viewer);
    if (reader === undefined) return this.eventsAfter(caller.ownerId, id, afterVersion, limit);
    const m = await this.store.getMatch(caller.ownerId, id);
    return m ? this.redactedEvents(m, reader, afterVersion + 1, limit) : [];
  }

  /**
   * Events `from` … (at most `limit`) as `reader` reads them: each through the game's viewEvent with
   * the states before and after it, folded from the start (a correction folds again, as a replay to
   * that version does).
   */
  private async redactedEvents(m: MatchRecord, reader: Reader, from: number, limit: number): Promise<PublicEvent[]> {
    const g = this.game(m);
    // from the fold of the version before `from` when it is known (a live feed), else from the start
    const known = from > 1 ? this.byVersion.get(`${m.id}@${from - 1}`) : undefined;
    const all = (await this.store.read(m.ownerId, m.id, { from: known ? from : 1, to: from + limit - 1 })).map(toPublic);
    let fold = known ? known.fold : g.initialState({ players: m.players, options: m.options });
    const out: PublicEvent[] = [];
    for (let i = 0; i < all.length; i++) {
      const e = all[i]!;
      const before = fold;
      // a correction withdraws earlier events: fold the log up to it again
      fold = e.type === CORRECTION_EVENT ? this.fold(m, (await this.store.read(m.ownerId, m.id, { to: e.version })).map(toPublic)) : g.evolve(fold, e);
      if (e.version >= from) out.push({ ...e, data: g.viewEvent({ type: e.type, data: e.data }, reader, { before, after: fold }).data });
    }
    return out;
  }

  /** The digest of the match's log up to `version` that result receipts commit to (log-digest.ts). */
  async logDigest(ownerId: string, id: string, version: number): Promise<string> {
    return logSha256((await this.store.read(ownerId, id, { to: version })).map(toPublic));
  }

  /** GET /v1/matches/{id}/moves (CONTRACT §8.1): the command types each player may send now; a seat sees its own. */
  async movesFor(caller: MatchCaller, id: string): Promise<{ version: number } & MatchFlow> {
    const m = await this.record(caller.ownerId, id);
    const { version, fold } = await this.current(this.store, m);
    const flow = this.game(m).flow(fold);
    const seat = caller.viewer.kind === 'seat' ? caller.viewer.playerId : undefined;
    return { version, ...flow, moves: seat === undefined ? flow.moves : flow.moves.filter((move) => move.player === seat) };
  }

  /**
   * The owner's matches, newest first, a page at a time (CONTRACT §8.2). `ended` is what the
   * match's projection says (its `state.outcome`, as GET /v1/matches/{id} and /result show it):
   * each listed match is folded at the version listed. With the `ended` filter, at most
   * ENDED_SCAN_BUDGET matches are looked at per request: a page may then hold fewer than `limit`
   * matches (even none) and still have a `next`; only a page without `next` is the last.
   */
  async list(ownerId: string, request: MatchListRequest = {}): Promise<{ matches: MatchListItem[]; next?: string }> {
    const { limit, after } = listWindow('matches', request);
    const cursor = (key: ListKey) => encodeListCursor('matches', key);
    if (request.ended === undefined) {
      const rows = await this.store.listMatches(ownerId, { game: request.game, after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const matches: MatchListItem[] = [];
      for (const row of page) matches.push(this.listItem(row, await this.endedAt(ownerId, row)));
      return rows.length > limit ? { matches, next: cursor(page.at(-1)!.key) } : { matches };
    }
    const matches: MatchListItem[] = [];
    let last: MatchListEntry | undefined;
    let position = after;
    let scanned = 0;
    while (scanned < ENDED_SCAN_BUDGET) {
      const want = Math.min(limit + 1, ENDED_SCAN_BUDGET - scanned);
      const rows = await this.store.listMatches(ownerId, { game: request.game, after: position, limit: want });
      for (const row of rows) {
        scanned++;
        position = row.key;
        const ended = await this.endedAt(ownerId, row);
        if (ended !== request.ended) continue;
        // one more match than the page holds: there is a next page, after the page's last match
        if (matches.length === limit) return { matches, next: cursor(last!.key) };
        matches.push(this.listItem(row, ended));
        last = row;
      }
      if (rows.length < want) return { matches }; // nothing older
    }
    // the budget is spent: the next page goes on from the last match looked at
    return { matches, next: cursor(position!) };
  }

  private listItem(row: MatchListEntry, ended: boolean): MatchListItem {
    return { id: row.id, game: row.game, version: row.version, ended, createdAt: row.createdAt, updatedAt: row.updatedAt };
  }

  /** Whether the match had ended at the version listed: its projection's `state.outcome.ended`. */
  private async endedAt(ownerId: string, row: MatchListEntry): Promise<boolean> {
    // a fold kept at exactly the listed version (a recent command, view or feed) is that state
    const kept = this.byVersion.get(`${row.id}@${row.version}`);
    const events = kept || row.version === 0 ? [] : (await this.store.read(ownerId, row.id, { to: row.version })).map(toPublic);
    return (kept ? kept.fold : this.fold(row, events)).state.outcome.ended;
  }
}
