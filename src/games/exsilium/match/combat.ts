/**
 * Combats of an Exsilium match, resolved by the stateless cores (player-combat.ts, newaru-combat.ts)
 * with the table's hands, tokens and decks; their Conclusion is applied to the table.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Dice } from '../../../kernel/dice/index.js';
import type { CommandTable } from '../../../kernel/commands.js';
import { RuleViolation, pointer } from '../../../kernel/errors.js';
import { NodeId, OutcomeDeck } from '../operations/schemas.js';
import { DeckLog } from '../rules/decks.js';
import { resolveNewaruCombat } from '../rules/newaru-combat.js';
import { outcomePile } from '../rules/outcome.js';
import { resolvePlayerCombat, type Combatant } from '../rules/player-combat.js';
import type { ExsiliumEvent } from './evolve.js';
import type { CombatEffects, CombatFacts } from './evolve-turn.js';
import { CardId, documented, tableCommand, Player } from './command-schema.js';
import { commandSchema } from '../../../kernel/commands.js';
import { checkRelease, checkWin, Decision, figures, requireFactionCard, requireTurn, seedOf, tileOf } from './rules.js';
import { own, points, type ConclusionChoices, type PendingCombat, type Table, type TablePlayer } from './table.js';

const FightSchema = commandSchema('exsilium.fight', {
  player: Player,
  // the pending combat to resolve, by index (the active player's order, EXS-COMBAT-TRIGGER-4); default 0
  combat: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
  // the active player's cards laid (PvP) or revealed (Newaru); PvP: the defender's reply (EXS-COMBAT-PVP-2)
  cards: Type.Array(CardId, { maxItems: 60 }),
  defenderCards: Type.Optional(Type.Array(CardId, { maxItems: 60 })),
  // defaults: the lowest token held; the weakest cards in hand; the first card laid (EXS-AMB-27); the first free node of the tile
  give: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: 1, maximum: 3 }), { description: 'Per player: the Baralytas token handed over or returned on a loss.' })),
  discards: Type.Optional(Type.Array(CardId, { maxItems: 60 })),
  supplyCard: Type.Optional(CardId),
  markerNode: Type.Optional(NodeId),
  outcomeDeck: Type.Optional(OutcomeDeck),
  favourableZone: Type.Optional(CardId),
  // CONTRACT §9.1: the combatants who make the Conclusion choices this command leaves out themselves, afterwards (exsilium.conclude)
  choosers: Type.Optional(
    Type.Array(Player, {
      maxItems: 2,
      description:
        'PvP only: the combatants who make the Conclusion choices this command does not carry themselves, after the resolution, with exsilium.conclude (set by a fight resolved from the seats). Absent: the defaults decide them.',
    }),
  ),
});

/** The members of `exsilium.fight`; the enemy activation builds one too when an adjacent Newaru attacks (EXS-COMBAT-TRIGGER-3). */
export type FightCommand = Omit<Static<typeof FightSchema>, 'type' | 'dice'>;

function laid(t: Table, player: string, cards: string[], member: string): number[] {
  const hand = t.players[player]!.hand;
  cards.forEach((c, i) => {
    if (!hand.includes(c) || cards.indexOf(c) !== i)
      throw new RuleViolation('card_not_in_hand', `Card "${c}" is not in ${player}'s hand (or is laid twice).`, { path: pointer('command', member, i), hand });
    requireFactionCard(t, player, c, pointer('command', member, i));
  });
  return cards.map((c) => t.cards[c]!.strength);
}

function combatant(t: Table, player: string, cards: number[], give: number | undefined): Combatant {
  const p = t.players[player]!;
  return {
    committed: cards,
    hand: p.hand.length,
    baralytasTokens: p.baralytas,
    connectionTokens: p.connectionTokens,
    factionTokens: p.factionTokens,
    reserveFactionTokens: t.reserve[p.faction],
    ...(give !== undefined ? { give } : {}),
    faction: p.faction,
    inactiveMiniatures: p.pool.length,
    abilityTokens: 0,
  };
}

/** EXS-COMBAT-DISCARD-1: the winner's `n` discards, their choice (default the weakest). */
export function fatigue(t: Table, player: string, n: number, chosen: string[] | undefined): string[] {
  const hand = t.players[player]!.hand;
  if (chosen) {
    if (chosen.length !== n || chosen.some((c, i) => !hand.includes(c) || chosen.indexOf(c) !== i)) {
      throw new RuleViolation('wrong_discard', `The winner discards exactly ${n} different cards from hand (EXS-COMBAT-DISCARD-1).`, { path: '/command/discards', count: n, hand });
    }
    return chosen;
  }
  return [...hand].sort((a, b) => t.cards[a]!.strength - t.cards[b]!.strength || hand.indexOf(a) - hand.indexOf(b)).slice(0, n);
}

/** EXS-COMBAT-DISCARD-2: the free nodes of the tile where the loser's miniature stood, for its marker. */
function markerNodes(t: Table, miniatureNode: string): string[] {
  const tile = tileOf(t, miniatureNode);
  const taken = figures(t);
  return t.board.nodes
    .filter((n) => n.tile === tile && !n.crystal && !n.destroyed && !t.destroyed.includes(n.id) && !own(t.markers, n.id) && (n.id === miniatureNode || !taken.has(n.id)))
    .map((n) => n.id);
}

/** EXS-COMBAT-DISCARD-2: the loser's marker on `node` (one of `free`; default the first). */
export function markerOn(t: Table, player: string, free: string[], node: string | undefined, tile: string): NonNullable<CombatEffects['marker']> {
  if (node !== undefined && !free.includes(node))
    throw new RuleViolation('marker_node', `The loser's marker goes on a free node of tile ${tile}.`, { path: '/command/markerNode', free });
  return { player, node: node ?? free[0] ?? null, fromReserve: t.players[player]!.factionTokens === 0 };
}

/** EXS-COMBAT-DISCARD-2 / EXS-AMB-27: the loser's card into the supply deck, one of `options` (default the first). */
export function supplyOf(player: string, options: string[], card: string | undefined): NonNullable<CombatEffects['supplyCard']> {
  if (card !== undefined && !options.includes(card)) {
    throw new RuleViolation('supply_card', 'The loser puts a card laid in the combat (or, with none laid, one from hand) into the supply deck (EXS-AMB-27).', {
      path: '/command/supplyCard',
      options,
    });
  }
  return { player, card: card ?? options[0]! };
}

/**
 * EXS-COMBAT-DISCARD-2: the loser's marker on a free node of the tile and a card into the supply deck;
 * a choice `open` leaves to the loser (CONTRACT §9.1) is not made here.
 */
function penalty(
  t: Table,
  player: string,
  miniatureNode: string,
  laidCards: string[],
  command: FightCommand,
  open: Pick<ConclusionChoices, 'markerNode' | 'supplyCard'> = {},
): Pick<CombatEffects, 'marker' | 'supplyCard'> {
  const p = t.players[player]!;
  const effects: Pick<CombatEffects, 'marker' | 'supplyCard'> = open.markerNode
    ? {}
    : { marker: markerOn(t, player, markerNodes(t, miniatureNode), command.markerNode, tileOf(t, miniatureNode)) };
  if (p.hand.length === 0 || open.supplyCard) return effects;
  // EXS-AMB-27: a card laid in the combat if there is one, else any card.
  return { ...effects, supplyCard: supplyOf(player, laidCards.length ? laidCards : p.hand, command.supplyCard) };
}

/**
 * CONTRACT §9.1: the Conclusion choices of the `choosers` that `command` does not make and that
 * are choices (two token values, more cards than discarded, two cards or nodes to pick from).
 */
function openChoices(
  t: Table,
  c: PendingCombat,
  winner: string,
  loser: string,
  n: number,
  laidCards: string[],
  lostNode: string,
  command: FightCommand,
): ConclusionChoices | undefined {
  const chooses = (player: string) => command.choosers?.includes(player) === true;
  const l = t.players[loser]!;
  const open: ConclusionChoices = { combat: c, winner, loser };
  // EXS-COMBAT-DISCARD-1: the winner discards n cards of their choice
  if (chooses(winner) && command.discards === undefined && n > 0 && n < t.players[winner]!.hand.length) open.discards = n;
  if (chooses(loser)) {
    // EXS-COMBAT-PVP-5 (1): the loser picks the value of the token handed over
    const values = [...new Set(l.baralytas)].sort((a, b) => a - b);
    if (own(command.give, loser) === undefined && values.length > 1) open.give = values;
    // EXS-COMBAT-DISCARD-2 / EXS-AMB-27: a card laid, else any card of the hand; a free node of the tile
    const options = laidCards.length ? laidCards : l.hand;
    if (command.supplyCard === undefined && new Set(options).size > 1) open.supplyCard = laidCards.length ? laidCards : 'hand';
    const free = markerNodes(t, lostNode);
    if (command.markerNode === undefined && free.length > 1) open.markerNode = free;
  }
  return Object.keys(open).length > 3 ? open : undefined;
}

const minNode = (p: TablePlayer, id: string) => p.miniatures.find((m) => m.id === id)!.node!;

/**
 * EXS-DECK-2/3: what a combat's decks did, as facts: the cards drawn, and the seed of its shuffles
 * (null when nothing was shuffled, or for fixed dice: seedOf's "fixed", which replays the same).
 */
function deckFacts(log: DeckLog): Pick<CombatFacts, 'draws' | 'dice'> {
  const t = log.transcript();
  return { draws: t.draws, dice: { seed: t.shuffles.length > 0 && t.seed !== 'fixed' ? t.seed : null, values: [] } };
}

function fightPlayer(d: Decision, c: Extract<PendingCombat, { kind: 'pvp' }>, command: FightCommand, log: DeckLog): void {
  const t = d.t;
  const a = c.attacker.player;
  const b = c.defender.player;
  const aCards = laid(t, a, command.cards, 'cards');
  const bCards = laid(t, b, command.defenderCards ?? [], 'defenderCards');
  const at = minNode(t.players[a]!, c.attacker.miniature);
  const result = resolvePlayerCombat(
    {
      attacker: combatant(t, a, aCards, own(command.give, a)),
      defender: combatant(t, b, bCards, own(command.give, b)),
      // EXS-BOARD-5: the terrain of the attacker's tile.
      attackerBonus: t.board.tiles.find((x) => x.id === tileOf(t, at))?.attackerBonus ?? 0,
    },
    outcomePile(log, command.outcomeDeck),
  );
  const [winner, loser] = result.winner === 'attacker' ? [a, b] : [b, a];
  const [lost, lostCards] = result.winner === 'attacker' ? [c.defender, command.defenderCards ?? []] : [c.attacker, command.cards];
  const w = t.players[winner]!;
  const l = t.players[loser]!;
  const won = result.consequences[result.winner];
  // CONTRACT §9.1: what the choosers choose afterwards is left out; the rest is certain
  const open = openChoices(t, c, winner, loser, won.discard.toDiscardPile, lostCards, minNode(l, lost.miniature), command);
  // EXS-COMBAT-PVP-5 (1)–(4): Baralytas and connection token from the loser, faction token from the reserve, discards, retreat.
  const effects: CombatEffects = {
    ...(l.baralytas.length && !open?.give
      ? { baralytas: { from: loser, to: winner, value: result.consequences[result.winner === 'attacker' ? 'defender' : 'attacker'].baralytas.value! } }
      : {}),
    ...(l.connectionTokens > 0 ? { connection: { from: loser, to: winner } } : {}),
    ...(t.reserve[w.faction] > 0 ? { factionToken: winner } : {}),
    ...(open?.discards ? {} : { discards: { [winner]: fatigue(t, winner, won.discard.toDiscardPile, command.discards) } }),
    retreat: { player: loser, miniature: lost.miniature },
    ...penalty(t, loser, minNode(l, lost.miniature), lostCards, command, open),
  };
  const pool = l.pool.length;
  d.emit({ type: 'exsilium.combat_resolved', data: { combat: c, winner, effects, ...deckFacts(log), ...(open ? { choices: open } : {}) } });
  // EXS-COMBAT-PVP-5 (4): the retreat may release the loser's ability.
  checkRelease(d, loser, pool);
  // EXS-WIN-3: a Baralytas token won in combat is checked against the target.
  if (effects.baralytas) checkWin(d, winner);
}

export function fightNewaru(d: Decision, c: Extract<PendingCombat, { kind: 'newaru' }>, command: FightCommand, log: DeckLog): void {
  const t = d.t;
  const p = t.players[c.player]!;
  const node = minNode(p, c.miniature);
  const newaru = t.newaru.find((n) => n.id === c.newaru)!;
  const newaruTile = tileOf(t, newaru.node);
  const committed = laid(t, c.player, command.cards, 'cards');
  const fz = command.favourableZone;
  if (fz !== undefined) {
    const card = own(t.cards, fz);
    if (!p.hand.includes(fz) || command.cards.includes(fz) || card?.action?.kind !== 'favourable_zone')
      throw new RuleViolation('not_favourable_zone', `"${fz}" is not a Favourable Zone card in hand (outside the cards revealed; EXS-KW-FAVZONE).`, {
        path: '/command/favourableZone',
      });
  }
  const decks = Object.fromEntries(Object.entries(t.enemyDecks).map(([tier, x]) => [tier, x.drawPile]));
  const discards = Object.fromEntries(Object.entries(t.enemyDecks).map(([tier, x]) => [tier, x.discard]));
  const onNewaruTile = [...figures(t)].some(([n, f]) => 'player' in f && tileOf(t, n) === newaruTile);
  const returnToken = own(command.give, c.player);
  const result = resolveNewaruCombat(
    {
      playerBaralytas: points(p),
      baralytasTokens: p.baralytas,
      ...(returnToken !== undefined ? { returnToken } : {}),
      committed,
      hand: p.hand.length,
      ...(fz !== undefined ? { favourableZone: true } : {}),
      attacker: c.attacker,
      attackerBonus: t.board.tiles.find((x) => x.id === tileOf(t, node))?.attackerBonus ?? 0,
      connectionTokens: p.connectionTokens,
      factionTokens: p.factionTokens,
      reserve: { factionTokens: t.reserve[p.faction] },
      crossTile: tileOf(t, node) !== newaruTile,
      newaruTileOccupied: onNewaruTile,
      faction: p.faction,
      inactiveMiniatures: p.pool.length,
      abilityTokens: 0,
      // EXS-AMB-3b strict variant (options.emptyHandLoses).
      emptyHandLoses: t.emptyHandLoses,
      // EXS-AMB-24: deposits of face-down tiles hold no place for a token yet.
      board: { nodes: t.board.nodes.map((n) => (n.crystal ? { ...n, token: !t.revealed.includes(n.tile) || own(t.deposits, n.id) != null } : n)), defeatedAt: node },
    },
    log,
    { decks, discards },
    outcomePile(log, command.outcomeDeck),
  );
  const effects: CombatEffects = { enemyDeck: result.enemyDeck };
  const mine = result.consequences.player;
  if (result.winner === 'player' && mine) {
    // EXS-COMBAT-NEWARU-5: connection and faction token from the reserve, the Newaru removed or sent to its portal.
    effects.connection = { from: null, to: c.player };
    if (t.reserve[p.faction] > 0) effects.factionToken = c.player;
    effects.discards = { [c.player]: fatigue(t, c.player, mine.discard.toDiscardPile, command.discards) };
    const portal = t.board.nodes.find((n) => n.tile === newaruTile && n.portal)?.id;
    const back = result.consequences.newaru === 'respawned' && portal && !figures(t).has(portal) ? portal : null;
    effects.newaru = { id: c.newaru, to: back };
  } else if (result.winner === 'newaru' && mine) {
    // EXS-COMBAT-NEWARU-6: retreat, 1 Baralytas token back to the nearest free deposit, loser discard.
    effects.retreat = { player: c.player, miniature: c.miniature };
    if (mine.baralytas.value !== null && mine.baralytas.delta < 0)
      effects.returned = { player: c.player, value: mine.baralytas.value, deposit: mine.baralytas.deposit?.deposit ?? null };
    Object.assign(effects, penalty(t, c.player, node, command.cards, command));
  }
  // EXS-KW-FAVZONE: the evading card is discarded; nobody wins or loses.
  if (result.evaded && fz !== undefined) effects.discards = { [c.player]: [fz] };
  const winner = result.winner === 'player' ? c.player : result.winner === 'newaru' ? c.newaru : null;
  const pool = p.pool.length;
  d.emit({ type: 'exsilium.combat_resolved', data: { combat: c, winner, effects, ...deckFacts(log) } });
  if (effects.retreat) checkRelease(d, c.player, pool);
}

/** EXS-COMBAT-TRIGGER-4: resolve one pending combat of the active player's turn. */
function fight(command: FightCommand, t: Table, dice: Dice): ExsiliumEvent[] {
  requireTurn(t, command.player, { combatAllowed: true });
  if (t.combats.length === 0) throw new RuleViolation('no_combat', 'No combat is pending (EXS-COMBAT-TRIGGER-1…3).');
  const index = command.combat ?? 0;
  const c = t.combats[index];
  if (!c) throw new RuleViolation('unknown_combat', `There are ${t.combats.length} pending combats.`, { path: '/command/combat', combats: t.combats });
  if (c.kind === 'newaru' && command.defenderCards?.length)
    throw new RuleViolation('no_defender_cards', 'A Newaru lays no cards: its enemy action deck decides (EXS-COMBAT-NEWARU-1).', { path: '/command/defenderCards' });
  // CONTRACT §9.1: only the two players of a fight between players choose afterwards
  command.choosers?.forEach((p, i) => {
    if (c.kind !== 'pvp' || (p !== c.attacker.player && p !== c.defender.player))
      throw new RuleViolation('not_a_combatant', `${p} is no player of this fight: only the attacker and the defender of a fight between players choose afterwards.`, {
        path: `/command/choosers/${i}`,
      });
  });
  const d = new Decision(t);
  const log = new DeckLog(seedOf(dice));
  if (c.kind === 'pvp') fightPlayer(d, c, command, log);
  else fightNewaru(d, c, command, log);
  return d.events;
}

/** The combat command, decided on the table. */
export const COMBAT_COMMANDS: CommandTable<Table, ExsiliumEvent> = {
  'exsilium.fight': tableCommand({
    schema: FightSchema,
    ...documented(
      'exsilium.fight',
      'EXS-COMBAT-PVP-1…6 / EXS-COMBAT-NEWARU-1…6 (POST /v1/exsilium/combats and /newaru/actions on the table): resolves a pending combat (`combat`: its index, the active player’s order) with the cards laid (`cards`; PvP `defenderCards`), the enemy action deck of the player’s level and the Outcome deck (`outcomeDeck` top, else shuffled from the dice seed; EXS-AMB-7). Against a Newaru, `favourableZone` (a Favourable Zone card in hand) evades an evadable attack card (EXS-KW-FAVZONE, EXS-AMB-23). The Conclusion is applied: tokens, fatigue discards (`discards`), retreat with the ability release (EXS-PBOARD-5), the loser’s marker (`markerNode`) and supply card (`supplyCard`), Newaru removed or sent to its portal. From the seats (CONTRACT §9.1) the attacker sends its own `cards` (and `give` for itself), the defender replies with its own `exsilium.fight` `{player, cards, give?}` or `match.pass`; the choices of the Conclusion no one sent (the loser’s token value, supply card and marker node, the winner’s fatigue discards) then wait for their players (`choosers`), each sending exsilium.conclude.',
      { player: 'p1', cards: ['p1-3', 'p1-4'], defenderCards: ['p2-1'], outcomeDeck: [4, 8] },
    ),
    decide: fight,
  }),
};
