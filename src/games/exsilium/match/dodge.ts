/**
 * Dodge cards (EXS-KW-DODGE, «Esquiva»): a player cancels one specific action of another player — a
 * combat they are the defender of, or the effect of a faction-type card on them — and discards the card. The Keber strike (EXS-FACTION-KEBER-1)
 * is dodged only with the card the ability text names, «Arremetida»; Newaru never dodge. The seeds
 * print no card list: a card's `dodge` keyword and its name come from the options.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { CommandTable } from '../../../kernel/commands.js';
import { RuleViolation } from '../../../kernel/errors.js';
import { CardId, documented, tableCommand, Player } from './command-schema.js';
import { commandSchema } from '../../../kernel/commands.js';
import type { ExsiliumEvent } from './evolve.js';
import { Decision, playerOf, requireCard } from './rules.js';
import type { Table, TableCard } from './table.js';

// `combat`: the pending combat by index; default the first one against this player
const DodgeSchema = commandSchema('exsilium.dodge', { player: Player, card: CardId, combat: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })) });
export type DodgeCommand = Static<typeof DodgeSchema>;

/** EXS-FACTION-KEBER-1: «Arremetida» (compared without case or accents), the card the ability text names. */
const isArremetida = (name: string): boolean => name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase() === 'arremetida';

/** EXS-KW-DODGE / EXS-COMBAT-TRIGGER-4: before a combat resolves, its defender may cancel it with a dodge card. */
function dodge(c: DodgeCommand, t: Table): ExsiliumEvent[] {
  if (t.phase !== 'turn') throw new RuleViolation(t.phase === 'bid' ? 'bid_first' : 'match_over', 'No combat can be dodged now.');
  const p = playerOf(t, c.player);
  const index = c.combat ?? t.combats.findIndex((x) => x.kind === 'pvp' && x.defender.player === c.player);
  const combat = t.combats[index];
  if (!combat) throw new RuleViolation('no_combat', `No combat against ${c.player} is pending (EXS-KW-DODGE).`, { path: '/command/combat', combats: t.combats });
  if (combat.kind !== 'pvp')
    throw new RuleViolation('not_dodgeable', 'A Newaru is no player: its combat is evaded with Favourable Zone in exsilium.fight (EXS-KW-FAVZONE), not dodged.', {
      path: '/command/combat',
    });
  if (combat.defender.player !== c.player)
    throw new RuleViolation('not_the_defender', `Only the defender (${combat.defender.player}) dodges an action of another player (EXS-KW-DODGE).`, {
      path: '/command/player',
    });
  requireCard(t, c.player, c.card);
  if (t.cards[c.card]!.action?.kind !== 'dodge')
    throw new RuleViolation('not_a_dodge_card', `"${t.cards[c.card]!.name}" has no Esquiva keyword in the options (EXS-KW-DODGE).`, { path: '/command/card', hand: p.hand });
  const d = new Decision(t);
  d.emit({ type: 'exsilium.dodged', data: { player: c.player, card: c.card, against: 'combat', combat } });
  return d.events;
}

/** EXS-FACTION-KEBER-1: a victim of the strike plays «Arremetida» from hand; their miniatures are spared and the card discarded. */
export function dodgeStrike(d: Decision, player: string, card: string, path: string): void {
  const p = d.t.players[player]!;
  if (!p.hand.includes(card) || !isArremetida(d.t.cards[card]!.name))
    throw new RuleViolation('not_arremetida', `"${card}" is not an «Arremetida» in ${player}'s hand: only that card dodges the Keber strike (EXS-FACTION-KEBER-1).`, {
      path,
    });
  d.emit({ type: 'exsilium.dodged', data: { player, card, against: 'keber_strike' } });
}

/** EXS-KW-DODGE: the player a faction-type card acts on (EXS-KW-FACTIONCARD) cancels its effect with a dodge card from hand. */
export function dodgeFactionCard(d: Decision, player: string, card: string, played: TableCard): void {
  const path = '/command/dodge';
  if (!played.faction)
    throw new RuleViolation('not_a_faction_card', `"${played.name}" is no faction-type card: only their effect (or a combat) is dodged (EXS-KW-DODGE).`, { path });
  const p = d.t.players[player]!;
  if (!p.hand.includes(card) || d.t.cards[card]!.action?.kind !== 'dodge')
    throw new RuleViolation('not_a_dodge_card', `"${card}" is not a card with the Esquiva keyword in ${player}'s hand (EXS-KW-DODGE).`, { path, hand: p.hand });
  d.emit({ type: 'exsilium.dodged', data: { player, card, against: 'faction_card' } });
}

/** The dodge command, decided on the table. */
export const DODGE_COMMANDS: CommandTable<Table, ExsiliumEvent> = {
  'exsilium.dodge': tableCommand({
    schema: DodgeSchema,
    ...documented(
      'exsilium.dodge',
      'EXS-KW-DODGE (Esquiva) / EXS-COMBAT-TRIGGER-4: before a pending player-versus-player combat is resolved, its defender (`player`, not the active player) discards a card whose Action is `dodge` in the options and the combat does not take place (`combat`: its index, default the first against that player). A Newaru combat is not dodged (Favourable Zone in exsilium.fight evades it). The Keber strike is dodged with «Arremetida» in exsilium.ability (`victims.<player>.dodge`).',
      { player: 'p2', card: 'p2-7' },
    ),
    decide: dodge,
  }),
};
