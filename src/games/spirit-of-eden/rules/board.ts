/** The Spirit of Eden board: ring of 8 Terrain cards around Noa, Goomz, Allies, Objective piles (SOE-GRID, SOE-COMP). */
import { pointer, type InputProblem } from '../../../kernel/errors.js';

export type Terrain = 'waterfall' | 'swamp' | 'forest' | 'mountain';
export type CardState = 'healthy' | 'devastated' | 'destroyed';
export type Color = 'yellow' | 'red' | 'black';
export type AllyKind = 'water' | 'fauna' | 'flora';
export type Mode = 'classic' | 'celestial' | 'fearless' | 'resurrection' | 'devastator' | 'scarcity';

export const TERRAINS: readonly Terrain[] = ['waterfall', 'swamp', 'forest', 'mountain'];
/** An Ally's `at` while it sits on the Noa card (SOE-NOA-RET-1). */
export const NOA = 'noa';
/** A Goomz's `at` once its figure has left the game (SOE-OBJ-3). */
export const REMOVED = 'removed';

export interface Card {
  terrain: Terrain;
  state: CardState;
}

export interface Goomz {
  color: Color;
  /** A ring card id, or `removed`. */
  at: string;
  /** The Ally token under this figure (SOE-ACT-AMBUSH-2). */
  ambushedBy?: AllyKind | null;
}

export interface Ally {
  kind: AllyKind;
  /** A ring card id, or `noa`. */
  at: string;
  /** Blank side up (SOE-ACT-PROTECT-1). */
  protecting?: boolean;
  /** On Noa: the turn at whose start it returns to a Forest (SOE-NOA-RET-2). */
  availableFromTurn?: number;
}

export interface ObjectiveCard {
  ally?: AllyKind;
  terrain?: Terrain;
  /** Shows the die-bonus symbol (SOE-OBJ-4). */
  dieBonus?: boolean;
  /** Members the caller sent beyond these (a card's `name`…) are kept with the card as sent. */
  [extra: string]: unknown;
}

/** The pile under one Goomz card: `pile[0]` is the face-up objective, the rest follow in order (SOE-SETUP-5). */
export interface ObjectivePile {
  color: Color;
  pile: ObjectiveCard[];
  /** Objective cards already taken from this pile. */
  claimed?: ObjectiveCard[];
}

export interface Board {
  /** 8 card ids clockwise from the top-left slot (SOE-GRID-2). */
  ring: string[];
  cards: Record<string, Card>;
  goomz: Goomz[];
  allies: Ally[];
  objectives?: ObjectivePile[];
}

/** SOE-GRID-2: the next Terrain slot clockwise. */
export function next(ring: readonly string[], id: string): string {
  const i = ring.indexOf(id);
  return ring[(i + 1) % ring.length]!;
}

/** SOE-GRID-3: ring neighbours (diagonals and Noa never count). */
export function ringDistance(ring: readonly string[], a: string, b: string): number {
  const d = Math.abs(ring.indexOf(a) - ring.indexOf(b));
  return Math.min(d, ring.length - d);
}

export function inPlay(g: Goomz): boolean {
  return g.at !== REMOVED;
}

/** Every structural problem of a board (400), each with its JSON pointer. */
export function boardProblems(board: Board, modes: readonly Mode[] = []): InputProblem[] {
  const problems: InputProblem[] = [];
  const add = (path: string, code: string, message: string) => problems.push({ path, code, message });
  const ringSet = new Set<string>();
  board.ring.forEach((id, i) => {
    if (id === NOA || id === REMOVED) add(pointer('ring', i), 'reserved_id', `"${id}" is reserved and cannot name a Terrain card.`);
    else if (ringSet.has(id)) add(pointer('ring', i), 'duplicate_card', `Card ${id} appears twice in the ring.`);
    else if (!Object.prototype.hasOwnProperty.call(board.cards, id)) add(pointer('ring', i), 'unknown_card', `Card ${id} is not in \`cards\`.`);
    ringSet.add(id);
  });
  // SOE-COMP-1: 2 Waterfall, 2 Swamp, 2 Forest, 2 Mountain.
  const counts = new Map<Terrain, number>();
  for (const id of ringSet) {
    const card = board.cards[id];
    if (card) counts.set(card.terrain, (counts.get(card.terrain) ?? 0) + 1);
  }
  if (problems.length === 0) {
    const off = TERRAINS.filter((t) => (counts.get(t) ?? 0) !== 2);
    if (off.length > 0) add('/cards', 'terrain_count', `The ring needs exactly 2 cards of each terrain (SOE-COMP-1); wrong: ${off.join(', ')}.`);
  }
  const onCard = (at: string) => ringSet.has(at);
  const seenColors = new Set<Color>();
  const ambushers = new Set<AllyKind>();
  board.goomz.forEach((g, i) => {
    if (seenColors.has(g.color)) add(pointer('goomz', i, 'color'), 'duplicate_goomz', `Goomz ${g.color} appears twice.`);
    seenColors.add(g.color);
    if (g.at !== REMOVED && !onCard(g.at)) add(pointer('goomz', i, 'at'), 'unknown_card', `${g.at} is neither a ring card nor "removed".`);
    if (!g.ambushedBy) return;
    if (g.at === REMOVED) {
      add(pointer('goomz', i, 'ambushedBy'), 'removed_ambushed', 'A removed Goomz cannot be ambushed.');
      return;
    }
    const ally = board.allies.find((a) => a.kind === g.ambushedBy);
    if (!ally || ally.at !== g.at) {
      add(pointer('goomz', i, 'ambushedBy'), 'ambusher_absent', `Ally ${g.ambushedBy} is not on ${g.at} (SOE-ACT-AMBUSH-2).`);
    } else if (ambushers.has(g.ambushedBy)) {
      add(pointer('goomz', i, 'ambushedBy'), 'ambusher_busy', `Ally ${g.ambushedBy} is already under another Goomz.`);
    } else {
      ambushers.add(g.ambushedBy);
    }
  });
  const seenKinds = new Set<AllyKind>();
  board.allies.forEach((a, i) => {
    if (seenKinds.has(a.kind)) add(pointer('allies', i, 'kind'), 'duplicate_ally', `Ally ${a.kind} appears twice.`);
    seenKinds.add(a.kind);
    if (a.at !== NOA && !onCard(a.at)) add(pointer('allies', i, 'at'), 'unknown_card', `${a.at} is neither a ring card nor "noa".`);
    if (a.protecting && a.at === NOA) add(pointer('allies', i, 'protecting'), 'protecting_on_noa', 'An Ally on Noa protects nothing.');
    // SOE-ACT-AMBUSH-3: ambushing ends protection; one token cannot be in both states.
    if (a.protecting && ambushers.has(a.kind)) add(pointer('allies', i, 'protecting'), 'protecting_and_ambushing', `Ally ${a.kind} cannot protect while ambushing.`);
  });
  const seenPiles = new Set<Color>();
  (board.objectives ?? []).forEach((o, i) => {
    if (seenPiles.has(o.color)) add(pointer('objectives', i, 'color'), 'duplicate_pile', `Pile ${o.color} appears twice.`);
    seenPiles.add(o.color);
    const g = board.goomz.find((x) => x.color === o.color);
    // SOE-OBJ-3: in Classic an emptied pile removes its Goomz at once.
    if (!modes.includes('devastator') && g && inPlay(g) && o.pile.length === 0) {
      add(pointer('objectives', i, 'pile'), 'empty_pile_in_play', `Goomz ${o.color} is in play but its pile is empty (SOE-OBJ-3).`);
    }
  });
  return problems;
}

/** Problems with the Goomz-phase order: every Goomz in play exactly once (SOE-GOOMZ-ORDER-1). */
export function orderProblems(board: Board, order: readonly Color[]): InputProblem[] {
  const problems: InputProblem[] = [];
  const playing = board.goomz.filter(inPlay).map((g) => g.color);
  const seen = new Set<Color>();
  order.forEach((c, i) => {
    if (!playing.includes(c)) problems.push({ path: pointer('order', i), code: 'not_in_play', message: `Goomz ${c} is not in play.` });
    else if (seen.has(c)) problems.push({ path: pointer('order', i), code: 'duplicate', message: `Goomz ${c} acts only once (SOE-GOOMZ-ORDER-1).` });
    seen.add(c);
  });
  const missing = playing.filter((c) => !seen.has(c));
  if (missing.length > 0) {
    problems.push({ path: '/order', code: 'missing_goomz', message: `Every Goomz in play acts once; missing: ${missing.join(', ')} (SOE-GOOMZ-ORDER-1).` });
  }
  return problems;
}
