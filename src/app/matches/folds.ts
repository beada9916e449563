/**
 * A match folded at a version, shared by the command pipeline and the reads: the game's evolve over
 * the stored events (upcast to their current version first), with corrections applied, and the
 * folds kept between requests (fold-cache.ts) — the latest of recently used matches, and recent
 * versions by `<match id>@<version>` — so a command or a live feed folds only the events after the
 * one it knows.
 */
import { InvalidInput, NotFound } from '../../kernel/errors.js';
import type { Reader } from '../../kernel/table.js';
import type { LoadedGame, MatchFold } from '../../kernel/match-game.js';
import { isWithdrawing, upcast, withdrawnVersions } from './events.js';
import { gameMatch } from './games.js';
import { FoldCache, type FoldEntry } from './fold-cache.js';
import { RecentlyUsed } from '../../kernel/recently-used.js';
import type { EventStore, MatchRecord, StoredEvent } from './ports.js';

/** An event as every reader sees it: upcast to its type's current schema version. */
export interface PublicEvent {
  version: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  recordedAt: string;
}

export function toPublic(e: StoredEvent): PublicEvent {
  const up = upcast(e.type, e.schemaVersion, e.data);
  return { version: e.version, type: e.type, schemaVersion: up.schemaVersion, data: up.data, recordedAt: e.recordedAt };
}

/** A fold at one version, the versions withdrawn by then sorted. */
export interface FoldAt {
  version: number;
  fold: MatchFold;
  withdrawn: number[];
}

const sorted = (versions: Iterable<number>) => [...versions].sort((a, b) => a - b);

export class MatchFolds {
  /** The latest fold of recently used matches: a command folds only the events after it. */
  private readonly latest: FoldCache;
  /**
   * Folds of recent versions by `<match id>@<version>` (what commands and `current` folded): a
   * seat's feed reads the events after the version it had, and redacts each with the states around
   * it, from the fold of that version instead of the whole log.
   */
  private readonly byVersion: FoldCache;

  /**
   * Records as last read, by `<owner id>\n<match id>` (recently used last): besides its version a
   * match's record never changes (its seats' generations are read apart), so with the latest fold
   * it is a guess at the match's head that a command can act on without reading (see `guess`).
   */
  private readonly records: RecentlyUsed<string, MatchRecord>;

  constructor(
    private readonly store: EventStore,
    /** Matches whose latest fold is kept between commands (default 1,000; 0 folds the whole log every time). */
    cacheSize = 1_000,
  ) {
    this.records = new RecentlyUsed(cacheSize);
    this.latest = new FoldCache(cacheSize);
    this.byVersion = new FoldCache(cacheSize === 0 ? 0 : 4 * cacheSize);
  }

  /** The game a match is played in (a stored match of an unknown game is a server fault). */
  game(record: Pick<MatchRecord, 'id' | 'game'>): LoadedGame {
    const g = gameMatch(record.game);
    if (!g) throw new Error(`match ${record.id} has unknown game ${record.game}`);
    return g;
  }

  /** The owner's match, or 404. */
  async record(ownerId: string, id: string, store: EventStore = this.store): Promise<MatchRecord> {
    const m = await store.getMatch(ownerId, id);
    if (!m) throw new NotFound(`No match ${id}.`);
    this.records.set(`${ownerId}\n${id}`, m);
    return m;
  }

  /**
   * The owner's match as this process last saw it, at the version of its latest kept fold, without
   * reading the store: only a guess (another writer may have appended since), for work whose write
   * the store refuses unless the match is still at that version and the owner's (an append at it).
   */
  guess(ownerId: string, id: string): { match: MatchRecord; entry: FoldEntry } | undefined {
    const record = this.records.get(`${ownerId}\n${id}`);
    const entry = record && this.latest.get(id);
    return entry && { match: { ...record!, version: entry.version }, entry };
  }

  /** The owner's match, or undefined. */
  find(ownerId: string, id: string): Promise<MatchRecord | undefined> {
    return this.store.getMatch(ownerId, id);
  }

  /** Keep a fold of committed events: as the match's latest, and under its version. */
  keep(matchId: string, entry: FoldEntry): void {
    this.latest.set(matchId, entry);
    this.byVersion.set(`${matchId}@${entry.version}`, entry);
  }

  /** A fold kept at exactly `version`, if any. */
  kept(matchId: string, version: number): FoldEntry | undefined {
    return this.byVersion.get(`${matchId}@${version}`);
  }

  /** Fold events into the game's state (the projection is a pure fold); corrections, takebacks and what they withdraw are skipped. */
  fold(record: Pick<MatchRecord, 'id' | 'game' | 'players' | 'options'>, events: PublicEvent[]): MatchFold {
    const g = this.game(record);
    const withdrawn = withdrawnVersions(events);
    let fold = g.initialState({ players: record.players, options: record.options });
    for (const e of events) if (!isWithdrawing(e.type) && !withdrawn.has(e.version)) fold = g.evolve(fold, e);
    return fold;
  }

  /** Events of the match as every reader first gets them (upcast). */
  async read(m: Pick<MatchRecord, 'id' | 'ownerId'>, range: { from?: number; to?: number; limit?: number } = {}, store: EventStore = this.store): Promise<PublicEvent[]> {
    return (await store.read(m.ownerId, m.id, range)).map(toPublic);
  }

  /**
   * The match folded at its current version: the cached fold caught up with the events after it,
   * or (no cached fold, or a correction among the new events) the whole log folded. Only folds of
   * committed events are cached: a command's own result is kept after its transaction commits.
   */
  async current(m: MatchRecord, store: EventStore = this.store): Promise<FoldEntry> {
    const cached = this.latest.get(m.id);
    // the record's version is the log's (versions run 1..n): a fold kept at it has nothing to catch up
    if (cached && cached.version === m.version) return cached;
    const delta = cached ? await this.read(m, { from: cached.version + 1 }, store) : [];
    if (cached && delta.length === 0) return cached;
    if (cached && !delta.some((e) => isWithdrawing(e.type))) {
      const g = this.game(m);
      let fold = cached.fold;
      for (const e of delta) fold = g.evolve(fold, e);
      const entry = { version: delta.at(-1)!.version, fold, withdrawn: cached.withdrawn };
      this.keep(m.id, entry);
      return entry;
    }
    const events = await this.read(m, {}, store);
    const entry = { version: events.length, fold: this.fold(m, events), withdrawn: withdrawnVersions(events) };
    this.keep(m.id, entry);
    return entry;
  }

  /** The match folded at `version` (the current one when undefined): a kept fold, or the log read and folded. */
  async at(m: MatchRecord, version?: number): Promise<FoldAt> {
    if (version === undefined) {
      const { version: current, fold, withdrawn } = await this.current(m);
      return { version: current, fold, withdrawn: sorted(withdrawn) };
    }
    const kept = this.kept(m.id, version);
    if (kept) return { version, fold: kept.fold, withdrawn: sorted(kept.withdrawn) };
    const events = await this.read(m, { to: version });
    if (version > events.length) {
      throw new InvalidInput([{ path: '/version', code: 'version_not_found', message: `The match has ${Math.max(events.length, m.version)} events; ask for 0..that.` }]);
    }
    return { version, fold: this.fold(m, events), withdrawn: sorted(withdrawnVersions(events)) };
  }

  /**
   * Events `from` … (at most `limit`) as `reader` reads them: each through the game's viewEvent with
   * the states before and after it, folded from the start (a correction folds again, as a replay to
   * that version does), or from the fold of the version before `from` when it is kept (a live feed).
   */
  async redacted(m: MatchRecord, reader: Reader, from: number, limit: number): Promise<PublicEvent[]> {
    const g = this.game(m);
    const known = from > 1 ? this.kept(m.id, from - 1) : undefined;
    const all = await this.read(m, { from: known ? from : 1, to: from + limit - 1 });
    let fold = known ? known.fold : g.initialState({ players: m.players, options: m.options });
    const out: PublicEvent[] = [];
    for (const e of all) {
      const before = fold;
      // a correction withdraws earlier events: fold the log up to it again
      fold = isWithdrawing(e.type) ? this.fold(m, await this.read(m, { to: e.version })) : g.evolve(fold, e);
      if (e.version >= from) out.push({ ...e, data: g.viewEvent({ type: e.type, data: e.data }, reader, { before, after: fold }).data });
    }
    return out;
  }
}
