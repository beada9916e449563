/**
 * GET /v1/matches (CONTRACT §8.2): the owner's matches, newest first, a page at a time. `ended` is
 * what the match's projection says (its `state.outcome`, as GET /v1/matches/{id} and /result show
 * it): each listed match is folded at the version listed.
 */
import type { MatchFolds } from './folds.js';
import { encodeListCursor, listWindow, type EventStore, type ListKey, type MatchListEntry } from './ports.js';

/** One match of GET /v1/matches. */
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

const cursor = (key: ListKey) => encodeListCursor('matches', key);

const listItem = (row: MatchListEntry, ended: boolean): MatchListItem => ({
  id: row.id,
  game: row.game,
  version: row.version,
  ended,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export class MatchListing {
  constructor(
    private readonly store: EventStore,
    private readonly folds: MatchFolds,
  ) {}

  /**
   * With the `ended` filter, at most ENDED_SCAN_BUDGET matches are looked at per request: a page
   * may then hold fewer than `limit` matches (even none) and still have a `next`; only a page
   * without `next` is the last.
   */
  async list(ownerId: string, request: MatchListRequest = {}): Promise<{ matches: MatchListItem[]; next?: string }> {
    const { limit, after } = listWindow('matches', request);
    if (request.ended === undefined) {
      const rows = await this.store.listMatches(ownerId, { game: request.game, after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const matches: MatchListItem[] = [];
      for (const row of page) matches.push(listItem(row, await this.endedAt(row)));
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
        const ended = await this.endedAt(row);
        if (ended !== request.ended) continue;
        // one more match than the page holds: there is a next page, after the page's last match
        if (matches.length === limit) return { matches, next: cursor(last!.key) };
        matches.push(listItem(row, ended));
        last = row;
      }
      if (rows.length < want) return { matches }; // nothing older
    }
    // the budget is spent: the next page goes on from the last match looked at
    return { matches, next: cursor(position!) };
  }

  /** Whether the match had ended at the version listed: its projection's `state.outcome.ended`. */
  private async endedAt(row: MatchListEntry): Promise<boolean> {
    // a fold kept at exactly the listed version (a recent command, view or feed) is that state
    const kept = this.folds.kept(row.id, row.version);
    const events = kept || row.version === 0 ? [] : await this.folds.read(row, { to: row.version });
    return (kept ? kept.fold : this.folds.fold(row, events)).state.outcome.ended;
  }
}
