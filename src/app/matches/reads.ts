/**
 * Reading a match (CONTRACT §5, §8.1): its state at any version, its log, the events after a
 * version (feeds, subscriptions), the moves the flow allows, the log's digest. Every read is the
 * caller's view: the owner reads everything (and may preview a view with `?as=`), a seat the public
 * state plus its own secrets, a spectator the public state (views.ts, from each game's table rules).
 */
import { InvalidInput } from '../../kernel/errors.js';
import type { Lang } from '../../kernel/i18n.js';
import type { MatchFlow, ServedState } from '../../kernel/match-game.js';
import { NotYourSeat } from './errors.js';
import type { MatchFolds, PublicEvent } from './folds.js';
import { logSha256 } from './log-digest.js';
import type { MatchRecord, Player } from './ports.js';
import type { MatchCaller, MatchViewer } from './seat-tokens.js';
import { readerOf, viewerMember } from './views.js';

export interface MatchView {
  id: string;
  game: string;
  version: number;
  players: Player[];
  options: Record<string, unknown>;
  createdAt: string;
  /** The state as the owner reads it (with `outcome`, CONTRACT §8.2). */
  state: ServedState;
  /** Versions withdrawn by corrections and agreed takebacks (present only when there are some). */
  withdrawn?: number[];
}

export class MatchReads {
  constructor(private readonly folds: MatchFolds) {}

  /** The match as stored (its version, players, options), or 404: what a feed needs before it follows the log. */
  head(ownerId: string, id: string): Promise<MatchRecord> {
    return this.folds.record(ownerId, id);
  }

  /**
   * The last version `viewer` may read: the head, or for a spectator reading `delayEvents` behind
   * it (CONTRACT §9.2) that many events before the head.
   */
  private visible(viewer: MatchViewer, head: number): number {
    return viewer.kind === 'spectator' && viewer.delayEvents ? Math.max(0, head - viewer.delayEvents) : head;
  }

  /** The version a feed for `caller` starts after when it names none: the last version it may read (a delayed spectator's is behind the head). */
  async followFrom(caller: MatchCaller, m: MatchRecord): Promise<number> {
    return caller.viewer.kind === 'spectator' && caller.viewer.delayEvents ? this.visible(caller.viewer, (await this.folds.current(m)).version) : m.version;
  }

  /** The match as stored, or undefined when the owner has none of that id. */
  find(ownerId: string, id: string): Promise<MatchRecord | undefined> {
    return this.folds.find(ownerId, id);
  }

  async view(ownerId: string, id: string, atVersion?: number): Promise<MatchView> {
    return (await this.folded(ownerId, id, atVersion)).view;
  }

  /** The owner's view at `atVersion` (the current one when undefined), with the fold it shows. */
  private async folded(ownerId: string, id: string, atVersion?: number) {
    const m = await this.folds.record(ownerId, id);
    const { version, fold, withdrawn } = await this.folds.at(m, atVersion);
    const view: MatchView = { id: m.id, game: m.game, version, players: m.players, options: m.options, createdAt: m.createdAt, state: fold.state };
    return { fold, view: withdrawn.length ? { ...view, withdrawn } : view };
  }

  /** GET /v1/matches/{id} as `caller` reads it (CONTRACT §8.1); the owner may preview a view with `as` (a player id or `spectator`). */
  async viewFor(caller: MatchCaller, id: string, query: { version?: number; as?: string } = {}, lang: Lang = 'en') {
    if (query.as !== undefined && caller.viewer.kind !== 'owner') throw new NotYourSeat('Only the match owner may preview another view (?as=).', 'owner_only');
    const { view: base, fold } = await this.folded(caller.ownerId, id, await this.versionFor(caller, id, query.version));
    let shown: MatchViewer = caller.viewer;
    if (query.as !== undefined) {
      if (query.as === 'spectator') shown = { kind: 'spectator' };
      else if (base.players.some((p) => p.id === query.as)) shown = { kind: 'seat', playerId: query.as };
      else throw new InvalidInput([{ path: '/as', code: 'unknown_player', message: `a player id of this match (${base.players.map((p) => p.id).join(', ')}) or "spectator"` }]);
    }
    const viewer = viewerMember(shown, query.as !== undefined);
    const reader = readerOf(shown);
    const g = this.folds.game(base);
    if (reader === undefined) return { ...base, viewer, state: g.stateIn(fold, lang) };
    return { ...base, viewer, options: g.viewOptions(base.options, reader), state: g.viewState(fold, reader, lang) };
  }

  /** The version a read at `asked` (undefined: the current one) shows `caller`: a delayed spectator's stops behind the head, and a later one is refused. */
  private async versionFor(caller: MatchCaller, id: string, asked: number | undefined): Promise<number | undefined> {
    if (caller.viewer.kind !== 'spectator' || !caller.viewer.delayEvents) return asked;
    const m = await this.folds.record(caller.ownerId, id);
    const visible = this.visible(caller.viewer, (await this.folds.current(m)).version);
    if (asked !== undefined && asked > visible) {
      throw new InvalidInput([
        { path: '/version', code: 'version_not_found', message: `This spectator token reads ${caller.viewer.delayEvents} events behind the head: ask for 0..${visible}.` },
      ]);
    }
    return asked ?? visible;
  }

  /** The owner's log: `limit` events from `from`. */
  async events(ownerId: string, id: string, from: number, limit: number) {
    const m = await this.folds.record(ownerId, id);
    return page(await this.folds.read(m, { from, limit }), from);
  }

  /** GET /v1/matches/{id}/events as `caller` reads them: the same versions, secret members hidden. */
  async eventsFor(caller: MatchCaller, id: string, from: number, limit: number) {
    const reader = readerOf(caller.viewer);
    if (reader === undefined) return this.events(caller.ownerId, id, from, limit);
    const m = await this.folds.record(caller.ownerId, id);
    return page(await this.folds.redacted(m, reader, from, await this.limitFor(caller, m, from, limit)), from);
  }

  /** Events after `afterVersion` as `caller` reads them (feeds, subscriptions), or [] when the match is not the owner's. */
  async eventsAfterFor(caller: MatchCaller, id: string, afterVersion: number, limit = 100): Promise<PublicEvent[]> {
    const reader = readerOf(caller.viewer);
    if (reader === undefined) return this.folds.read({ ownerId: caller.ownerId, id }, { from: afterVersion + 1, limit });
    const m = await this.folds.find(caller.ownerId, id);
    if (!m) return [];
    const shown = await this.limitFor(caller, m, afterVersion + 1, limit);
    return shown > 0 ? this.folds.redacted(m, reader, afterVersion + 1, shown) : [];
  }

  /** How many of `limit` events from `from` `caller` may read (a delayed spectator: none past its visible version). */
  private async limitFor(caller: MatchCaller, m: MatchRecord, from: number, limit: number): Promise<number> {
    if (caller.viewer.kind !== 'spectator' || !caller.viewer.delayEvents) return limit;
    return Math.max(0, Math.min(limit, this.visible(caller.viewer, (await this.folds.current(m)).version) - from + 1));
  }

  /** The digest of the match's log up to `version` that result receipts commit to (log-digest.ts). */
  async logDigest(ownerId: string, id: string, version: number): Promise<string> {
    return logSha256(await this.folds.read({ ownerId, id }, { to: version }));
  }

  /** GET /v1/matches/{id}/moves (CONTRACT §8.1): the command types each player may send now; a seat sees its own. */
  async movesFor(caller: MatchCaller, id: string): Promise<{ version: number } & MatchFlow> {
    const m = await this.folds.record(caller.ownerId, id);
    const { version, fold } = await this.folds.at(m, await this.versionFor(caller, id, undefined));
    const flow = this.folds.game(m).flow(fold);
    const seat = caller.viewer.kind === 'seat' ? caller.viewer.playerId : undefined;
    return { version, ...flow, moves: seat === undefined ? flow.moves : flow.moves.filter((move) => move.player === seat) };
  }
}

function page(events: PublicEvent[], from: number) {
  const next = events.length ? events[events.length - 1]!.version + 1 : from;
  return { events, from, next, nextFrom: next };
}
