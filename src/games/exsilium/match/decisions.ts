/**
 * Exsilium decisions sent from the players' own seats (CONTRACT §9.1, src/kernel/decisions.ts):
 * - the start-player bid (EXS-SETUP-2): each player's closed fist is a sealed part, revealed with
 *   the last one by today's `exsilium.start_player_bid`; after a tie the tied players bid again
 *   (EXS-AMB-6), a new sealed decision;
 * - a fight against another player's miniature (EXS-COMBAT-PVP-1..3): the attacker lays its cards
 *   face down (`exsilium.fight` without `defenderCards`), the defender replies with its own
 *   `exsilium.fight` (`player`: the defender, `cards`: j ≤ k face down, `give`: its own token value
 *   should it lose) or passes (lays none); the combat resolves, both revealed, in the answer to the
 *   reply, and the Conclusion choices neither sent wait for their players (`choices`, exsilium.conclude);
 * - a faction-type Cracking card against a terminal (EXS-KW-DODGE, EXS-KW-CRACKING): the terminal's
 *   owner answers `exsilium.dodge` `{player, card}` (a card with the Esquiva keyword) or passes.
 */
import type { DecisionRules } from '../../../kernel/decisions.js';
import { own } from '../../../kernel/records.js';
import { conclusionChoices } from './conclusion.js';
import type { Table } from './table.js';

type WithTable = { table?: Table };

/**
 * EXS-KW-DODGE: «Con ella se puede evitar un combate o el efecto de una carta de tipo facción» — the
 * owner of the terminal a faction-type Cracking card targets may dodge it. Asked whenever that owner
 * holds a card: whether a hand holds a Dodge card is secret (EXS-DECK-1), and asking only then
 * would tell the attacker (CONTRACT §9.1: nobody learns a secret part); an empty hand is public.
 */
function dodgers(command: Record<string, unknown>, player: string, t: Table | undefined): { player: string; types: string[] }[] {
  const card = t ? own(t.cards, command.card) : undefined;
  if (!t || card?.action?.kind !== 'cracking' || !card.faction || command.dodge !== undefined) return [];
  const owner = own(t.controlled, command.node);
  return owner !== undefined && owner !== player && (own(t.players, owner)?.hand.length ?? 0) > 0 ? [{ player: owner, types: ['exsilium.dodge'] }] : [];
}

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
      // EXS-COMBAT-PVP-5 / CONTRACT §9.1: each combatant's token value as sent; the choices neither sent wait for their players
      resolve: (declared, answers, state) => {
        const reply = answers.find((a) => a.command)?.command;
        const combat = state.table?.combats[typeof declared.command.combat === 'number' ? declared.command.combat : 0];
        const defender = combat?.kind === 'pvp' ? combat.defender.player : undefined;
        const theirs = defender === undefined ? undefined : own(reply?.give as Record<string, number> | undefined, defender);
        const give = { ...((declared.command.give as Record<string, number> | undefined) ?? {}), ...(theirs !== undefined ? { [defender!]: theirs } : {}) };
        return {
          ...declared.command,
          defenderCards: Array.isArray(reply?.cards) ? reply.cards : [],
          ...(Object.keys(give).length ? { give } : {}),
          choosers: defender === undefined ? [declared.player] : [declared.player, defender],
        };
      },
    },
    'exsilium.play': {
      rule: 'EXS-KW-DODGE',
      responders: (command, player, state) => dodgers(command, player, state.table),
      // the owner's dodge card cancels the card's effect (exsilium.play `dodge`, the bundled form)
      resolve: (declared, answers) => {
        const dodge = answers.find((a) => a.command)?.command?.card;
        return typeof dodge === 'string' ? { ...declared.command, dodge } : declared.command;
      },
    },
  },
  // CONTRACT §9.1: the Conclusion choices of a fight resolved from the seats (EXS-COMBAT-PVP-5, EXS-COMBAT-DISCARD-1/2)
  choices: (state) => conclusionChoices(state.table),
};
