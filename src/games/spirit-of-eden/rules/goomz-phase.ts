/** The Spirit of Eden Goomz phase: rules A–F per Goomz in the player's order (SOE-GOOMZ). */
import { InvalidInput, RuleViolation } from '../../../kernel/errors.js';
import { type Ally, type AllyKind, type Board, type Color, type Goomz, type Mode, type ObjectiveCard, NOA, REMOVED, boardProblems, inPlay, next, orderProblems } from './board.js';
import { checkEnd } from './end.js';

export type Rule = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';

export interface GoomzPhaseOptions {
  modes?: Mode[];
  /** For D/E with several candidate Allies: which one this Goomz deals with (SOE-AMB-9). Default: the first in `allies` order. */
  picks?: Partial<Record<Color, AllyKind>>;
  /** SOE-AMB-9 alternative: D sends every unprotected Ally on the card to Noa. */
  dSendsAll?: boolean;
  /** SOE-AMB-6 option: protection that was not used up ends with the Goomz phase. */
  protectionEndsWithPhase?: boolean;
  /** Current turn number, to stamp `availableFromTurn` on Allies sent to Noa (SOE-NOA-RET). */
  turn?: number;
}

export interface ObjectiveClaim {
  claimed: ObjectiveCard | null;
  /** Cards left in the pile (null when piles are not tracked). */
  remaining: number | null;
  goomzRemoved: boolean;
}

export interface GoomzStep {
  color: Color;
  rule: Rule;
  /** The card the Goomz acted from. */
  card: string;
  /** Where the Goomz moved (C, F) — `removed` when it left the game. */
  to?: string;
  /** The Ally dealt with (D, E) or freed (F). */
  ally?: AllyKind;
  /** D with `dSendsAll`: every Ally sent to Noa. */
  allies?: AllyKind[];
  effect: 'moved' | 'withdrew' | 'protection_used' | 'ally_to_noa' | 'devastated' | 'destroyed';
  objective?: ObjectiveClaim;
}

export interface GoomzPhase extends Board {
  steps: GoomzStep[];
  won: boolean;
  lost: boolean;
  /** Goomz that did not act because the game ended first (SOE-END-3). */
  skipped: Color[];
}

function clone(board: Board): Board {
  return structuredClone(board);
}

/** SOE-GOOMZ-ORDER-3 / SOE-AMB-7: Allies on `card` other Goomz may deal with (not ambushing anyone still there). */
function freeAllies(board: Board, card: string): Ally[] {
  const ambushing = new Set(board.goomz.filter((g) => inPlay(g) && g.ambushedBy).map((g) => g.ambushedBy));
  return board.allies.filter((a) => a.at === card && !ambushing.has(a.kind));
}

function choose(candidates: Ally[], pick: AllyKind | undefined, color: Color, rule: Rule): Ally {
  if (pick === undefined) return candidates[0]!;
  const chosen = candidates.find((a) => a.kind === pick);
  if (!chosen) {
    throw new RuleViolation(
      'illegal_pick',
      `Goomz ${color} applies rule ${rule}; ${pick} is not one of the Allies it may deal with (${candidates.map((a) => a.kind).join(', ')}).`,
      {
        color,
        rule,
        candidates: candidates.map((a) => a.kind),
      },
    );
  }
  return chosen;
}

/** SOE-OBJ-3: take the completed objective, reveal the next; an empty pile removes the Goomz (not in Devastator). */
function claimObjective(board: Board, g: Goomz, modes: readonly Mode[]): ObjectiveClaim {
  const pile = board.objectives?.find((p) => p.color === g.color);
  if (!pile) return { claimed: null, remaining: null, goomzRemoved: false };
  const claimed = pile.pile.shift() ?? null;
  if (claimed) (pile.claimed ??= []).push(claimed);
  // SOE-MODE-5: in Devastator the figures never leave Eden.
  const goomzRemoved = pile.pile.length === 0 && !modes.includes('devastator');
  if (goomzRemoved) g.at = REMOVED;
  return { claimed, remaining: pile.pile.length, goomzRemoved };
}

function act(board: Board, g: Goomz, opts: GoomzPhaseOptions, modes: readonly Mode[]): GoomzStep {
  const s = g.at;
  const card = board.cards[s]!;
  // SOE-GOOMZ-F (checked first, SOE-AMB-8): an ambushed Goomz withdraws clockwise; its Ally stays, freed.
  if (g.ambushedBy) {
    const ally = g.ambushedBy;
    delete g.ambushedBy;
    g.at = next(board.ring, s);
    const objective = claimObjective(board, g, modes);
    return { color: g.color, rule: 'F', card: s, to: g.at, ally, effect: 'withdrew', objective };
  }
  // SOE-GOOMZ-C: on a destroyed terrain, alone or not, move clockwise whatever the next slot is.
  if (card.state === 'destroyed') {
    g.at = next(board.ring, s);
    return { color: g.color, rule: 'C', card: s, to: g.at, effect: 'moved' };
  }
  const allies = freeAllies(board, s);
  const protecting = allies.filter((a) => a.protecting);
  // SOE-GOOMZ-E (SOE-GOOMZ-ORDER-2: protecting Allies first): the protection is used up, the Ally stays.
  if (protecting.length > 0) {
    const ally = choose(protecting, opts.picks?.[g.color], g.color, 'E');
    ally.protecting = false;
    return { color: g.color, rule: 'E', card: s, ally: ally.kind, effect: 'protection_used' };
  }
  // SOE-GOOMZ-D: an unprotected Ally goes to Noa, unavailable next turn only (SOE-NOA-RET-1); no attack.
  if (allies.length > 0) {
    // SOE-AMB-9: one Ally per Goomz (player's pick), or all of them with `dSendsAll`.
    const sent = opts.dSendsAll ? allies : [choose(allies, opts.picks?.[g.color], g.color, 'D')];
    for (const ally of sent) {
      ally.at = NOA;
      ally.protecting = false;
      if (opts.turn !== undefined) ally.availableFromTurn = opts.turn + 2;
    }
    const step: GoomzStep = { color: g.color, rule: 'D', card: s, ally: sent[0]!.kind, effect: 'ally_to_noa' };
    if (opts.dSendsAll) step.allies = sent.map((a) => a.kind);
    return step;
  }
  // SOE-GOOMZ-A: alone on a healthy card → devastated.
  if (card.state === 'healthy') {
    card.state = 'devastated';
    return { color: g.color, rule: 'A', card: s, effect: 'devastated' };
  }
  // SOE-GOOMZ-B: alone on a devastated card → removed from the game; the slot is a destroyed terrain.
  card.state = 'destroyed';
  return { color: g.color, rule: 'B', card: s, effect: 'destroyed' };
}

/** The ambushes on the board must each meet their Goomz's current objective (422 otherwise). */
function checkAmbushes(board: Board, modes: readonly Mode[]): void {
  for (const g of board.goomz) {
    if (!g.ambushedBy || !inPlay(g)) continue;
    const pile = board.objectives?.find((p) => p.color === g.color);
    const card = board.cards[g.at]!;
    // SOE-MODE-5: in Devastator a Goomz whose pile is empty has no objective and cannot be ambushed.
    if (pile && pile.pile.length === 0) {
      throw new RuleViolation('no_objective', `Goomz ${g.color} has no objective left and cannot be ambushed (SOE-MODE-5).`, { color: g.color });
    }
    // SOE-ACT-AMBUSH-1: the acting Ally is the objective's Ally, on a standing card of its terrain.
    const objective = pile?.pile[0];
    const wrongAlly = objective?.ally !== undefined && objective.ally !== g.ambushedBy;
    const wrongTerrain = objective?.terrain !== undefined && objective.terrain !== card.terrain;
    if (wrongAlly || wrongTerrain || card.state === 'destroyed') {
      throw new RuleViolation('ambush_not_objective', `The ambush of Goomz ${g.color} by ${g.ambushedBy} on ${g.at} does not meet its current objective (SOE-ACT-AMBUSH-1).`, {
        color: g.color,
        objective: objective ?? null,
      });
    }
    // SOE-MODE-2: in Celestial a Goomz may be ambushed only on a healthy card.
    if (modes.includes('celestial') && card.state !== 'healthy') {
      throw new RuleViolation('ambush_not_healthy', `Celestial mode: Goomz ${g.color} can only be ambushed on a healthy card (SOE-MODE-2).`, { color: g.color });
    }
  }
}

/**
 * SOE-GOOMZ-ORDER-1: each Goomz in play acts once, in `order`, on the board as it is at that moment
 * (which reproduces SOE-GOOMZ-MULTI-1..6). SOE-END-3: the game ends at once on victory or defeat.
 */
export function goomzPhase(input: Board, order: readonly Color[], opts: GoomzPhaseOptions = {}): GoomzPhase {
  const modes = opts.modes ?? [];
  const problems = [...boardProblems(input, modes), ...orderProblems(input, order)];
  if (problems.length > 0) throw new InvalidInput(problems);
  const before = checkEnd(input, modes);
  if (before.lost || before.won) {
    throw new RuleViolation('game_over', `The game is already ${before.lost ? 'lost' : 'won'} (SOE-END-1, SOE-END-2).`, { won: before.won, lost: before.lost });
  }
  checkAmbushes(input, modes);
  const board = clone(input);
  const steps: GoomzStep[] = [];
  let end = { won: false, lost: false };
  let i = 0;
  for (; i < order.length; i++) {
    const g = board.goomz.find((x) => x.color === order[i])!;
    steps.push(act(board, g, opts, modes));
    // SOE-END-3: check both conditions after each Goomz action and objective claim.
    end = checkEnd(board, modes);
    if (end.won || end.lost) {
      i++;
      break;
    }
  }
  // SOE-AMB-6 option: unused protection ends with the phase.
  if (opts.protectionEndsWithPhase && !end.won && !end.lost) {
    for (const a of board.allies) if (a.protecting) a.protecting = false;
  }
  return { ...board, steps, won: end.won, lost: end.lost, skipped: order.slice(i) };
}
