/**
 * Views of a match per viewer (CONTRACT §8.1), derived from the game's table rules
 * (src/games/<game>/match/table.ts): the owner reads everything; a seat reads the public state plus
 * its player's secrets; a spectator the public state. Everything that carries match state goes
 * through here — the state, the `options` echoed back, the events (log, SSE feed, GraphQL), the
 * moves, and refusals (their texts masked) — so no route can forget a secret.
 */
import { InvalidInput, RuleViolation } from '../../kernel/errors.js';
import type { Reader } from '../../kernel/table.js';
import { NotYourSeat } from './errors.js';
import type { Command, LoadedGame, MatchFold } from '../../kernel/match-game.js';
import type { MatchViewer } from './seat-tokens.js';

/** Who sends a command: the caller, or — the owner with `?as=<playerId>` (CONTRACT §9.1) — that player's seat. */
export function commandViewer(viewer: MatchViewer, as: string | undefined): MatchViewer {
  if (as === undefined) return viewer;
  if (viewer.kind !== 'owner') throw new NotYourSeat('Only the match owner may send a command for a player (?as=).', 'owner_only');
  return { kind: 'seat', playerId: as };
}

/** Who a viewer reads as: undefined for the owner (no redaction), a player id for a seat, null for a spectator. */
export function readerOf(viewer: MatchViewer): Reader | undefined {
  return viewer.kind === 'owner' ? undefined : viewer.kind === 'seat' ? viewer.playerId : null;
}

/** `viewer` of an answer (CONTRACT §8.1): `{kind, playerId?}`, plus `preview: true` for the owner's `?as=`. */
export function viewerMember(viewer: MatchViewer, preview = false): { kind: MatchViewer['kind']; playerId?: string; preview?: true } {
  return { kind: viewer.kind, ...(viewer.kind === 'seat' ? { playerId: viewer.playerId } : {}), ...(preview ? { preview: true as const } : {}) };
}

/**
 * CONTRACT §8.1: a seat sends commands for its own player only, and only what the rules give that
 * player now; a spectator sends none. Otherwise NotYourSeat (403 `not_your_seat`), before anything is decided.
 */
export function assertSeatMayAct(g: LoadedGame, viewer: MatchViewer, command: Command, fold: MatchFold): void {
  if (viewer.kind === 'owner') return;
  if (viewer.kind === 'spectator') throw new NotYourSeat('A spectator token reads the match; it sends no commands.');
  const seat = viewer.playerId;
  const actor = g.actor(command, fold);
  if (Array.isArray(actor)) {
    throw new NotYourSeat(`This command carries the decisions of ${actor.join(', ')}: only the match owner (a referee, or the table's host) sends it.`);
  }
  if (typeof actor === 'string' && actor !== seat) throw new NotYourSeat(`This command acts for player ${actor}; this token holds the seat of ${seat}.`);
  // while the table waits for a decision, the kernel refuses what skips it (422) or decides it twice (409)
  if (fold.state.pending.some((p) => p.kind !== 'choice')) return;
  const givenTo = g.flow(fold).moves.filter((m) => m.type === command.type);
  if (givenTo.length > 0 && !givenTo.some((m) => m.player === seat)) {
    const players = [...new Set(givenTo.map((m) => m.player))].join(', ');
    throw new NotYourSeat(`${command.type} is for ${players} now, not for ${seat}.`);
  }
}

const MASK = '[hidden]';

/**
 * The names a command carries (every string member but its `type` and dice) that `viewText` — the
 * sender's view of the match, as JSON — does not hold. A refusal masks them too, so it reads the same
 * whether a named card is in another player's hand or deck or exists nowhere (issue: a made-up name
 * was echoed while a hidden one was masked, an oracle for what others hold).
 */
export function unseenNames(command: Command, viewText: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown, top: boolean): void => {
    if (typeof v === 'string') {
      if (v.length > 0 && !viewText.includes(JSON.stringify(v).slice(1, -1))) out.push(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, false));
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (!(top && (k === 'type' || k === 'dice'))) walk(x, false);
  };
  walk(command, true);
  return out;
}

/** `text` with every secret of `secrets` replaced. */
function maskText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length > 0 && out.includes(secret)) out = out.split(secret).join(MASK);
  return out;
}

/** Any JSON value with every string holding a secret masked. */
function maskValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return maskText(value, secrets);
  if (Array.isArray(value)) return value.map((v) => maskValue(v, secrets));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [maskText(k, secrets), maskValue(v, secrets)]));
  return value;
}

/**
 * A refusal as a seat or spectator reads it: its message and members with the texts it may not
 * see masked (e.g. a 422 naming a card in another player's hand). Other errors pass unchanged.
 */
export function maskRefusal(error: unknown, given: readonly string[]): unknown {
  if (given.length === 0) return error;
  // the longest first: a name that holds a shorter secret ("p2-9999", "p2-9") is masked whole
  const secrets = [...new Set(given)].sort((a, b) => b.length - a.length);
  if (error instanceof RuleViolation) return new RuleViolation(error.code, maskText(error.message, secrets), maskValue(error.extra, secrets) as Record<string, unknown>);
  if (error instanceof InvalidInput) {
    return new InvalidInput(
      error.errors.map((p) => ({ ...p, message: maskText(p.message, secrets) })),
      maskText(error.message, secrets),
      error.code,
      maskValue(error.extra, secrets) as Record<string, unknown>,
    );
  }
  return error;
}
