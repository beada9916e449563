/**
 * Seat and spectator tokens (CONTRACT §8.1): the match owner (its API key) hands each person at the
 * table a token that can do only what that person may do, so a browser plugin never holds the key.
 *
 * A token is a compact JWS signed with the service key (the receipt key, as feed tokens are): every
 * API replica on the same database accepts it, and tokens are not stored. Its header `typ` names
 * its use (`seat+jwt`, `spectator+jwt`) and it is accepted only for that use and that match. Its
 * payload: `{scope: "seat" | "spectator", sub: <API key id of the owner>, res: "match:<id>",
 * seat?: <player id>, gen?: <seat generation>, delay?: <events behind the head, spectators>, iat,
 * exp, iss, jti}`. A seat token works while its seat's
 * generation (kept with the match, raised by `revokeSeat`) is the one it was issued in, until
 * `exp`, and while the owner's key is not revoked (the transport checks that, as for feed tokens).
 */
import { randomUUID } from 'node:crypto';
import { InvalidInput, NotFound } from '../../kernel/errors.js';
import type { Clock } from '../ports.js';
import type { ReceiptKeyStore } from '../league/ports.js';
import { decodeCompact, signedByService, signToken, tokenUse } from '../league/receipts.js';
import type { EventStore } from './ports.js';

/** Lifetimes a token may be asked for, in seconds (CONTRACT §8.1). */
export const SEAT_TOKEN_TTL = { min: 60, max: 86_400, default: 86_400 } as const;

/** Who reads or acts on a match: its owner (the API key), one player's seat, or a spectator (`delayEvents`: reading that many events behind the head, CONTRACT §9.2). */
export type MatchViewer = { kind: 'owner' } | { kind: 'seat'; playerId: string } | { kind: 'spectator'; delayEvents?: number };

/** How far behind the head a spectator token may be asked to read (CONTRACT §9.2). */
export const SPECTATOR_DELAY = { min: 0, max: 1000 } as const;

/** The caller of a match route: whose match it must be, and as whom it reads and acts. */
export interface MatchCaller {
  ownerId: string;
  viewer: MatchViewer;
}

export const OWNER: MatchViewer = Object.freeze({ kind: 'owner' });

export interface IssuedSeatToken {
  token: string;
  /** ISO 8601. */
  expiresAt: string;
  playerId?: string;
}

/** Why a token is refused (each a 401 at the transport). */
export type SeatTokenRejection = 'malformed' | 'not_a_table_token' | 'bad_signature' | 'expired' | 'other_match' | 'seat_revoked';

/** A valid token: the caller it stands for, and for a seat the generation it was issued in (streams watch it). */
export type SeatTokenCheck = { ok: true; caller: MatchCaller; generation?: number } | { ok: false; reason: SeatTokenRejection };

export interface SeatTokenOptions {
  clock: Clock;
  issuer: string;
  /** Called after a seat's tokens were revoked (its open streams end: seat-watch.ts). */
  onRevoked?: (matchId: string, playerId: string) => void;
}

const matchClaim = (matchId: string) => `match:${matchId}`;

export class SeatTokenService {
  constructor(
    private readonly keys: ReceiptKeyStore,
    private readonly events: EventStore,
    private readonly options: SeatTokenOptions,
  ) {}

  /** A seat token for `playerId` of the owner's match (404 for another key's match or a player not in it). */
  async issueSeat(ownerId: string, matchId: string, playerId: string, ttlSeconds?: number): Promise<IssuedSeatToken> {
    const ttl = checkTtl(ttlSeconds);
    await this.assertSeat(ownerId, matchId, playerId);
    const generation = (await this.events.seatGenerations(ownerId, matchId))?.[playerId] ?? 0;
    const issued = await this.sign('seat', ownerId, matchId, ttl, { seat: playerId, gen: generation });
    return { ...issued, playerId };
  }

  /**
   * A spectator token for the owner's match (404 for another key's match); with `delayEvents` n its
   * views, log and feed stop n events behind the head (CONTRACT §9.2: a stream cannot relay the game
   * back to a player).
   */
  async issueSpectator(ownerId: string, matchId: string, ttlSeconds?: number, delayEvents = 0): Promise<IssuedSeatToken & { delayEvents?: number }> {
    const ttl = checkTtl(ttlSeconds);
    if (!Number.isInteger(delayEvents) || delayEvents < SPECTATOR_DELAY.min || delayEvents > SPECTATOR_DELAY.max) {
      throw new InvalidInput([{ path: '/delayEvents', code: 'out_of_range', message: `must be an integer from ${SPECTATOR_DELAY.min} to ${SPECTATOR_DELAY.max}` }]);
    }
    if (!(await this.events.getMatch(ownerId, matchId))) throw new NotFound(`No match ${matchId}.`);
    const issued = await this.sign('spectator', ownerId, matchId, ttl, delayEvents ? { delay: delayEvents } : {});
    return delayEvents ? { ...issued, delayEvents } : issued;
  }

  /** Every token of the seat stops working (its generation is raised); 404 for another key's match or a player not in it. */
  async revokeSeat(ownerId: string, matchId: string, playerId: string): Promise<void> {
    await this.assertSeat(ownerId, matchId, playerId);
    await this.events.revokeSeat(ownerId, matchId, playerId);
    this.options.onRevoked?.(matchId, playerId);
  }

  /** NotFound (404) unless `matchId` is the owner's match and `playerId` one of its players. */
  private async assertSeat(ownerId: string, matchId: string, playerId: string): Promise<void> {
    const match = await this.events.getMatch(ownerId, matchId);
    if (!match) throw new NotFound(`No match ${matchId}.`);
    if (!match.players.some((p) => p.id === playerId)) throw new NotFound(`Match ${matchId} has no player ${playerId}.`);
  }

  /** Whether `token` is a valid seat or spectator token of this service for `matchId`, and as whom it reads. */
  async check(token: string, matchId: string): Promise<SeatTokenCheck> {
    const decoded = decodeCompact(token);
    if (!decoded) return { ok: false, reason: 'malformed' };
    const { header, claims } = decoded;
    const use = tokenUse(header);
    // Accepted only for its use: a feed token or a receipt is not a seat at the table.
    if (use !== 'seat' && use !== 'spectator') return { ok: false, reason: 'not_a_table_token' };
    if (header.alg !== 'EdDSA' || typeof header.kid !== 'string') return { ok: false, reason: 'malformed' };
    if (!(await signedByService(this.keys, token))) return { ok: false, reason: 'bad_signature' };
    const { scope, sub, res, exp, iss, seat, gen, delay } = claims;
    if (scope !== use || typeof sub !== 'string' || typeof res !== 'string' || typeof exp !== 'number' || iss !== this.options.issuer) {
      return { ok: false, reason: 'malformed' };
    }
    if (use === 'seat' && (typeof seat !== 'string' || typeof gen !== 'number')) return { ok: false, reason: 'malformed' };
    if (delay !== undefined && (use !== 'spectator' || !Number.isInteger(delay) || (delay as number) < 0)) return { ok: false, reason: 'malformed' };
    if (this.options.clock.now() >= exp * 1000) return { ok: false, reason: 'expired' };
    if (res !== matchClaim(matchId)) return { ok: false, reason: 'other_match' };
    if (use === 'spectator') return { ok: true, caller: { ownerId: sub, viewer: delay ? { kind: 'spectator', delayEvents: delay as number } : { kind: 'spectator' } } };
    const generations = await this.events.seatGenerations(sub, matchId);
    if (!generations) return { ok: false, reason: 'other_match' };
    if ((generations[seat as string] ?? 0) !== gen) return { ok: false, reason: 'seat_revoked' };
    return { ok: true, caller: { ownerId: sub, viewer: { kind: 'seat', playerId: seat as string } }, generation: gen as number };
  }

  private async sign(use: 'seat' | 'spectator', ownerId: string, matchId: string, ttl: number, extra: Record<string, unknown>): Promise<IssuedSeatToken> {
    const iat = Math.floor(this.options.clock.now() / 1000);
    const exp = iat + ttl;
    // `jti`: each token its own (two issued in one second are two tokens, each with its own budget, CONTRACT §9.4)
    const token = await signToken(this.keys, use, { scope: use, sub: ownerId, res: matchClaim(matchId), ...extra, iat, exp, iss: this.options.issuer, jti: randomUUID() });
    return { token, expiresAt: new Date(exp * 1000).toISOString() };
  }
}

function checkTtl(ttlSeconds: number | undefined): number {
  const ttl = ttlSeconds ?? SEAT_TOKEN_TTL.default;
  if (!Number.isInteger(ttl) || ttl < SEAT_TOKEN_TTL.min || ttl > SEAT_TOKEN_TTL.max) {
    throw new InvalidInput([{ path: '/ttlSeconds', code: 'out_of_range', message: `must be an integer from ${SEAT_TOKEN_TTL.min} to ${SEAT_TOKEN_TTL.max}` }]);
  }
  return ttl;
}
