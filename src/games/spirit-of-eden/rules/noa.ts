/** The Spirit of Eden: Allies returning from Noa at the start of a turn (SOE-NOA-RET-2, SOE-TURN-2). */
import { InvalidInput, RuleViolation } from '../../../kernel/errors.js';
import { type Ally, type AllyKind, type Board, NOA, boardProblems } from './board.js';

export interface AllyReturn {
  allies: Ally[];
  returned: { kind: AllyKind; to: string }[];
}

/**
 * SOE-NOA-RET-2: at the start of turn t+2 (before rolling, SOE-AMB-10) an Ally sent to Noa in turn t
 * goes onto the Forest of the player's choice (healthy or devastated), illustrated side up.
 * An Ally is due when `availableFromTurn ≤ turn`, or (without a stamp) when `placements` names it.
 */
export function returnAllies(board: Board, turn: number, placements: Partial<Record<AllyKind, string>> = {}): AllyReturn {
  const problems = boardProblems(board);
  if (problems.length > 0) throw new InvalidInput(problems);
  const forests = board.ring.filter((id) => board.cards[id]!.terrain === 'forest' && board.cards[id]!.state !== 'destroyed');
  const allies = structuredClone(board.allies);
  const returned: AllyReturn['returned'] = [];
  for (const kind of Object.keys(placements) as AllyKind[]) {
    const ally = allies.find((a) => a.kind === kind);
    const due = ally && ally.at === NOA && (ally.availableFromTurn === undefined || ally.availableFromTurn <= turn);
    if (!due) {
      // SOE-NOA-RET-1: an Ally sent to Noa sits out the whole next turn.
      throw new RuleViolation('ally_not_due', `Ally ${kind} is not on Noa or may not return before turn ${ally?.availableFromTurn ?? '?'} (SOE-NOA-RET-1).`, { kind });
    }
  }
  for (const ally of allies) {
    if (ally.at !== NOA) continue;
    const stamped = ally.availableFromTurn !== undefined && ally.availableFromTurn <= turn;
    const named = placements[ally.kind] !== undefined;
    if (!stamped && !named) continue;
    // SOE-NOA-RET-2: both Forests destroyed means the game was already lost (SOE-END-2).
    if (forests.length === 0) throw new RuleViolation('game_over', 'Both Forests are destroyed: the game is lost (SOE-END-2).');
    const to = placements[ally.kind] ?? forests[0]!;
    if (!forests.includes(to)) {
      throw new RuleViolation('not_a_forest', `${to} is not a standing Forest card; an Ally returns onto a Forest (SOE-NOA-RET-2).`, { legal: forests });
    }
    ally.at = to;
    ally.protecting = false;
    delete ally.availableFromTurn;
    returned.push({ kind: ally.kind, to });
  }
  return { allies, returned };
}
