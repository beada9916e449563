/** EDEN match decider: given events, when a command, then events (pure, fixed dice). */
import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../src/kernel/dice/index.js';
import { violation } from '../../helpers/errors.js';
import { decide, initialState, type EdenMatchState } from '../../../src/games/eden/match/index.js';
import { fighter, preparation } from '../../fixtures/eden-match.js';
import { run as runCommands } from '../../fixtures/eden-optional.js';

const setup = {
  players: [
    { id: 'p1', name: 'Ana' },
    { id: 'p2', name: 'Ben' },
  ],
  options: {},
};

/** The shared fold (eden-optional.ts), from this file's set-up by default. */
const run = (commands: { type: string; [k: string]: unknown }[], state = initialState(setup), values: number[] = []) => runCommands(commands, state, values);

const bandA = [fighter('a1'), fighter('a2', { limbs: { ...fighter('x').limbs, legs: { white: 2, red: 1, faces: [6], normal: 3, wounded: 2 } } })];
const bandB = [fighter('b1', { faction: 'jokers' }), fighter('b2')];

describe('EDEN match preparation (EDEN-PREP-1..9)', () => {
  it('EDEN-PREP-2/3/9: SP from PSI, bids paid, the higher bidder is First player, turn 1 with 3 AP', () => {
    const { state, log } = run(preparation(bandA, bandB));
    expect(log.map((e) => e.type)).toContain('eden.turn_started');
    expect(state.phase).toBe('first_player');
    expect(state.turn).toBe(1);
    expect(state.firstPlayer).toBe('A');
    // PSI 4 + 4 = 8, minus bids 2 and 1
    expect(state.bands.A.strategyPoints).toBe(6);
    expect(state.bands.B.strategyPoints).toBe(7);
    expect(Object.values(state.fighters).every((f) => f.fighter.ap === 3)).toBe(true);
  });

  it('EDEN-PREP-4: the opponent cannot name his Leader before the First player', () => {
    const { state } = run(preparation(bandA, bandB).slice(0, 3));
    expect(violation(() => decide({ type: 'eden.choose_leader', player: 'B', fighterId: 'b1' }, state, new FixedDice([]))).code).toBe('not_your_turn');
  });

  it('EDEN-PREP-8: the tactic hand holds exactly Leader PSI distinct cards', () => {
    const { state } = run(preparation(bandA, bandB).slice(0, 9));
    expect(violation(() => decide({ type: 'eden.choose_tactic_hand', player: 'A', cards: ['x'] }, state, new FixedDice([]))).code).toBe('wrong_hand_size');
    expect(violation(() => decide({ type: 'eden.choose_tactic_hand', player: 'A', cards: ['x', 'x', 'y', 'z'] }, state, new FixedDice([]))).code).toBe('duplicate_tactic');
  });

  it('EDEN-PREP-3: equal bids → roll-off recorded in the event', () => {
    const cmds = preparation(bandA, bandB).slice(0, 2);
    const { state } = run(cmds);
    const events = decide({ type: 'eden.bid', bids: { A: 1, B: 1 } }, state, new FixedDice([3, 3, 2, 5]));
    const data = events[0]!.data as { firstPlayer: string; rollOff: unknown[]; dice: { seed: string | null; values: number[] } };
    expect(data.firstPlayer).toBe('B');
    expect(data.rollOff).toHaveLength(2);
    // the faces drawn (the facts): a tie 3–3, then 2–5
    expect(data.dice).toEqual({ seed: null, values: [3, 3, 2, 5] });
  });
});

function turnOne(): EdenMatchState {
  return run([...preparation(bandA, bandB), { type: 'eden.bid', bids: { A: 1, B: 0 } }, { type: 'eden.skip_tactic', player: 'A' }, { type: 'eden.skip_tactic', player: 'B' }])
    .state;
}

describe('EDEN turn: tactical and activation phases (EDEN-TACPH, EDEN-ACT)', () => {
  it('EDEN-TACPH-1: a card costs 2 SP, must be in the hand, one per player', () => {
    const s = run([...preparation(bandA, bandB), { type: 'eden.bid', bids: { A: 1, B: 0 } }]).state;
    expect(violation(() => decide({ type: 'eden.play_tactic', player: 'A', card: 'Nope' }, s, new FixedDice([]))).code).toBe('not_in_hand');
    const after = run([{ type: 'eden.play_tactic', player: 'A', card: 'Fury' }], s).state;
    expect(after.bands.A.strategyPoints).toBe(s.bands.A.strategyPoints - 2);
    expect(violation(() => decide({ type: 'eden.play_tactic', player: 'A', card: 'Rally' }, after, new FixedDice([]))).code).toBe('already_done');
  });

  it('EDEN-ACT-2: an interruption needs strictly greater RAP; the last named is activated', () => {
    const s = turnOne();
    expect(s.phase).toBe('activation');
    // a2 has RAP 3; b1 has RAP 5 → may interrupt; a1 (RAP 5) may not interrupt b1 back
    expect(violation(() => decide({ type: 'eden.activate', player: 'A', fighterId: 'a2', interruptions: ['b1', 'a1'] }, s, new FixedDice([]))).code).toBe('illegal_interruption');
    const { state, log } = run([{ type: 'eden.activate', player: 'A', fighterId: 'a2', interruptions: ['b1'] }], s);
    expect(log.map((e) => e.type)).toEqual(['eden.fighter_designated', 'eden.activation_interrupted', 'eden.fighter_activated']);
    expect(state.activation.active).toBe('b1');
    expect(state.fighters.a2!.turn.activated).toBe(false);
  });

  it('EDEN-ACT-6/5: no opening pass; two passes in a row end the phase', () => {
    const s = turnOne();
    expect(violation(() => decide({ type: 'eden.pass', player: 'A' }, s, new FixedDice([]))).code).toBe('opening_pass');
    const { state } = run(
      [{ type: 'eden.activate', player: 'A', fighterId: 'a1' }, { type: 'eden.end_activation' }, { type: 'eden.pass', player: 'B' }, { type: 'eden.pass', player: 'A' }],
      s,
    );
    expect(state.phase).toBe('upkeep');
  });

  it('EDEN-ATTACK-2 / EDEN-ACTION-1: AP and the 2 Attacks per turn come from the match state', () => {
    const s = run([{ type: 'eden.activate', player: 'A', fighterId: 'a1' }], turnOne()).state;
    // Two passive attacks with no success (all ones) then a third is refused
    const miss = { type: 'eden.melee', attacker: 'a1', target: 'b1', reaction: 'passive' };
    const afterTwo = run([miss, miss], s, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]).state;
    expect(afterTwo.fighters.a1!.fighter.ap).toBe(1);
    expect(afterTwo.fighters.a1!.turn.attacks).toBe(2);
    expect(violation(() => decide(miss, afterTwo, new FixedDice([1, 1, 1, 1]))).code).toBe('attack_limit');
    // Moves: 1 AP each; the fighter has 1 left
    const moved = run([{ type: 'eden.move', fighterId: 'a1' }], afterTwo).state;
    expect(violation(() => decide({ type: 'eden.move', fighterId: 'a1' }, moved, new FixedDice([]))).code).toBe('no_ap');
  });

  it('EDEN-ACT-3: only the fighter being activated acts', () => {
    const s = run([{ type: 'eden.activate', player: 'A', fighterId: 'a1' }], turnOne()).state;
    expect(violation(() => decide({ type: 'eden.melee', attacker: 'a2', target: 'b1' }, s, new FixedDice([]))).code).toBe('not_active');
  });

  it('EDEN-MELEE: wounds from the rules core land on the match fighters; spray and per-game thrown limits', () => {
    const s = run([{ type: 'eden.activate', player: 'A', fighterId: 'a1' }], turnOne()).state;
    // CBT 4 vs VIG 4: dice 6,6,6,6 → 4 successes; location 4 (torso), no aim
    const hit = run([{ type: 'eden.melee', attacker: 'a1', target: 'b1' }], s, [6, 6, 6, 6, 4]).state;
    expect(hit.fighters.b1!.fighter.wounds.torso).toBe(4);
    const sprayed = run([{ type: 'eden.spray', attacker: 'a1', weapon: 'Flamer', covered: ['b2'] }], s).state;
    expect(sprayed.fighters.b2!.fighter.wounds).toEqual({ head: 1, arms: 1, torso: 1, legs: 1 });
    expect(sprayed.fighters.b2!.fighter.markers.fire).toBe(1);
    const thrown = run([{ type: 'eden.thrown', attacker: 'a1', weapon: 'Grenade', point: { distance: 10, lineOfSight: true }, affected: ['b2'] }], s, [1, 1, 1]).state;
    expect(thrown.fighters.a1!.itemUses.Grenade).toEqual({ turn: 1, game: 1 });
    expect(
      violation(() =>
        decide({ type: 'eden.thrown', attacker: 'a1', weapon: 'Grenade', point: { distance: 10, lineOfSight: true }, affected: ['b2'] }, thrown, new FixedDice([1, 1, 1])),
      ).code,
    ).toBe('item_limit');
  });
});

describe('EDEN upkeep and the end of the game (EDEN-UPKEEP, EDEN-GAME)', () => {
  function toUpkeep(s: EdenMatchState): EdenMatchState {
    return run(
      [{ type: 'eden.activate', player: 'A', fighterId: 'a1' }, { type: 'eden.end_activation' }, { type: 'eden.pass', player: 'B' }, { type: 'eden.pass', player: 'A' }],
      s,
    ).state;
  }

  it('EDEN-UPKEEP-7/8/10: AP back to 3, VP added and never below 0, next turn starts', () => {
    const s = toUpkeep(turnOne());
    const { state, log } = run([{ type: 'eden.upkeep', victoryPoints: { A: 2, B: -5 } }], s);
    expect(log.map((e) => e.type)).toEqual(['eden.upkeep_resolved', 'eden.victory_points_scored', 'eden.turn_started']);
    expect(state.bands.A.victoryPoints).toBe(2);
    expect(state.bands.B.victoryPoints).toBe(0);
    expect(state.turn).toBe(2);
    expect(Object.values(state.fighters).every((f) => f.fighter.ap === 3)).toBe(true);
  });

  /** Upkeep with B as First player: A and B each activate once, then A and B pass (EDEN-ACT-5, EDEN-FIRST-3). */
  function toUpkeepBFirst(): EdenMatchState {
    const s = run(
      [
        { type: 'eden.activate', player: 'A', fighterId: 'a1' },
        { type: 'eden.end_activation' },
        { type: 'eden.activate', player: 'B', fighterId: 'b1' },
        { type: 'eden.end_activation' },
        { type: 'eden.pass', player: 'A' },
        { type: 'eden.pass', player: 'B' },
      ],
      turnOne(),
    ).state;
    expect(s.phase).toBe('upkeep');
    expect(s.firstPlayer).toBe('B');
    return s;
  }

  /** The given state with markers set on some fighters (as earlier attacks would have left them). */
  function withMarkers(s: EdenMatchState, markers: Record<string, Partial<EdenMatchState['fighters'][string]['fighter']['markers']>>): EdenMatchState {
    const fighters = { ...s.fighters };
    for (const [id, m] of Object.entries(markers)) fighters[id] = { ...fighters[id]!, fighter: { ...fighters[id]!.fighter, markers: { ...fighters[id]!.fighter.markers, ...m } } };
    return { ...s, fighters };
  }

  it('EDEN-UPKEEP-3 / EDEN-AMB-18: fire burns alternately from the First player (B, A, then A), each die > VIG wounds', () => {
    const s = withMarkers(toUpkeepBFirst(), { a1: { fire: 1 }, a2: { fire: 2 }, b1: { fire: 1 } });
    // b1: 6,6,6 > VIG 4 → 3 hits, location 4 (torso); a1: 1,1,1 → none; a2: 5,1,1 → 1 hit, location 6 (legs)
    const values = [6, 6, 6, 4, 1, 1, 1, 2, 5, 1, 1, 6];
    const { state, log, rolled } = run([{ type: 'eden.upkeep' }], s, values);
    const data = log[0]!.data as { changes: Record<string, { wounds?: Record<string, number> }>; dice: { values: number[] } };
    expect(rolled).toEqual(['b1 fire damage', 'b1 fire location', 'a1 fire damage', 'a1 fire location', 'a2 fire damage', 'a2 fire location']);
    expect(data.dice).toEqual({ seed: null, values });
    // b1: 3 hits on the torso; a1: none; a2: 1 hit on the legs
    expect(data.changes.b1!.wounds).toMatchObject({ torso: 3 });
    expect(data.changes.a1!.wounds).toBeUndefined();
    expect(data.changes.a2!.wounds).toMatchObject({ legs: 1 });
    expect(state.fighters.b1!.fighter.wounds.torso).toBe(3);
    expect(state.fighters.a2!.fighter.wounds.legs).toBe(1);
    // EDEN-STATE-FIRE-1: one Fire marker goes per upkeep, however many there are
    expect([state.fighters.b1!.fighter.markers.fire, state.fighters.a2!.fighter.markers.fire]).toEqual([0, 1]);
  });

  it('EDEN-UPKEEP-4: fear — one PSI roll (difficulty 5) each, alternating from the First player, after the fire', () => {
    const s = withMarkers(toUpkeepBFirst(), { a1: { fear: 2 }, b2: { fear: 1 }, b1: { fire: 1 } });
    // fire b1: 1,1,1 + location 1; fear b2 (PSI 4): 1,1,1,1 → 0; fear a1: 5,6,1,1 → 2 successes, both markers off
    const { state, log, rolled } = run([{ type: 'eden.upkeep' }], s, [1, 1, 1, 1, 1, 1, 1, 1, 5, 6, 1, 1]);
    expect(rolled).toEqual(['b1 fire damage', 'b1 fire location', 'b2 fear PSI', 'a1 fear PSI']);
    const changes = (log[0]!.data as { changes: Record<string, { markers?: { fear: number } }> }).changes;
    expect(changes.a1!.markers).toMatchObject({ fear: 0 });
    expect(changes.b2).toBeUndefined();
    expect(state.fighters.a1!.fighter.markers.fear).toBe(0);
    expect(state.fighters.b2!.fighter.markers.fear).toBe(1);
  });

  it('EDEN-UPKEEP-5/6/7/8/9: poison and one rage marker off, AP to 3, then Slow costs 1 AP; only changed fighters are in the event', () => {
    const s = withMarkers(toUpkeepBFirst(), { a2: { poison: 2, slow: 1 }, b2: { rage: 2 } });
    const { state, log } = run([{ type: 'eden.upkeep', removeRage: [{ id: 'b2' }] }], s);
    expect(state.fighters.a2!.fighter.markers).toMatchObject({ poison: 1, slow: 0 });
    expect(state.fighters.a2!.fighter.ap).toBe(2);
    expect(state.fighters.b2!.fighter.markers.rage).toBe(1);
    expect(state.fighters.a1!.fighter.ap).toBe(3);
    const data = log[0]!.data as { removeRage: string[]; changes: Record<string, object> };
    // a1 and b1 took no action (3 AP before and after): unchanged, so not in the event
    expect(Object.keys(data.changes).sort()).toEqual(['a2', 'b2']);
    expect(data.changes.b2).toEqual({ markers: { fire: 0, fear: 0, rage: 1, slow: 0, poison: 0 } });
    expect(data.removeRage).toEqual(['b2']);
    expect(violation(() => decide({ type: 'eden.upkeep', removeRage: ['zz'] }, s, new FixedDice([]))).code).toBe('unknown_fighter');
  });

  it('EDEN-UPKEEP-3 / EDEN-FIRST-2: a Leader burnt out of action in upkeep counts as lost this turn', () => {
    const s = withMarkers(toUpkeepBFirst(), { b1: { fire: 1 } });
    const burnt = { ...s, fighters: { ...s.fighters, b1: { ...s.fighters.b1!, fighter: { ...s.fighters.b1!.fighter, wounds: { ...s.fighters.b1!.fighter.wounds, head: 3 } } } } };
    // 6,6,6 > VIG 4 → 3 hits on the head (face 1): 4 boxes full
    const { state } = run([{ type: 'eden.upkeep' }], burnt, [6, 6, 6, 1]);
    expect(state.leaderLostTurn.B).toBe(1);
  });

  it('EDEN-GAME-1/3: after the last turn the game ends; more VP wins', () => {
    const s = toUpkeep(
      run(
        [...preparation(bandA, bandB), { type: 'eden.bid', bids: { A: 1, B: 0 } }, { type: 'eden.skip_tactic', player: 'A' }, { type: 'eden.skip_tactic', player: 'B' }],
        initialState({ ...setup, options: { turns: 1 } }),
      ).state,
    );
    const { state } = run([{ type: 'eden.upkeep', victoryPoints: { A: 1, B: 3 } }], s);
    expect(state.phase).toBe('ended');
    expect(state.result).toMatchObject({ reason: 'turns', winner: 'B', victoryPoints: { A: 1, B: 3 } });
    expect(violation(() => decide({ type: 'eden.upkeep' }, state, new FixedDice([]))).code).toBe('game_over');
  });

  it('EDEN-GAME-2 / EDEN-AMB-10: a band with no fighter left ends the game at upkeep', () => {
    let s = run([{ type: 'eden.activate', player: 'A', fighterId: 'a1' }], turnOne()).state;
    // Four successes aimed at the head (white 2 + red 2) put each B fighter out of action
    s = run([{ type: 'eden.melee', attacker: 'a1', target: 'b1', aim: 'head' }], s, [6, 6, 6, 6, 1]).state;
    expect(s.fighters.b1!.fighter.wounds.head).toBe(4);
    s = run([{ type: 'eden.melee', attacker: 'a1', target: 'b2', aim: 'head' }], s, [6, 6, 6, 6, 1]).state;
    s = run([{ type: 'eden.end_activation' }], s).state;
    // EDEN-ACT-7: B has nothing left to activate, so the First player role comes straight back to A
    expect(s.phase).toBe('activation');
    expect(s.firstPlayer).toBe('A');
    s = run([{ type: 'eden.activate', player: 'A', fighterId: 'a2' }, { type: 'eden.end_activation' }], s).state;
    expect(s.phase).toBe('upkeep');
    expect(s.leaderLostTurn.B).toBe(1);
    const { state } = run([{ type: 'eden.upkeep', victoryPoints: { A: 5 } }], s);
    expect(state.result).toMatchObject({ reason: 'elimination', winner: 'A' });
  });
});
