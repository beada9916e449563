/** Where a Baralytas token lost to a Newaru goes (EXS-COMBAT-NEWARU-6, EXS-AMB-24). */
import { RuleViolation } from '../../../kernel/errors.js';
import { type BoardNode, buildBoard, raiseUnknown, stepsFrom, unknownNode } from './board.js';

export type DepositNode = BoardNode & { /** A Baralytas token lies on this deposit. */ token?: boolean };

export interface DepositChoice {
  /** The deposit the token goes to (the first of `ties` when several are equally near); null when every deposit holds a token. */
  deposit: string | null;
  /** Steps from the node where the miniature was defeated. */
  distance: number | null;
  /** Equally near free deposits: the player chooses (EXS-AMB-24). */
  ties: string[];
}

/**
 * EXS-COMBAT-NEWARU-6 / EXS-AMB-24: the nearest crystal deposit WITHOUT a token to the node where the
 * miniature was defeated. Distance counts 8-direction steps over the node graph, ignoring obstacles
 * (the token is carried, not walked: as EXS-AMB-14 for area effects). Ties are the player's choice;
 * the first in `nodes` order is taken and all are listed.
 */
export function nearestFreeDeposit(nodes: readonly DepositNode[], at: string, basePath = ''): DepositChoice {
  const board = buildBoard(nodes);
  if (!board.has(at)) raiseUnknown([unknownNode(`${basePath}/defeatedAt`, at)]);
  if (board.node(at).crystal) throw new RuleViolation('impassable_node', `"${at}" is a crystal deposit: no miniature stands there.`, { path: `${basePath}/defeatedAt` });
  const dist = stepsFrom(board, at);
  const free = nodes.filter((n) => n.crystal && !n.token && dist.has(n.id));
  if (free.length === 0) return { deposit: null, distance: null, ties: [] };
  const best = Math.min(...free.map((n) => dist.get(n.id)!));
  const ties = free.filter((n) => dist.get(n.id) === best).map((n) => n.id);
  return { deposit: ties[0]!, distance: best, ties: ties.length > 1 ? ties : [] };
}
