/** Exsilium at a table of several people (CONTRACT §8.1): secrets per reader, moves, actors — real commands, fixed decks. */
import { describe, expect, it } from 'vitest';
import { canonicalTypes, gameMatch } from '../../../src/app/matches/games.js';
import { EXSILIUM_TOOLS, exsiliumTable as rules, type ExsiliumTableState } from '../../../src/games/exsilium/match/table-rules.js';
import { HIDDEN } from '../../../src/kernel/table.js';
import { FACE_DOWN, HAND, PLAYED, UNSEEN, options, players, script } from '../../fixtures/tables/exsilium.js';
import { play, readable, readers } from '../../helpers/table-play.js';
import { WHOLE_GAME, players as scenarioPlayers, scenario } from '../../fixtures/exsilium-scenario.js';

type State = ExsiliumTableState & { table: any };
const commands = script.steps.map((s) => s.command);
const played = (n = commands.length) => play<State>('exsilium', players, options, commands.slice(0, n));
const view = (s: State, reader: string | null) => rules.viewState(s, reader) as any;
const movesOf = (s: State, player: string) =>
  rules
    .moves(s)
    .filter((m) => m.player === player && !EXSILIUM_TOOLS.includes(m.type))
    .map((m) => m.type);
const whole = (n = WHOLE_GAME.length) => play<State>('exsilium', scenarioPlayers, scenario(), WHOLE_GAME.slice(0, n));

describe('Exsilium table script (the end-to-end leak test, the two-seat opening)', () => {
  it('every step is accepted and no reader can read its secrets anywhere (state, options, events)', () => {
    const p = played();
    for (const reader of readers(players)) {
      const text = readable(rules, p, reader);
      for (const secret of script.secrets[reader ?? 'spectator']!) expect(text, `${reader} reads ${secret}`).not.toContain(secret);
    }
  });

  it('EXS-DECK-1 / EXS-ACTION-6: each seat reads its own hand and face-down card; cards played are public (EXS-PBOARD-2)', () => {
    const p = played();
    expect(readable(rules, p, 'p1')).toContain(FACE_DOWN);
    for (const id of ['p1', 'p2'] as const) for (const own of HAND[id]) expect(readable(rules, p, id)).toContain(own);
    for (const reader of readers(players)) for (const card of PLAYED) expect(readable(rules, p, reader)).toContain(card);
  });

  it('the commands of notYours never act for the seat that sends them', () => {
    const s = played().state;
    for (const { by, command } of script.notYours) expect(rules.actor(command as never, s)).not.toBe(by);
  });
});

describe('Exsilium secrets in the state', () => {
  it('EXS-DECK-1: another hand reads HIDDEN per card (size public in the summary); the holder reads its card ids and their content', () => {
    const s = played().state;
    const p1 = view(s, 'p1');
    expect(p1.table.players.p2.hand).toEqual([HIDDEN, HIDDEN, HIDDEN]);
    expect(p1.summary.players.p2.handSize).toBe(3);
    expect(p1.table.players.p1.hand).toEqual(['p1-2', 'p1-4']);
    expect(p1.table.players.p1.hand.map((id: string) => p1.table.cards[id].name)).toEqual(HAND.p1);
    // The card lookup lists only cards the reader may see: no id tells which card a hand holds.
    expect(Object.keys(p1.table.cards)).not.toContain('p2-2');
    expect(Object.keys(view(s, null).table.cards)).not.toContain('p1-2');
  });

  it('EXS-DECK-1 / EXS-REVEAL-2 / EXS-DECK-3 / EXS-UPGRADE-2: every undrawn deck reads HIDDEN for everyone (its owner too), sizes kept', () => {
    const s = played().state;
    for (const reader of readers(players)) {
      const t = view(s, reader).table;
      expect(t.players.p1.deck).toEqual([HIDDEN, HIDDEN, HIDDEN, HIDDEN]);
      expect(t.baralytasDeck).toEqual(s.table.baralytasDeck.map(() => HIDDEN));
      expect(t.enemyDecks.intermediate.drawPile).toEqual([HIDDEN, HIDDEN]);
      expect(t.upgradeDeck).toEqual([HIDDEN]);
      expect(t.upgradeRow).toEqual(['upgrade-1', 'upgrade-2', 'upgrade-3', 'upgrade-4']);
      expect(t.cards['upgrade-1'].name).toBe('Mejora Visible-U1');
    }
    expect(s.table.players.p1.deck).toEqual(['p1-5', 'p1-6', 'p1-7', 'p1-8']);
  });

  it('EXS-ACTION-6 (b): a card dropped face down reads HIDDEN for all but the player who dropped it', () => {
    const s = played().state;
    expect(view(s, 'p2').table.dropped['A1:1,1']).toEqual({ card: HIDDEN, faceUp: false });
    expect(view(s, null).table.dropped['A1:1,1']).toEqual({ card: HIDDEN, faceUp: false });
    expect(view(s, 'p1').table.dropped['A1:1,1']).toEqual({ card: 'p1-3', faceUp: false });
    expect(view(s, 'p1').table.cards['p1-3'].name).toBe(FACE_DOWN);
  });

  it('EXS-SETUP-4 / EXS-REVEAL-1: a face-down tile keeps its nodes and adjacency, not what it holds; revealed, it is public', () => {
    const s = played().state;
    const v = view(s, 'p1').table.board;
    expect(v.tiles.find((t: { id: string }) => t.id === 'X')).toEqual({ id: 'X', hidden: true });
    const portal = v.nodes.find((n: { id: string }) => n.id === 'X:5,2');
    expect(portal).toMatchObject({ id: 'X:5,2', tile: 'X', hidden: true });
    expect(portal.portal).toBeUndefined();
    expect(v.nodes.find((n: { id: string }) => n.id === 'A1:0,0').crystal).toBe(true);
    // EXS-REVEAL-2: Ana steps onto X (the scenario's 4th command).
    const revealed = whole(4).state;
    expect(view(revealed, 'p2').table.board.nodes.find((n: { id: string }) => n.id === 'X:5,2').portal).toBe(true);
    expect(rules.viewOptions(options, 'p1').board).toEqual(view(s, 'p1').table.board);
  });

  it('options: decks in draw order HIDDEN (lengths kept), four upgrades face up (EXS-SETUP-7), the rest hidden', () => {
    const o = rules.viewOptions(options, 'p1') as any;
    expect(o.decks.p1).toEqual(Array(8).fill(HIDDEN));
    expect(o.upgrades.slice(0, 4)).toEqual(options.upgrades.slice(0, 4));
    expect(o.upgrades[4]).toEqual(HIDDEN);
    expect(o.enemyDecks.intermediate).toEqual([HIDDEN, HIDDEN]);
    expect(o.baralytasDeck).toEqual(Array(8).fill(HIDDEN));
    expect(o.factions).toEqual(options.factions);
  });

  it('a stateless exsilium.newaru_action: the enemy decks sent in draw order, the shuffles and their seed are HIDDEN (EXS-DECK-3)', () => {
    const latest = {
      'exsilium.newaruAction': {
        request: { decks: { basic: [{ name: 'Garra Oculta-Z1' }] }, outcomeDeck: [4, 8] },
        result: {
          enemyDeck: { tier: 'basic', drawPile: [{ name: 'Garra Oculta-Z1' }], discard: [{ name: 'Vista-Z2' }] },
          decks: { seed: 's1', draws: [], shuffles: [{ deck: 'outcome', order: [4, 8] }] },
        },
      },
    };
    const s = { game: 'exsilium', players, latest, enemyDecks: { basic: { drawPile: [{ name: 'Garra Oculta-Z1' }], discard: [] } } } as never;
    const v = rules.viewState(s, 'p1') as any;
    expect(JSON.stringify(v)).not.toContain('Garra Oculta-Z1');
    expect(JSON.stringify(v)).not.toContain('s1');
    expect(v.latest['exsilium.newaruAction'].result.enemyDeck.discard).toEqual([{ name: 'Vista-Z2' }]);
    expect(v.latest['exsilium.newaruAction'].request.outcomeDeck).toEqual([HIDDEN, HIDDEN]);
    const event = { type: 'exsilium.newaruAction.resolved', data: { kind: 'exsilium.newaruAction', ...latest['exsilium.newaruAction'] } };
    expect(JSON.stringify(rules.viewEvent(event, null, { before: s, after: s }))).not.toContain('Garra Oculta-Z1');
  });

  it('a stored resolution (v2 {kind, request, dice}): the request’s decks and every seed of the shuffles are HIDDEN (EXS-DECK-2/3)', () => {
    const s = { game: 'exsilium', players, latest: {} } as never;
    const data = {
      kind: 'exsilium.newaruAction',
      request: { decks: { basic: [{ name: 'Garra Oculta-Z1' }] }, outcomeDeck: [4, 8], seed: 'req-seed-7' },
      dice: { seed: 'cmd-seed-9', values: [] },
    };
    const seen = rules.viewEvent({ type: 'exsilium.newaruAction.resolved', data }, 'p1', { before: s, after: s }) as any;
    for (const secret of ['Garra Oculta-Z1', 'req-seed-7', 'cmd-seed-9']) expect(JSON.stringify(seen)).not.toContain(secret);
    expect(seen.data.dice).toEqual({ seed: HIDDEN, values: [] });
    expect(seen.data).not.toHaveProperty('result');
  });
});

describe('Exsilium secrets in the events', () => {
  it('EXS-SETUP-2: exsilium.start_player_bid reveals the bids to all; the Baralytas deck order stays HIDDEN (EXS-REVEAL-2)', () => {
    const p = played(1);
    const bid = p.log.find((e) => e.event.type === 'exsilium.start_player_bid')!;
    expect(rules.viewEvent(bid.event, null, bid).data).toMatchObject({ bids: { p1: 2, p2: 1 }, baralytasDeck: Array(8).fill(HIDDEN) });
  });

  it('EXS-ROUND-1: exsilium.round_started shows each player the cards it drew, the others HIDDEN (4 each)', () => {
    const p = played(1);
    const round = p.log.find((e) => e.event.type === 'exsilium.round_started')!;
    const seen = rules.viewEvent(round.event, 'p1', round).data as any;
    expect(seen.refills.p1.drawn).toEqual(['p1-1', 'p1-2', 'p1-3', 'p1-4']);
    expect(seen.refills.p2.drawn).toEqual([HIDDEN, HIDDEN, HIDDEN, HIDDEN]);
  });

  it('EXS-ACTION-6 (b) / EXS-ACTION-8: a face-down drop and its pick-up are seen by the dropper and the taker only', () => {
    const p = played();
    const drop = p.log.find((e) => e.event.type === 'exsilium.card_dropped')!;
    expect((rules.viewEvent(drop.event, 'p2', drop).data as { card: unknown }).card).toEqual(HIDDEN);
    expect(rules.viewEvent(drop.event, 'p1', drop)).toEqual(drop.event);
    const pickup = { type: 'exsilium.marker_picked_up', data: { player: 'p2', node: 'A1:1,1', faction: 'syl', card: 'p1-3' } };
    const ctx = { before: p.state, after: p.state };
    expect((rules.viewEvent(pickup, null, ctx).data as { card: unknown }).card).toEqual(HIDDEN);
    expect(rules.viewEvent(pickup, 'p1', ctx)).toEqual(pickup);
    expect(rules.viewEvent(pickup, 'p2', ctx)).toEqual(pickup);
  });

  it('EXS-COMBAT-DISCARD-2 / EXS-DECK-3: a combat shows its result; the supply card to its player only, deck orders and the seed to nobody', () => {
    const p = whole();
    const combats = p.log.filter((e) => e.event.type === 'exsilium.combat_resolved');
    const newaru = combats.find((e) => (e.event.data as any).effects.enemyDeck)!;
    const seen = rules.viewEvent(newaru.event, 'p1', newaru).data as any;
    expect(seen.effects.enemyDeck.drawPile.every((x: unknown) => x === HIDDEN)).toBe(true);
    expect(seen.dice.seed).toEqual(HIDDEN);
    // EXS-COMBAT-NEWARU-3: the cards drawn (the enemy action card, the Outcome cards) are shown to all
    expect(seen.draws).toEqual((newaru.event.data as any).draws);
    expect(seen.winner).toEqual((newaru.event.data as any).winner);
    const pvp = combats.find((e) => (e.event.data as any).effects.supplyCard)!;
    const loser = (pvp.event.data as any).effects.supplyCard.player;
    const other = loser === 'p1' ? 'p2' : 'p1';
    expect((rules.viewEvent(pvp.event, other, pvp).data as any).effects.supplyCard.card).toEqual(HIDDEN);
    expect((rules.viewEvent(pvp.event, loser, pvp).data as any).effects.supplyCard).toEqual((pvp.event.data as any).effects.supplyCard);
    expect(view(p.state, other).table.supply.every((x: unknown) => x === HIDDEN)).toBe(true);
  });
});

describe('Exsilium secretTexts', () => {
  it('names the ids and names of the cards a reader may not see, never its own nor public ones', () => {
    const s = played().state;
    const p2 = rules.secretTexts(s, 'p2');
    expect(p2).toEqual(expect.arrayContaining([...HAND.p1, FACE_DOWN, ...UNSEEN, 'p1-2', 'p1-3', 'p1-5']));
    for (const readable of [...HAND.p2, ...PLAYED, 'p2-2', 'Mejora Visible-U1']) expect(p2).not.toContain(readable);
    expect(rules.secretTexts(s, 'p1')).not.toContain(FACE_DOWN);
  });
});

describe('Exsilium moves and actors', () => {
  it('EXS-SETUP-2: every bidder bids; EXS-ROUND-2: the active player has the turn’s commands, the other none', () => {
    expect(movesOf(played(0).initial, 'p1')).toEqual(['exsilium.bid']);
    expect(movesOf(played(0).initial, 'p2')).toEqual(['exsilium.bid']);
    const s = played(1).state;
    expect(movesOf(s, 'p1')).toEqual([
      'exsilium.activate',
      'exsilium.move',
      'exsilium.play',
      'exsilium.drop',
      'exsilium.eliminate',
      'exsilium.buy',
      'exsilium.ability',
      'exsilium.end_turn',
    ]);
    expect(movesOf(s, 'p2')).toEqual([]);
    // CONTRACT §9.1: the moves are exact — during p1's turn p2 has none (the stateless tools stay accepted, they are no turn's move)
    expect(rules.moves(s).filter((m) => m.player === 'p2')).toEqual([]);
  });

  it('EXS-COMBAT-TRIGGER-4 / EXS-KW-DODGE: a pending combat comes first; its defender may dodge; EXS-WIN-1: no moves once won', () => {
    const pending = whole(10).state;
    expect(pending.table.combats[0].kind).toBe('pvp');
    expect(movesOf(pending, 'p1')[0]).toBe('exsilium.fight');
    expect(movesOf(pending, 'p1')).not.toContain('exsilium.end_turn');
    expect(movesOf(pending, 'p2')).toEqual(['exsilium.dodge']);
    const won = whole().state;
    expect(won.table.phase).toBe('ended');
    expect(rules.moves(won)).toEqual([]);
  });

  it('the tools are every canonical command of the game that takes no scenario', () => {
    const all = canonicalTypes(gameMatch('exsilium')!);
    expect(EXSILIUM_TOOLS.every((t) => all.includes(t))).toBe(true);
    // the tools and the 13 full-match commands (exsilium.conclude: CONTRACT §9.1), besides the table's own `match.*` commands (CONTRACT §9)
    expect(all.filter((t) => !t.startsWith('match.'))).toHaveLength(EXSILIUM_TOOLS.length + 13);
    expect(all).toContain('match.pass');
  });

  it('actor: the player named; a bid or a PvP fight carrying another player’s decision is several players’ (EXS-SETUP-2, EXS-COMBAT-PVP-2)', () => {
    const s = whole(10).state;
    expect(rules.actor({ type: 'exsilium.bid', bids: { p1: 1, p2: 0 } }, s)).toEqual(['p1', 'p2']);
    expect(rules.actor({ type: 'exsilium.bid', bids: { p2: 1 } }, s)).toBe('p2');
    expect(rules.actor({ type: 'exsilium.fight', player: 'p1', cards: ['p1-4'], defenderCards: ['p2-4'] }, s)).toEqual(['p1', 'p2']);
    expect(rules.actor({ type: 'exsilium.fight', player: 'p1', cards: ['p1-4'] }, s)).toBe('p1');
    expect(rules.actor({ type: 'exsilium.dodge', player: 'p2', card: 'p2-7' }, s)).toBe('p2');
    expect(rules.actor({ type: 'exsilium.ability', player: 'p2', tile: 'X', victims: { p1: { supplyCards: ['p1-2'] } } }, s)).toEqual(['p2', 'p1']);
    expect(rules.actor({ type: 'exsilium.combat' }, s)).toBeUndefined();
  });

  it('EXS-KW-DODGE: a cracking card carrying a dodge is the owner’s to send, whoever holds the card named (whose hand holds it stays secret)', () => {
    const s = played().state;
    expect(s.table.players.p2.hand).toContain('p2-2');
    const actor = (dodge: string) => rules.actor({ type: 'exsilium.play', player: 'p1', card: 'p1-4', dodge }, s);
    expect(actor('p2-2')).toEqual(['p1', 'the terminal owner']);
    // in Ben's hand, not drawn yet, no such card: the same answer (and so the same refusal for a seat)
    expect(actor('p2-8')).toEqual(actor('p2-2'));
    expect(actor('no-such-card')).toEqual(actor('p2-2'));
  });
});
