/**
 * Exsilium decisions sent from the players' own seats (CONTRACT §9.1, src/kernel/decisions.ts):
 * - the start-player bid (EXS-SETUP-2): each player's closed fist is a sealed part, revealed with
 *   the last one by today's `exsilium.start_player_bid`; after a tie the tied players bid again
 *   (EXS-AMB-6), a new sealed decision;
 * - a fight against another player's miniature (EXS-COMBAT-PVP-1..3): the attacker lays its cards
 *   face down (`exsilium.fight` without `defenderCards`), the defender replies with its own
 *   `exsilium.fight` (`player`: the defender, `cards`: j ≤ k face down) or passes (lays none); the
 *   combat resolves, both revealed, in the answer to the reply.
 */
import type { DecisionRules } from '../../../kernel/decisions.js';
import { own } from '../../../kernel/records.js';
import type { Table } from './table.js';

type WithTable = { table?: Table };

export const EXSILIUM_DECISIONS: DecisionRules<WithTable> = {
  sealed: {
    'exsilium.bid': {
      rule: 'EXS-SETUP-2',
      players: (state) => (state.table?.phase === 'bid' ? state.table.bidders : []),
      split: (command) =>
        Object.entries((command.bids ?? {}) as Record<string, number>).map(([player, n]) => ({ player, command: { type: 'exsilium.bid', bids: { [player]: n } } })),
      // every bidder's part; one not in yet counts as 0 (the parts so far are checked against the tokens each holds)
      combine: (parts, state) => ({
        type: 'exsilium.bid',
        bids: Object.fromEntries((state.table?.bidders ?? []).map((id) => [id, own((parts.find((p) => p.player === id)?.command?.bids ?? {}) as Record<string, number>, id) ?? 0])),
      }),
    },
  },
  responses: {
    'exsilium.fight': {
      rule: 'EXS-COMBAT-PVP-2',
      responders: (command, player, state) => {
        const combat = state.table?.combats[typeof command.combat === 'number' ? command.combat : 0];
        return combat?.kind === 'pvp' && combat.defender.player !== player ? [{ player: combat.defender.player, types: ['exsilium.fight'] }] : [];
      },
      resolve: (declared, answers) => {
        const reply = answers.find((a) => a.command)?.command;
        return { ...declared.command, defenderCards: Array.isArray(reply?.cards) ? reply.cards : [] };
      },
    },
  },
};
