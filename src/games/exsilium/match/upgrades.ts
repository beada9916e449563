/** The upgrade board (EXS-UPGRADE-1…7, EXS-TERMINAL-1/2, EXS-EX-5): purchases from a connection terminal. */
import { Type, type Static } from '@sinclair/typebox';
import type { CommandTable } from '../../../kernel/commands.js';
import { RuleViolation, pointer } from '../../../kernel/errors.js';
import { CardId, documented, tableCommand, Player } from './command-schema.js';
import { commandSchema } from '../../../kernel/commands.js';
import type { ExsiliumEvent } from './evolve.js';
import { Decision, isTerminal, requireFactionCard, requireTurn } from './rules.js';
import { UPGRADE_SPACES, own, type Table } from './table.js';

const BuySchema = commandSchema('exsilium.buy', {
  player: Player,
  cards: Type.Array(CardId, { minItems: 1, maxItems: 60 }),
  buy: Type.Array(CardId, { maxItems: 4 }),
  refresh: Type.Optional(Type.Boolean()),
});
export type BuyCommand = Static<typeof BuySchema>;

const distinct = (xs: string[]) => xs.every((x, i) => xs.indexOf(x) === i);

/**
 * EXS-UPGRADE-3: 1 faction token per purchase action; budget = the value of the cards spent + 1 per
 * connection token held (EXS-TERMINAL-1, never spent: EXS-UPGRADE-4); the cards bought go to hand,
 * the cards spent to the discard pile; empty spaces are refilled from the deck (EXS-UPGRADE-2).
 */
function buy(command: BuyCommand, t: Table): ExsiliumEvent[] {
  const p = requireTurn(t, command.player);
  if (t.upgradeDeck === null)
    throw new RuleViolation(
      'no_upgrade_deck',
      'This match was created without the upgrade deck: give options.upgrades ([{name, strength, cost}] in draw order) to buy (EXS-COMP-4).',
      {
        missing: '/options/upgrades',
      },
    );
  // EXS-UPGRADE-1: a miniature on a terminal that is free or the player's own.
  const at = new Set(p.miniatures.filter((m) => m.node).map((m) => m.node!));
  const terminal = [...at].find((n) => isTerminal(t, n) && (own(t.controlled, n) === undefined || own(t.controlled, n) === command.player));
  if (!terminal) {
    const blocked = [...at].filter((n) => isTerminal(t, n));
    throw new RuleViolation(
      blocked.length ? 'terminal_controlled' : 'not_on_terminal',
      blocked.length
        ? `Another faction controls the terminal your miniature stands on: remove its token with Cracking first (EXS-TERMINAL-3, EXS-KW-CRACKING).`
        : 'Buying needs a miniature on a connection terminal (EXS-UPGRADE-1).',
      { terminals: blocked },
    );
  }
  if (p.factionTokens < 1) throw new RuleViolation('no_faction_tokens', 'Each purchase action costs 1 faction token (EXS-UPGRADE-1).');
  if (command.cards.length === 0) throw new RuleViolation('no_cards_spent', 'A purchase spends at least 1 card from hand (EXS-UPGRADE-7).', { path: '/command/cards' });
  command.cards.forEach((c, i) => {
    if (!p.hand.includes(c) || command.cards.indexOf(c) !== i)
      throw new RuleViolation('card_not_in_hand', `Card "${c}" is not in ${command.player}'s hand (or is spent twice).`, { path: pointer('command', 'cards', i), hand: p.hand });
    requireFactionCard(t, command.player, c, pointer('command', 'cards', i));
  });
  const d = new Decision(t);
  let deck = t.upgradeDeck;
  if (command.refresh) {
    // EXS-UPGRADE-5: the 4 face-up cards leave the game; 4 new ones (while the deck lasts, EXS-UPGRADE-2).
    const revealed = deck.slice(0, UPGRADE_SPACES);
    d.emit({ type: 'exsilium.upgrades_refreshed', data: { player: command.player, removed: t.upgradeRow, revealed } });
    deck = deck.slice(revealed.length);
  }
  const row = d.t.upgradeRow;
  command.buy.forEach((c, i) => {
    if (!row.includes(c) || !distinct(command.buy.slice(0, i + 1)))
      throw new RuleViolation('not_face_up', `"${c}" is not a face-up upgrade card (face up: ${row.join(', ') || 'none'}).`, { path: pointer('command', 'buy', i), row });
  });
  const budget = command.cards.reduce((s, c) => s + t.cards[c]!.strength, 0) + p.connectionTokens;
  const cost = command.buy.reduce((s, c) => s + (t.cards[c]!.cost ?? 0), 0);
  if (cost > budget)
    throw new RuleViolation('over_budget', `The cards cost ${cost}; the budget is ${budget} (card values + 1 per connection token, EXS-UPGRADE-3).`, {
      path: '/command/buy',
      budget,
      cost,
    });
  const revealed = deck.slice(0, command.buy.length);
  d.emit({ type: 'exsilium.upgrades_bought', data: { player: command.player, terminal, spent: command.cards, bought: command.buy, budget, cost, revealed } });
  return d.events;
}

/** The upgrade command, decided on the table. */
export const UPGRADE_COMMANDS: CommandTable<Table, ExsiliumEvent> = {
  'exsilium.buy': tableCommand({
    schema: BuySchema,
    ...documented(
      'exsilium.buy',
      'EXS-UPGRADE-1…7 / EXS-EX-5: with a miniature on a connection terminal that is free or the player’s own, 1 faction token buys face-up upgrade cards (`buy`) whose total cost is at most the value of the cards spent (`cards`, at least 1) + 1 per connection token held (never spent). Spent cards go to the discard pile, bought ones to hand (usable at once, another purchase costs another token); empty spaces are refilled from the upgrade deck (never reshuffled). `refresh`: first the 4 face-up cards leave the game and 4 new ones are revealed (EXS-UPGRADE-5). Needs `options.upgrades`. The trash space (EXS-UPGRADE-6) is not offered: its procedure is not printed (EXS-AMB-15).',
      { player: 'p1', cards: ['p1-5', 'p1-6'], buy: ['upgrade-2'] },
    ),
    decide: buy,
  }),
};
