/** EDEN table rules (CONTRACT §8.1): views per reader, secret texts, moves and actors, over matches played command by command. */
import { describe, expect, it } from 'vitest';
import { HIDDEN, type Reader } from '../../../src/kernel/table.js';
import { edenTable } from '../../../src/games/eden/match/table.js';
import type { EdenMatchState } from '../../../src/games/eden/match/index.js';
import { replay } from '../../helpers/table-replay.js';
import { HAND_A, HAND_B, PLAYED_A, SECRET_MISSION, script } from '../../fixtures/tables/eden.js';

const setup = (options: Record<string, unknown> = {}) => ({ players: script.players, options });
const play = (commands: Record<string, unknown>[], options: Record<string, unknown> = {}) => replay<EdenMatchState>('eden', setup(options), commands);
const prefix = (n: number) => script.steps.slice(0, n).map((s) => s.command);
const READERS: Reader[] = ['p1', 'p2', null];
const text = (v: unknown) => JSON.stringify(v);
const movesOf = (state: EdenMatchState, player: string) =>
  edenTable
    .moves(state)
    .filter((m) => m.player === player)
    .map((m) => m.type);

/** Turn 1 played to the end of its Activation phase (after the script: b1 ends, then a2 and b2 are activated). */
const toUpkeep = [
  ...prefix(script.steps.length),
  { type: 'eden.end_activation' },
  { type: 'eden.activate', player: 'A', fighterId: 'a2' },
  { type: 'eden.end_activation' },
  { type: 'eden.activate', player: 'B', fighterId: 'b2' },
  { type: 'eden.end_activation' },
];

describe('EDEN table: bands (EDEN-PREP-1)', () => {
  it('EDEN-PREP-1: a band registered before the other is hidden from the opponent and spectators (sizes kept), visible to its player', () => {
    const { state, log } = play(prefix(1));
    for (const reader of ['p2', null] as Reader[]) {
      const view = edenTable.viewState(state, reader) as any;
      expect(view.bands.A).toMatchObject({ bandType: HIDDEN, affiliation: HIDDEN, strategyPoints: HIDDEN, fighterIds: [HIDDEN, HIDDEN] });
      expect(Object.keys(view.fighters)).toEqual([]);
      expect(text(view)).not.toContain('Kael');
      const event = edenTable.viewEvent(log[0]!.event, reader, log[0]!);
      expect(event.type).toBe('eden.band_registered');
      expect(event.data).toMatchObject({ player: 'A', fighters: [HIDDEN, HIDDEN], bandType: HIDDEN, strategyPoints: HIDDEN });
      expect(edenTable.secretTexts(state, reader)).toEqual(expect.arrayContaining(['a1', 'Kael', 'a2', 'Mira', 'jokers']));
    }
    expect(edenTable.viewState(state, 'p1')).toEqual(state);
    expect(edenTable.viewEvent(log[0]!.event, 'p1', log[0]!)).toEqual(log[0]!.event);
    expect(edenTable.secretTexts(state, 'p1')).toEqual([]);
  });

  it("EDEN-PREP-1: while a band is hidden, a command naming one of its fighters is nobody's in particular (a seat cannot tell a hidden id from an unknown one by a 403)", () => {
    const { state } = play(prefix(1));
    expect(edenTable.actor({ type: 'eden.move', fighterId: 'a1' }, state)).toBeUndefined();
    expect(edenTable.actor({ type: 'eden.move', fighterId: 'zz' }, state)).toBeUndefined();
  });

  it('EDEN-PREP-1: both bands are shown once the second is registered; the revealing event is public', () => {
    const { state, log } = play(prefix(2));
    const view = edenTable.viewState(state, 'p2') as any;
    expect(view.bands.A).toMatchObject({ bandType: 'faction', fighterIds: ['a1', 'a2'], strategyPoints: 8 });
    expect(view.fighters.a1.fighter.name).toBe('Kael');
    expect(edenTable.viewEvent(log[1]!.event, 'p1', log[1]!)).toEqual(log[1]!.event);
    // the first registration keeps the view it had when it was appended
    expect(edenTable.viewEvent(log[0]!.event, 'p2', log[0]!).data).toMatchObject({ fighters: [HIDDEN, HIDDEN] });
    expect(edenTable.secretTexts(state, 'p2')).toEqual([]);
  });
});

describe('EDEN table: Secret missions (EDEN-CARD-MISSION-2)', () => {
  it('EDEN-CARD-MISSION-2 / EDEN-PREP-5: a Secret mission, name and content, reads HIDDEN for the opponent and spectators; its player sees it', () => {
    const { state, log } = play(prefix(7));
    const played = log.find((f) => f.event.type === 'eden.mission_played' && (f.event.data as any).player === 'A')!;
    for (const reader of ['p2', null] as Reader[]) {
      const view = edenTable.viewState(state, reader) as any;
      expect(view.bands.A.mission).toEqual(HIDDEN);
      expect(text(view)).not.toContain(SECRET_MISSION.name);
      expect(text(view)).not.toContain(SECRET_MISSION.effect);
      expect(edenTable.viewEvent(played.event, reader, played).data).toEqual({ player: 'A', mission: HIDDEN });
      expect(edenTable.secretTexts(state, reader)).toEqual(expect.arrayContaining([SECRET_MISSION.name, SECRET_MISSION.effect]));
    }
    expect((edenTable.viewState(state, 'p1') as any).bands.A.mission).toMatchObject(SECRET_MISSION);
    expect(edenTable.viewEvent(played.event, 'p1', played)).toEqual(played.event);
    expect(edenTable.secretTexts(state, 'p1')).not.toContain(SECRET_MISSION.name);
  });

  it('EDEN-CARD-MISSION-2: a Revealed mission is public to every reader', () => {
    const { state } = play(prefix(7));
    for (const reader of READERS) expect((edenTable.viewState(state, reader) as any).bands.B.mission.name).toBe('Mision Revelada Granate');
  });

  it('EDEN-GAME-1: when the game ends VP are totalled by the mission cards, so the Secret mission is shown from eden.game_ended on', () => {
    const { state, log } = play([...toUpkeep, { type: 'eden.upkeep', dice: { values: [] } }], { turns: 1 });
    expect(state.phase).toBe('ended');
    const end = log.findIndex((f) => f.event.type === 'eden.game_ended');
    const before = log[end]!.before;
    expect((edenTable.viewState(before, 'p2') as any).bands.A.mission).toEqual(HIDDEN);
    for (const reader of READERS) expect((edenTable.viewState(state, reader) as any).bands.A.mission).toMatchObject(SECRET_MISSION);
    expect(edenTable.secretTexts(state, 'p2')).not.toContain(SECRET_MISSION.name);
    // EDEN-GAME-1: no move once the game is over
    expect(edenTable.moves(state)).toEqual([]);
  });
});

describe('EDEN table: tactic hands (EDEN-PREP-8, EDEN-TACPH-1)', () => {
  it('EDEN-PREP-8: each hand reads HIDDEN card by card (its size, the Leader PSI, kept) for everyone but its player', () => {
    const { state, log } = play(prefix(11));
    const chosen = log.filter((f) => f.event.type === 'eden.tactic_hand_chosen');
    expect((edenTable.viewState(state, 'p1') as any).bands).toMatchObject({ A: { tacticHand: HAND_A }, B: { tacticHand: [HIDDEN, HIDDEN, HIDDEN, HIDDEN] } });
    expect((edenTable.viewState(state, 'p2') as any).bands).toMatchObject({ A: { tacticHand: [HIDDEN, HIDDEN, HIDDEN, HIDDEN] }, B: { tacticHand: HAND_B } });
    const spectator = edenTable.viewState(state, null) as any;
    expect([spectator.bands.A.tacticHand, spectator.bands.B.tacticHand]).toEqual([Array(4).fill(HIDDEN), Array(4).fill(HIDDEN)]);
    expect(edenTable.viewEvent(chosen[0]!.event, 'p2', chosen[0]!).data).toEqual({ player: 'A', cards: Array(4).fill(HIDDEN) });
    expect(edenTable.viewEvent(chosen[0]!.event, 'p1', chosen[0]!)).toEqual(chosen[0]!.event);
    expect(edenTable.viewEvent(chosen[1]!.event, null, chosen[1]!).data).toEqual({ player: 'B', cards: Array(4).fill(HIDDEN) });
    expect(edenTable.secretTexts(state, 'p1')).toEqual(HAND_B);
    expect(edenTable.secretTexts(state, null)).toEqual(expect.arrayContaining([...HAND_A, ...HAND_B]));
  });

  it('EDEN-TACPH-1: a played card is shown from eden.tactic_played on; the rest of the hand stays hidden', () => {
    const { state, log } = play(prefix(13));
    const playedEvent = log.find((f) => f.event.type === 'eden.tactic_played')!;
    expect(edenTable.viewEvent(playedEvent.event, 'p2', playedEvent).data).toMatchObject({ player: 'A', card: PLAYED_A });
    const hand = (edenTable.viewState(state, 'p2') as any).bands.A;
    expect(hand.tacticHand).toEqual(HAND_A.map((c) => (c === PLAYED_A ? c : HIDDEN)));
    expect(hand.tacticsPlayed).toEqual([PLAYED_A]);
    expect(edenTable.secretTexts(state, 'p2')).not.toContain(PLAYED_A);
    expect(edenTable.secretTexts(state, 'p2')).toEqual(expect.arrayContaining(HAND_A.filter((c) => c !== PLAYED_A)));
  });

  it("EDEN-PREP-8: a card name the reader holds too is not masked as the opponent's secret", () => {
    const shared = ['Ambush', 'Fury', 'Retreat', 'Rally'];
    const commands = prefix(11).map((c) => (c.type === 'eden.choose_tactic_hand' ? { ...c, cards: shared } : c));
    const { state } = play(commands);
    expect(edenTable.secretTexts(state, 'p1')).toEqual([]);
    expect(edenTable.secretTexts(state, null)).toEqual(expect.arrayContaining(shared));
  });

  it('views never write into the state they are given', () => {
    const { state, log } = play(prefix(13));
    const copy = structuredClone(state);
    for (const reader of READERS) {
      edenTable.viewState(state, reader);
      edenTable.secretTexts(state, reader);
      for (const f of log) edenTable.viewEvent(f.event, reader, f);
    }
    expect(state).toEqual(copy);
  });
});

describe('EDEN table: moves follow the match flow', () => {
  it('EDEN-PREP-1/3/4: bands in any order, the bid for both, then the First player names his Leader first', () => {
    const { states } = play(prefix(4));
    expect(edenTable.moves(states[0]!)).toEqual([
      { player: 'p1', type: 'eden.register_band' },
      { player: 'p2', type: 'eden.register_band' },
    ]);
    expect(edenTable.moves(states[1]!)).toEqual([{ player: 'p2', type: 'eden.register_band' }]);
    expect(edenTable.moves(states[2]!)).toEqual([
      { player: 'p1', type: 'eden.bid' },
      { player: 'p2', type: 'eden.bid' },
    ]);
    expect(edenTable.moves(states[3]!)).toEqual([{ player: 'p1', type: 'eden.choose_leader' }]);
    expect(edenTable.moves(states[4]!)).toEqual([{ player: 'p2', type: 'eden.choose_leader' }]);
  });

  it('EDEN-PREP-5/7/8: missions, deployment and hands go First player first, then the opponent', () => {
    const { states } = play(prefix(11));
    expect(edenTable.moves(states[5]!)).toEqual([{ player: 'p1', type: 'eden.play_mission' }]);
    expect(edenTable.moves(states[6]!)).toEqual([{ player: 'p2', type: 'eden.play_mission' }]);
    expect(edenTable.moves(states[7]!)).toEqual([{ player: 'p1', type: 'eden.deploy' }]);
    expect(edenTable.moves(states[9]!)).toEqual([{ player: 'p1', type: 'eden.choose_tactic_hand' }]);
    expect(edenTable.moves(states[10]!)).toEqual([{ player: 'p2', type: 'eden.choose_tactic_hand' }]);
    // EDEN-FIRST-1: turn 1 opens with the bid
    expect(edenTable.moves(states[11]!).map((m) => m.type)).toEqual(['eden.bid', 'eden.bid']);
  });

  it('EDEN-TACPH-1 / EDEN-ACT-1/3/5/6: tactic cards First player first; the First player designates (no pass on the opening activation); the active fighter acts', () => {
    const { states } = play(prefix(18));
    expect(edenTable.moves(states[12]!)).toEqual([
      { player: 'p1', type: 'eden.play_tactic' },
      { player: 'p1', type: 'eden.skip_tactic' },
    ]);
    expect(movesOf(states[13]!, 'p2')).toEqual(['eden.play_tactic', 'eden.skip_tactic']);
    expect(movesOf(states[13]!, 'p1')).toEqual([]);
    // EDEN-ACT-6: the opening activation cannot be a pass
    expect(edenTable.moves(states[14]!)).toEqual([{ player: 'p1', type: 'eden.activate' }]);
    // EDEN-ACT-3: a1 active; EDEN-MOVE-ACT-2: the adversary may strike a disengaging fighter
    expect(movesOf(states[15]!, 'p1')).toEqual(['eden.move', 'eden.douse_fire', 'eden.melee', 'eden.ranged', 'eden.thrown', 'eden.spray', 'eden.end_activation']);
    expect(movesOf(states[15]!, 'p2')).toEqual(['eden.melee']);
    // EDEN-ACT-4/5: the role goes to B, who may designate or pass
    expect(edenTable.moves(states[17]!)).toEqual([
      { player: 'p2', type: 'eden.activate' },
      { player: 'p2', type: 'eden.pass' },
    ]);
  });

  it('EDEN-UPKEEP-10/11: the upkeep is a table-wide step (both players listed)', () => {
    const { state } = play(toUpkeep);
    expect(state.phase).toBe('upkeep');
    expect(edenTable.moves(state)).toEqual([
      { player: 'p1', type: 'eden.upkeep' },
      { player: 'p2', type: 'eden.upkeep' },
    ]);
  });
});

describe('EDEN table: actors', () => {
  const { state } = play(prefix(18));

  it('EDEN-PREP / EDEN-ACT-1: a command acts for the player it names ("A", "B" or a player id), not the seat that sends it', () => {
    expect(edenTable.actor({ type: 'eden.pass', player: 'A' }, state)).toBe('p1');
    expect(edenTable.actor({ type: 'eden.activate', player: 'p2', fighterId: 'b2' }, state)).toBe('p2');
    expect(edenTable.actor({ type: 'eden.play_tactic', player: 'B', card: HAND_B[0] }, state)).toBe('p2');
    expect(edenTable.actor({ type: 'eden.pass', player: 'nobody' }, state)).toBe('nobody');
  });

  it("EDEN-ACT-3: a fighter named by fighterId, attacker or shooter acts for its band's player", () => {
    expect(edenTable.actor({ type: 'eden.move', fighterId: 'a1' }, state)).toBe('p1');
    expect(edenTable.actor({ type: 'eden.melee', attacker: { id: 'b2' }, target: 'a1', via: 'disengage' }, state)).toBe('p2');
    expect(edenTable.actor({ type: 'eden.ranged', shooter: 'a2', weapon: 'Pistol', candidates: [] }, state)).toBe('p1');
    expect(edenTable.actor({ type: 'eden.move', fighterId: 'ghost' }, state)).toBeUndefined();
  });

  it("EDEN-ACT-4: eden.end_activation without a player is the active fighter's player's (b1: Ben)", () => {
    expect(state.activation.active).toBe('b1');
    expect(edenTable.actor({ type: 'eden.end_activation' }, state)).toBe('p2');
  });

  it("EDEN-PREP-3 / EDEN-ACT-2: the bid (both bids in one command), victory points and the other band's interruptions carry both players' decisions; an upkeep without points is table-wide", () => {
    expect(edenTable.actor({ type: 'eden.bid', bids: { A: 1, B: 0 }, choice: 'A' }, state)).toEqual(['p1', 'p2']);
    expect(edenTable.actor({ type: 'eden.upkeep', victoryPoints: { A: 1 } }, state)).toEqual(['p1', 'p2']);
    expect(edenTable.actor({ type: 'eden.upkeep' }, state)).toBeUndefined();
    expect(edenTable.actor({ type: 'eden.activate', player: 'A', fighterId: 'a1', interruptions: ['b2'] }, state)).toEqual(['p1', 'p2']);
    expect(edenTable.actor({ type: 'eden.activate', player: 'A', fighterId: 'a1' }, state)).toBe('p1');
  });
});

describe('EDEN table: the scripted leak-test match (tests/fixtures/tables/eden.ts)', () => {
  const played = play(
    script.steps.map((s) => s.command),
    script.options,
  );

  it('every step is sent by the seat that may send it now (moves, actor) and accepted', () => {
    script.steps.forEach((step, i) => {
      if (step.by === 'owner') return;
      const before = played.states[i]!;
      expect(movesOf(before, step.by), `step ${i}`).toContain(step.command.type);
      expect([step.by, undefined], `step ${i}`).toContain(edenTable.actor(step.command as never, before));
    });
  });

  it('no reader reads its secrets in the state, the options or any event (JSON search)', () => {
    expect(Object.values(script.secrets).flat().length).toBeGreaterThan(0);
    for (const [who, secrets] of Object.entries(script.secrets)) {
      const reader = who === 'spectator' ? null : who;
      const seen = [
        edenTable.viewState(played.state, reader),
        edenTable.viewOptions(script.options, reader),
        edenTable.moves(played.state),
        ...played.log.map((f) => edenTable.viewEvent(f.event, reader, f)),
      ].map(text);
      for (const secret of secrets) {
        for (const s of seen) expect(s, `${who}: ${secret}`).not.toContain(secret);
        expect(edenTable.secretTexts(played.state, reader), who).toContain(secret);
      }
    }
    // the owner's state holds them all (the script is meaningful)
    for (const secret of script.secrets.spectator!) expect(text(played.state) + text(played.log)).toContain(secret);
  });

  it('each notYours command acts for another player than the seat sending it', () => {
    for (const { by, command } of script.notYours) {
      const who = edenTable.actor(command as never, played.state);
      expect(who, text(command)).toBeDefined();
      expect(who, text(command)).not.toBe(by);
    }
  });
});
