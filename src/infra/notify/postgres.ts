/**
 * `AppendNotifications` over PostgreSQL LISTEN/NOTIFY, so live feeds follow appends made by any
 * API process on the same database without polling.
 *
 * - Publishing: this process's feeds are woken at once (in-process); the other processes get a
 *   `NOTIFY` on MATCH_APPENDS_CHANNEL, sent after the append committed (MatchService publishes
 *   after its transaction), so it never announces an event that could still roll back. NOTIFYs are
 *   coalesced: at most one is in flight per process, carrying every `<match id>:<version>` queued
 *   meanwhile. Not inside the append's transaction: PostgreSQL serialises the commits of
 *   notifying transactions on one lock held through the WAL flush, which cut append throughput to
 *   a third (bench/appends.bench.ts).
 * - Listening: one dedicated connection per process, opened when the first feed subscribes. When
 *   it drops (the server restarted or terminated it, the network broke; its `error` and `end` are
 *   always heard, so a drop never ends the process) or does not answer within 10 s, it is reopened
 *   (backing off up to 5 s) and every feed reads again once, since notifications may have been
 *   missed meanwhile (also after the first connect).
 * - Safety net: while feeds are open, every `recheckMs` (30 s) the listening connection reads the
 *   current version of the followed matches (one query per process, not per feed) and wakes the
 *   feeds that are behind: it covers a NOTIFY lost to a crash between commit and NOTIFY, and it
 *   proves the connection alive. Idle feeds cost no other queries.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../app/ports.js';
import type { AppendListener, AppendNotifications } from '../../app/matches/notifications.js';
import { AppendNotifier } from '../../app/matches/notifier.js';
import { MATCH_APPENDS_CHANNEL, parseAppendPayload } from './channel.js';

export interface PostgresNotificationsOptions {
  /** Milliseconds between safety re-reads of the followed matches' versions (default 30 s). */
  recheckMs?: number;
  /** Told when the listening connection drops or cannot be opened. */
  onError?: (error: unknown) => void;
}

/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7900;
const MAX_BACKOFF_MS = 5000;
/**
 * Longest wait for the listening connection to open or to answer (LISTEN, the safety net's re-read):
 * a server that does not answer is taken as a dropped connection, and the listener reconnects.
 */
const LISTENER_TIMEOUT_MS = 10_000;

/** `promise`, or a rejection after `ms` ("timeout expired", as pg says when connecting). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout expired')), ms);
    timer.unref();
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
/** `application_name` of the listening connections (as pg_stat_activity shows them). */
export const LISTENER_NAME = 'arbiter-append-listener';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class PostgresAppendNotifications implements AppendNotifications {
  private readonly local = new AppendNotifier();
  /** Marks this process's own NOTIFYs, which its listener ignores (its feeds were woken already). */
  private readonly origin = randomBytes(6).toString('hex');
  private readonly queued = new Map<string, number>();
  private flushing = false;
  private listener?: pg.Client;
  private connecting = false;
  private recheck?: NodeJS.Timeout;
  private closed = false;
  private readonly recheckMs: number;

  constructor(
    private readonly database: Database,
    private readonly options: PostgresNotificationsOptions = {},
  ) {
    this.recheckMs = options.recheckMs ?? 30_000;
  }

  subscribe(matchId: string, listener: AppendListener): () => void {
    const unsubscribe = this.local.subscribe(matchId, listener);
    if (!this.listener && !this.connecting && !this.closed) void this.listen();
    return unsubscribe;
  }

  publish(matchId: string, version: number): void {
    this.local.publish(matchId, version);
    const id = matchId.toLowerCase();
    this.queued.set(id, Math.max(version, this.queued.get(id) ?? 0));
    if (!this.flushing) void this.flush();
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queued.size && !this.closed) {
        let payload = this.origin;
        for (const [id, version] of this.queued) {
          const entry = ` ${id}:${version}`;
          if (payload.length + entry.length > MAX_PAYLOAD) break;
          payload += entry;
          this.queued.delete(id);
        }
        await this.database.query('SELECT pg_notify($1, $2)', [MATCH_APPENDS_CHANNEL, payload]);
      }
    } catch (error) {
      // The database is unreachable: the other processes' feeds catch up at their next wake-up.
      this.queued.clear();
      this.options.onError?.(error);
    } finally {
      this.flushing = false;
    }
  }

  private received(payload: string | undefined): void {
    const [origin, ...entries] = (payload ?? '').split(' ');
    if (origin === this.origin) return;
    for (const entry of entries) {
      const parsed = parseAppendPayload(entry);
      if (parsed) this.local.publish(parsed.matchId, parsed.version);
    }
  }

  /** Opens the listening connection, retrying with back-off until it is open or closed. */
  private async listen(): Promise<void> {
    this.connecting = true;
    for (let attempt = 0; !this.closed; attempt++) {
      const client = new pg.Client({
        connectionString: this.database.url,
        keepAlive: true,
        keepAliveInitialDelayMillis: LISTENER_TIMEOUT_MS,
        connectionTimeoutMillis: LISTENER_TIMEOUT_MS,
        application_name: LISTENER_NAME,
      });
      client.on('notification', (n) => {
        if (n.channel === MATCH_APPENDS_CHANNEL) this.received(n.payload);
      });
      client.on('error', (error) => this.lost(client, error));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        await within(client.query(`LISTEN ${MATCH_APPENDS_CHANNEL}`), LISTENER_TIMEOUT_MS);
        if (this.closed) {
          await client.end().catch(() => {});
          break;
        }
        this.listener = client;
        this.connecting = false;
        this.recheck = setInterval(() => void this.recheckVersions(client), this.recheckMs);
        this.recheck.unref();
        // Anything committed before LISTEN took effect was not announced to this connection.
        this.local.resync();
        return;
      } catch (error) {
        this.options.onError?.(error);
        client.removeAllListeners('end');
        await client.end().catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_BACKOFF_MS, 100 * 2 ** attempt)).unref());
      }
    }
    this.connecting = false;
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    clearInterval(this.recheck);
    if (error) this.options.onError?.(error);
    void client.end().catch(() => {});
    if (!this.closed && this.local.followedMatches().length > 0) void this.listen();
  }

  /** The safety net (module comment): wakes the feeds of matches that moved without a notification. */
  private async recheckVersions(client: pg.Client): Promise<void> {
    const followed = this.local.followedMatches().filter((id) => UUID.test(id));
    if (followed.length === 0 || this.listener !== client) return;
    try {
      const { rows } = await within(
        client.query<{ match_id: string; version: number }>(
          `SELECT match_id::text AS match_id, max(version) AS version FROM match_events WHERE match_id = ANY($1::uuid[]) GROUP BY match_id`,
          [followed],
        ),
        LISTENER_TIMEOUT_MS,
      );
      for (const row of rows) this.local.publish(row.match_id, Number(row.version));
    } catch (error) {
      this.lost(client, error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.recheck);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => {});
    await this.local.close();
  }
}
