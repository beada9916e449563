/**
 * The Spirit of Eden table (CONTRACT §8.1): a solo (or cooperative) game, so no player keeps
 * anything from another; what the rules keep from everyone is the order of the Objective piles
 * (SOE-SETUP-5: shuffled, 3 piles of 3, Ally side up; only the top card of each pile is turned to
 * its Objective side, SOE-OBJ-1). Every card of a pile below the top one reads HIDDEN for every
 * reader (the pile keeps its length); a card becomes public when a claim turns it up (SOE-OBJ-3)
 * and stays public once claimed. Everything else is face up: the Terrain cards, Goomz and Allies
 * (SOE-SETUP-1..4), the Action cards (SOE-SETUP-6, `options.actionCards`), the dice.
 *
 * A pile may appear anywhere an `objectives` list does: the board, the board the turn started
 * with, the events, and the requests and results of the stateless `soe.*` operations kept in the
 * resolution log (`latest`), so every `objectives` list is redacted wherever it is.
 */
import { HIDDEN, type Move, type Reader, type TableRules } from '../../../kernel/table.js';
import type { GameCommand, GameEvent } from '../../../kernel/decider.js';
import type { SpiritState } from './state.js';
import { spiritOutcome } from './outcome.js';

/** The match state GET /v1/matches/{id} answers: the game's state inside the resolution-log wrapper. */
export type SpiritTableState = SpiritState & {
  players: { id: string; name?: string }[];
  latest?: Record<string, { request?: unknown; result?: unknown } | undefined>;
};

type Data = Record<string, unknown>;

/** `obj[key] = value` as an own member (also for a key "__proto__"). */
function put(obj: Data, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/** SOE-SETUP-5 / SOE-OBJ-1: the face-up objective stays, every card under it reads HIDDEN. */
function pileView(pile: unknown): unknown {
  if (!pile || typeof pile !== 'object' || !Array.isArray((pile as Data).pile)) return redact(pile);
  const cards = (pile as { pile: unknown[] }).pile;
  const out = redact(pile) as Data;
  return { ...out, pile: cards.map((card, i) => (i === 0 ? card : HIDDEN)) };
}

/** `value` with every Objective pile redacted; unchanged parts are shared, nothing is mutated. */
function redact(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = value.map(redact);
    return out.some((v, i) => v !== value[i]) ? out : value;
  }
  if (!value || typeof value !== 'object') return value;
  let out: Data | undefined;
  for (const [key, v] of Object.entries(value)) {
    const seen = key === 'objectives' && Array.isArray(v) ? v.map(pileView) : redact(v);
    if (seen === v) continue;
    out ??= { ...(value as Data) };
    put(out, key, seen);
  }
  return out ?? value;
}

/** The cards under the top of every pile in `value` (what `redact` hides). */
function hiddenCards(value: unknown, into: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) hiddenCards(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'objectives' && Array.isArray(v)) {
        for (const p of v) {
          const cards = (p as { pile?: unknown } | null)?.pile;
          if (Array.isArray(cards)) into.push(...cards.slice(1));
          hiddenCards(p, into);
        }
      } else hiddenCards(v, into);
    }
  }
  return into;
}

function strings(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, into.add(k));
  return into;
}

/** Texts on the hidden cards (a card's name or id, its Ally or Terrain) that the reader sees nowhere else. */
function secretTexts(state: SpiritTableState): string[] {
  const candidates = new Set<string>();
  for (const card of hiddenCards(state)) {
    if (card && typeof card === 'object') for (const v of Object.values(card)) if (typeof v === 'string' && v.length > 0) candidates.add(v);
  }
  const visible = strings(redact(state), new Set());
  return [...candidates].filter((t) => !visible.has(t));
}

/**
 * The stateless operations of the resolution log (`soe.action`, …): open table tools, resolved on
 * the request as the stateless endpoints do, for anyone at the table while the match is not over.
 */
export const SPIRIT_TABLE_TOOLS = ['soe.action', 'soe.goomz_phase', 'soe.player_phase', 'soe.setup', 'soe.status', 'soe.turn_start'] as const;
/** Their deprecated aliases (the operation ids, CONTRACT §8.2), accepted as commands too. */
const TOOL_ALIASES = ['soe.goomzPhase', 'soe.playerPhase', 'soe.turnStart'];

/** The match commands the flow allows now (SOE-TURN-1). */
function flow(state: SpiritTableState): string[] {
  switch (state.phase) {
    // SOE-SETUP-1..5: the dealt layout first
    case 'setup':
      return ['soe.set_up'];
    // SOE-TURN-2: returns, Scarcity's card, then the roll
    case 'turn_start':
      return ['soe.roll'];
    case 'player': {
      const types: string[] = [];
      // SOE-PLACE-2: the Action cards' faces come from the options
      if (state.options.actionCards) types.push('soe.place');
      // SOE-REROLL-1: an unused die set aside to re-roll another
      types.push('soe.reroll');
      // SOE-OBJ-4 / SOE-MODE-3: die bonuses, not in Fearless
      if (!state.options.modes.includes('fearless')) types.push('soe.bonus');
      // SOE-NOA-1: once per game
      if (!state.noaPowerUsed) types.push('soe.noa');
      // SOE-TURN-1: the player phase ends with the Goomz phase
      types.push('soe.goomz');
      return types;
    }
    default:
      return [];
  }
}

function moves(state: SpiritTableState): Move[] {
  // SOE-END-1/2: nothing more once won or lost
  if (state.phase === 'ended' || spiritOutcome(state).ended) return [];
  const types = [...flow(state), ...SPIRIT_TABLE_TOOLS];
  return state.players.flatMap((p) => types.map((type) => ({ player: p.id, type })));
}

function actor(command: GameCommand, state: SpiritTableState): string | undefined {
  if (typeof command.player === 'string') return command.player;
  if ([...SPIRIT_TABLE_TOOLS, ...TOOL_ALIASES].includes(command.type)) return undefined;
  // SOE-TURN-1: a solo game's every step is its player's; a cooperative table shares them
  return state.players.length === 1 ? state.players[0]!.id : undefined;
}

export const spiritTable: TableRules<SpiritTableState> = {
  // The piles are hidden from everyone, the player included: the same view for every reader
  viewState: (state) => redact(state),
  viewOptions: (options) => redact(options) as Record<string, unknown>,
  viewEvent: (event: GameEvent) => ({ type: event.type, data: redact(event.data) }),
  secretTexts: (state: SpiritTableState, _reader: Reader) => secretTexts(state),
  moves,
  actor,
};
