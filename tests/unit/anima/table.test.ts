/** Ánima at a table of several people (CONTRACT §8.1): secrets per reader, moves, actors — real commands, fixed dice. */
import { describe, expect, it } from 'vitest';
import { canonicalTypes, gameMatch } from '../../../src/app/matches/games.js';
import { ANIMA_COMMAND_TYPES } from '../../../src/games/anima/match/index.js';
import { ANIMA_TOOLS, animaTable as rules, type AnimaTableState } from '../../../src/games/anima/match/table.js';
import { HIDDEN } from '../../../src/kernel/table.js';
import { HAND, MISSIONS, PLAYED, RETURNED, UNSEEN, options, players, script } from '../../fixtures/tables/anima.js';
import { play, readable, readers } from '../../helpers/table-play.js';
import { ANIMA_PLAYERS, BENEFIT_DONE, gapCards } from '../../fixtures/anima-match.js';

const commands = script.steps.map((s) => s.command);
const played = (n = commands.length) => play<AnimaTableState>('anima', players, options, commands.slice(0, n));
const view = (s: AnimaTableState, reader: string | null) => rules.viewState(s, reader) as any;
const movesOf = (s: AnimaTableState, player: string) =>
  rules
    .moves(s)
    .filter((m) => m.player === player)
    .map((m) => m.type);
const tableMoves = (s: AnimaTableState, player: string) => movesOf(s, player).filter((t) => !ANIMA_TOOLS.includes(t));

describe('Ánima table script (the end-to-end leak test)', () => {
  it('every step is accepted and no reader can read its secrets anywhere (state, options, events)', () => {
    const p = played();
    expect(p.log.length).toBeGreaterThan(commands.length);
    for (const reader of readers(players)) {
      const text = readable(rules, p, reader);
      for (const secret of script.secrets[reader ?? 'spectator']!) expect(text, `${reader} reads ${secret}`).not.toContain(secret);
    }
  });

  it('ANIMA-SETUP-2 / ANIMA-HAND-1: each seat reads its own hand and missions; a card played is public (ANIMA-TIMING-1)', () => {
    const p = played();
    for (const id of ['p1', 'p2'] as const) {
      const text = readable(rules, p, id);
      for (const own of [...HAND[id], ...MISSIONS[id]]) expect(text).toContain(own);
    }
    for (const reader of readers(players)) expect(readable(rules, p, reader)).toContain(PLAYED);
  });

  it('the script names only other players in notYours: the actor is never the sending seat', () => {
    const p = played();
    for (const { by, command } of script.notYours) expect(rules.actor(command as never, p.state)).not.toBe(by);
  });
});

describe('Ánima secrets in the state', () => {
  it('ANIMA-SETUP-2: the Basic Missions held are HIDDEN from the others (two each: sizes kept), the holder reads them', () => {
    const s = played().state;
    expect(view(s, 'p2').groupsInPlay.p1.missions).toEqual([HIDDEN, HIDDEN]);
    expect(view(s, null).groupsInPlay.p2.missions).toEqual([HIDDEN, HIDDEN]);
    expect(view(s, 'p1').groupsInPlay.p1.missions.map((m: { name: string }) => m.name)).toEqual(MISSIONS.p1.slice(0, 2));
    expect(view(s, 'p1').cards.basicMissions[1].test.enemy).toBe('Kraken Abisal-X1');
    expect(view(s, 'p2').cards.basicMissions.slice(0, 2)).toEqual([HIDDEN, HIDDEN]);
    // ANIMA-SETUP-2: the Basic Missions set aside are seen by nobody.
    for (const reader of readers(players)) expect(view(s, reader).cards.basicMissions[4]).toEqual(HIDDEN);
  });

  it('ANIMA-SETUP-3: the Characters and Gifts dealt to choose from are HIDDEN from the others until the choice', () => {
    const s = played(0).initial;
    expect(view(s, 'p2').groupsInPlay.p1).toMatchObject({ dealt: [HIDDEN, HIDDEN], giftsDealt: [HIDDEN, HIDDEN, HIDDEN, HIDDEN] });
    expect(view(s, 'p1').groupsInPlay.p1).toMatchObject({ dealt: [0, 1], giftsDealt: [0, 1, 2, 3] });
    expect(view(s, 'p1').cards.characters.slice(0, 3)).toEqual([options.characters[0], options.characters[1], HIDDEN]);
  });

  it('ANIMA-HAND-1: another hand reads HIDDEN per card, its size stays public; the holder reads its cards', () => {
    const s = played().state;
    expect(view(s, 'p1').groupsInPlay.p2).toMatchObject({ hand: [HIDDEN, HIDDEN, HIDDEN], handSize: 3 });
    expect(view(s, null).groupsInPlay.p1).toMatchObject({ hand: [HIDDEN, HIDDEN], handSize: 2 });
    const mine = view(s, 'p2');
    expect(mine.groupsInPlay.p2.hand.map((i: number) => mine.cards.gifts[i].name)).toEqual(HAND.p2);
  });

  it('ANIMA-SETUP-4 / ANIMA-PRIOR-2: a face-down prior encounter is HIDDEN from everyone; the one revealed by a visit is public', () => {
    const s = played().state;
    for (const reader of readers(players)) {
      const v = view(s, reader);
      expect(v.locations.find((l: { name: string }) => l.name === 'Torre Eco-2B').prior).toEqual({ card: HIDDEN, faceDown: true });
      expect(v.cards.encounters[1]).toEqual(HIDDEN);
      // ANIMA-PRIOR-5 / ANIMA-DECK-1: the defeated Guerrero Errante lies face up in the discard pile.
      expect(v.cards.encounters[0].name).toBe('Guerrero Errante-4D');
    }
  });

  it('ANIMA-DECK-2 / ANIMA-SETUP-2: every undrawn deck (and the Final Missions) reads HIDDEN for everyone, its size kept', () => {
    const s = played().state;
    for (const reader of readers(players)) {
      const v = view(s, reader);
      expect(v.decks.characters).toEqual(s.decks.characters.map(() => HIDDEN));
      expect(v.decks.gifts).toHaveLength(4);
      expect(v.decks.gifts.every((x: unknown) => x === HIDDEN)).toBe(true);
      expect(v.finalDeck).toEqual([HIDDEN, HIDDEN, HIDDEN]);
      expect(v.cards.finalMissions).toEqual([HIDDEN, HIDDEN, HIDDEN]);
    }
    // The full state is untouched.
    expect(s.decks.gifts).toEqual([8, 9, 3, 7]);
  });

  it('ANIMA-SETUP-1: the options list decks in draw order, every card HIDDEN (lengths kept); ANIMA-OPT-TREE-1 shows the Locations', () => {
    const o = rules.viewOptions(options, 'p1');
    expect(o.gifts).toEqual(options.gifts.map(() => HIDDEN));
    expect(o.basicMissions).toHaveLength(5);
    expect(rules.viewOptions({ ...options, tree: true }, null).locations).toEqual(options.locations);
  });

  it('ANIMA-MISSION-2/4: a completed Basic Mission and the revealed Final Mission are public; the other mission, the Gifts drawn and the rest stay hidden', () => {
    const p = play<AnimaTableState>('anima', ANIMA_PLAYERS, gapCards(), BENEFIT_DONE);
    const v = view(p.state, 'p2');
    expect(v.groupsInPlay.p1.missions).toEqual([{ card: 0, name: 'Derrotar a Tiamat', completed: true }, HIDDEN]);
    expect(v.finalMission).toEqual(p.state.finalMission);
    expect(v.cards.finalMissions.filter((m: unknown) => m !== HIDDEN)).toHaveLength(1);
    expect(v.finalDeck).toEqual([HIDDEN, HIDDEN]);
    const drawn = p.log.find((e) => e.event.type === 'anima.gifts_drawn')!;
    expect(rules.viewEvent(drawn.event, 'p2', drawn).data).toMatchObject({ player: 'p1', cards: [HIDDEN, HIDDEN] });
    expect(rules.viewEvent(drawn.event, 'p1', drawn)).toEqual(drawn.event);
  });
});

describe('Ánima secrets in the events', () => {
  it('ANIMA-SETUP-3: anima.character_kept shows the kept Character to all, the returned cards and kept Gifts to their player only', () => {
    const p = played(1);
    const kept = p.log.find((e) => e.event.type === 'anima.character_kept')!;
    expect(rules.viewEvent(kept.event, 'p2', kept).data).toEqual({ player: 'p1', kept: 0, returned: HIDDEN, gifts: [HIDDEN, HIDDEN, HIDDEN], returnedGift: HIDDEN });
    expect(rules.viewEvent(kept.event, 'p1', kept)).toEqual(kept.event);
  });

  it('ANIMA-DECK-2: a reshuffle (anima.deck_shuffled) keeps its type and size, its order HIDDEN even for the player who returned the card', () => {
    const p = played(1);
    const shuffles = p.log.filter((e) => e.event.type === 'anima.deck_shuffled');
    expect(shuffles).toHaveLength(2);
    for (const e of shuffles) {
      const seen = rules.viewEvent(e.event, 'p1', e);
      expect(seen.type).toBe('anima.deck_shuffled');
      expect((seen.data as { order: unknown[] }).order).toEqual([HIDDEN, HIDDEN, HIDDEN]);
    }
  });

  it('ANIMA-PRIOR-2: the prior encounter met by anima.went is public from that event', () => {
    const p = played();
    const went = p.log.find((e) => e.event.type === 'anima.went')!;
    expect(rules.viewEvent(went.event, null, went)).toEqual(went.event);
  });

  it('ANIMA-INTERACT-5 / ANIMA-INTERACT-1: a spoil or a traded Gift is seen by the two players only', () => {
    const s = played().state;
    const ctx = { before: s, after: s };
    const combat = { type: 'anima.group_combat', data: { player: 'p1', opponent: 'p2', combat: {}, spoil: true, spoilCard: 5 } };
    expect((rules.viewEvent(combat, 'p3', ctx).data as { spoilCard: unknown }).spoilCard).toEqual(HIDDEN);
    expect(rules.viewEvent(combat, 'p2', ctx)).toEqual(combat);
    // ANIMA-AMB-9: a spoil the winner cannot hold is discarded face up.
    const discarded = { ...combat, data: { ...combat.data, spoil: false } };
    expect(rules.viewEvent(discarded, null, ctx)).toEqual(discarded);
    const trade = { type: 'anima.traded', data: { player: 'p1', with: 'p2', gives: { gifts: 1, characters: [], cards: [1] }, receives: { gifts: 0, characters: [] } } };
    expect((rules.viewEvent(trade, null, ctx).data as any).gives.cards).toEqual([HIDDEN]);
    expect(rules.viewEvent(trade, 'p2', ctx)).toEqual(trade);
  });

  it('an Encounter deck sent in draw order to the stateless anima.exploration is HIDDEN in its event and in state.latest', () => {
    const enc = [
      { name: 'Carta Arriba-E1', kind: 'creature', level: 1, combat: 1 },
      { name: 'Carta Abajo-E2', kind: 'creature', level: 1, combat: 1 },
    ];
    const group = { characters: [{ name: 'Acróbata', combat: 4, speed: 4 }] };
    const location = { name: 'Cueva', level: 1, table: [{ min: 1, max: 10, result: 'nothing' }] };
    const p = play<AnimaTableState>('anima', players, {}, [{ type: 'anima.exploration', player: 'p1', group, location, encounters: enc, dice: { values: [1] } }]);
    const e = p.log[0]!;
    expect(JSON.stringify(rules.viewEvent(e.event, 'p1', e))).not.toContain('Carta Abajo-E2');
    expect(JSON.stringify(view(p.state, 'p1').latest)).not.toContain('Carta Abajo-E2');
    expect(view(p.state, 'p1').latest['anima.exploration'].request.encounters).toEqual([HIDDEN, HIDDEN]);
  });
});

describe('Ánima secretTexts', () => {
  it('names the cards a reader may not see, never its own nor what it can read (a Location, a card played)', () => {
    const s = played().state;
    const p2 = rules.secretTexts(s, 'p2');
    expect(p2).toEqual(expect.arrayContaining([...HAND.p1, ...MISSIONS.p1, ...UNSEEN]));
    for (const readable of [...HAND.p2, ...MISSIONS.p2, PLAYED, 'Puerto Bruma-1A', 'Capitana Ámbar-7Q']) expect(p2).not.toContain(readable);
    expect(rules.secretTexts(s, null)).toEqual(expect.arrayContaining([...HAND.p1, ...HAND.p2, ...RETURNED.p1]));
  });
});

describe('Ánima moves and actors', () => {
  it('ANIMA-SETUP-3: every player keeps a Character, in any order; the moves are exact (the stateless tools are no turn’s move)', () => {
    const s = played(0).initial;
    expect(tableMoves(s, 'p1')).toEqual(['anima.keep_character']);
    expect(tableMoves(s, 'p2')).toEqual(['anima.keep_character']);
    // p1 kept its Character: it waits for p2's
    expect(movesOf(played(1).state, 'p1')).toEqual([]);
  });

  it('ANIMA-TURN-1: the player to act has the phase’s commands; the other only an Interrupt card (ANIMA-TIMING-2)', () => {
    const start = played(2).state;
    expect(tableMoves(start, 'p1')).toEqual(['anima.discard_gifts', 'anima.dismiss_character', 'anima.end_phase', 'anima.play_gift']);
    expect(tableMoves(start, 'p2')).toEqual(['anima.play_gift']);
    const move = played(5).state;
    expect(tableMoves(move, 'p1')).toEqual(['anima.go', 'anima.seek_new_horizons', 'anima.rest']);
    const interaction = played().state;
    expect(tableMoves(interaction, 'p1')).toEqual(['anima.declare_combat', 'anima.trade_with', 'anima.end_phase', 'anima.play_gift']);
  });

  it('ANIMA-REWARD-1: a pending reward is the only move; ANIMA-MISSION-3: none once the game is won', () => {
    const p = play<AnimaTableState>('anima', ANIMA_PLAYERS, gapCards(), BENEFIT_DONE.slice(0, -1));
    expect(tableMoves(p.state, 'p1')).toEqual(['anima.claim_reward']);
    expect(tableMoves(p.state, 'p2')).toEqual([]);
    expect(rules.moves({ ...p.state, phase: 'ended' })).toEqual([]);
  });

  it('the tools are every canonical command of the game that is not a full-match command', () => {
    const all = canonicalTypes(gameMatch('anima')!);
    // besides the table's own commands (`match.pass`, CONTRACT §9.1; takebacks, §9.2)
    expect([...ANIMA_TOOLS].sort()).toEqual(all.filter((t) => !ANIMA_COMMAND_TYPES.includes(t) && !t.startsWith('match.')).sort());
  });

  it('actor: the player named; several players when the command carries another player’s decision (ANIMA-TIMING-2, ANIMA-INTERACT-1, ANIMA-MOVE-8)', () => {
    const s = played().state;
    expect(rules.actor({ type: 'anima.end_phase', player: 'p2' }, s)).toBe('p2');
    expect(rules.actor({ type: 'anima.go', player: 'p1', location: 'x', redirect: { by: 'p2', gift: 'g', location: 'y' } }, s)).toEqual(['p1', 'p2']);
    // ANIMA-INTERACT-1: a trade from a seat is a proposal p2 accepts or refuses (CONTRACT §9.1); the refusal is p2's decision
    expect(rules.actor({ type: 'anima.trade_with', player: 'p1', with: 'p2' }, s)).toBe('p1');
    expect(rules.actor({ type: 'anima.trade_with', player: 'p1', with: 'p2', refused: true }, s)).toEqual(['p1', 'p2']);
    expect(rules.actor({ type: 'anima.accept_trade', player: 'p2' }, s)).toBe('p2');
    expect(rules.actor({ type: 'anima.seek_new_horizons', player: 'p1', saves: [{ location: 'x', by: 'p2' }] }, s)).toEqual(['p1', 'p2']);
    expect(rules.actor({ type: 'anima.declare_combat', player: 'p1', target: 'p2', targetGifts: [{ gift: 'x' }] }, s)).toEqual(['p1', 'p2']);
    expect(rules.actor({ type: 'anima.declare_combat', player: 'p1', target: 'p2' }, s)).toBe('p1');
    // A Group tool without `player` acts on the first player's Group; other tools are the table's.
    expect(rules.actor({ type: 'anima.speed' }, s)).toBe('p1');
    expect(rules.actor({ type: 'anima.turn_order' }, s)).toBeUndefined();
  });
});
