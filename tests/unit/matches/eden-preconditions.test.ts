/** The EDEN dispatcher's preconditions (commands.ts): one case per kind, checked before any handler. */
import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../src/kernel/dice/index.js';
import { violation } from '../../helpers/errors.js';
import { EDEN_COMMANDS, decide, initialState, type EdenMatchState } from '../../../src/games/eden/match/index.js';
import { bandA, bandB, prep, run, setup, start, toActivation, toUpkeep, type Cmd } from '../../fixtures/eden-optional.js';

const refused = (command: Cmd, state: EdenMatchState) => violation(() => decide(command, state, new FixedDice([])));
const fresh = () => initialState(setup());
const activation = () => start({}, [...prep(), ...toActivation]).state;

describe('EDEN command preconditions, checked once by the dispatcher', () => {
  it('every command of the union has an entry in the command table', () => {
    // 27, the two answers of CONTRACT §9.1 (eden.react, eden.cancel_tactic) and the bid winner's choice (eden.choose_first)
    expect(Object.keys(EDEN_COMMANDS)).toHaveLength(30);
    for (const spec of Object.values(EDEN_COMMANDS)) expect(typeof spec.decide).toBe('function');
  });

  it('EDEN-WEATHER-1: an optional-rule command in a match without the rule is refused with option_disabled', () => {
    const e = refused({ type: 'eden.roll_weather' }, fresh());
    expect(e.code).toBe('option_disabled');
    expect(e.message).toBe('Rolling the weather (EDEN-WEATHER-1) needs the optional rule options.weather (set when the match is created).');
    expect(e.extra).toEqual({ option: 'weather' });
  });

  it('EDEN-TACPH-1: a command outside its phase is refused with wrong_phase', () => {
    const e = refused({ type: 'eden.skip_tactic', player: 'A' }, activation());
    expect(e.code).toBe('wrong_phase');
    expect(e.message).toBe('A tactic card is played in the tactical phase; the match is in the activation phase.');
    expect(e.extra).toEqual({ phase: 'activation' });
  });

  it('EDEN-PREP: a game-turn command before the match is set up is refused with not_set_up, naming the command to send first', () => {
    const e = refused({ type: 'eden.melee', attacker: 'a1', target: 'b1' }, fresh());
    expect(e.code).toBe('not_set_up');
    expect(e.message).toBe('eden.melee is played once the match is set up; the preparation is at step "bands" (EDEN-PREP): send eden.register_band first.');
    expect(e.extra).toEqual({ step: 'bands', next: 'eden.register_band' });
    // bands registered, bid made…: the step the preparation waits for is named
    const atLeaders = run(prep().slice(0, 3), fresh()).state;
    expect(refused({ type: 'eden.skip_tactic', player: 'A' }, atLeaders).extra).toEqual({ step: 'leaders', next: 'eden.choose_leader' });
    const beforeDeploy = run(prep().slice(0, 7), fresh()).state;
    expect(refused({ type: 'eden.activate', player: 'A', fighterId: 'a1' }, beforeDeploy).extra).toEqual({ step: 'deployment', next: 'eden.deploy' });
  });

  it('EDEN-PREP-4: a preparation command at another step is refused with wrong_step', () => {
    const e = refused({ type: 'eden.choose_leader', player: 'A', fighterId: 'a1' }, fresh());
    expect(e.code).toBe('wrong_step');
    expect(e.message).toBe('Naming a Leader (EDEN-PREP-4) is preparation step "leaders"; the match is at step "bands".');
  });

  it('EDEN-PREP-3 / EDEN-FIRST-1: the bid is checked against the step in preparation and the phase afterwards', () => {
    expect(refused({ type: 'eden.bid', bids: { A: 0, B: 0 } }, fresh()).code).toBe('wrong_step');
    const e = refused({ type: 'eden.bid', bids: { A: 0, B: 0 } }, activation());
    expect(e.code).toBe('wrong_phase');
    expect(e.message).toBe('The bid for First player (EDEN-FIRST-1) is played in the first_player phase; the match is in the activation phase.');
  });

  it('EDEN-ACT-4: designating while a fighter is being activated is refused with activation_in_progress', () => {
    const s = run([{ type: 'eden.activate', player: 'A', fighterId: 'a1' }], activation()).state;
    const e = refused({ type: 'eden.activate', player: 'A', fighterId: 'a2' }, s);
    expect(e.code).toBe('activation_in_progress');
    expect(e.message).toBe('Fighter a1 is still being activated; end its activation first (EDEN-ACT-4).');
  });

  it('EDEN-NPC-2: placing an NPC before the level is agreed is refused with level_not_set', () => {
    const s = start({ infestation: true }, prep().slice(0, 7)).state;
    expect(s.prep).toBe('infestation');
    expect(refused({ type: 'eden.place_npc', player: 'A', npc: bandA[0] }, s).code).toBe('level_not_set');
  });

  it('an unknown acting player is refused with unknown_player', () => {
    const e = refused({ type: 'eden.register_band', player: 'nobody', bandType: 'faction', fighters: bandA }, fresh());
    expect(e.code).toBe('unknown_player');
    expect(e.extra).toEqual({ players: ['p1', 'p2'] });
  });

  it('EDEN-PREP-4: the opponent naming his Leader before the First player is refused with not_your_turn', () => {
    const s = run(prep().slice(0, 3), fresh()).state;
    const e = refused({ type: 'eden.choose_leader', player: 'B', fighterId: bandB[0]!.id }, s);
    expect(e.code).toBe('not_your_turn');
    expect(e.message).toBe('The First player (A) goes first: naming the Leader (EDEN-PREP-4).');
  });

  it('EDEN-ACT-1: only the First player designates (not_your_turn)', () => {
    const e = refused({ type: 'eden.activate', player: 'B', fighterId: 'b1' }, activation());
    expect(e.code).toBe('not_your_turn');
    expect(e.message).toBe('Player A is First player and designates now (EDEN-ACT-1).');
    expect(e.extra).toEqual({ firstPlayer: 'A' });
  });

  it('EDEN-AMB-29: placing scenery out of turn is refused with not_your_turn', () => {
    const s = start({ territory: true }, prep().slice(0, 7)).state;
    expect(s.prep).toBe('scenery');
    const e = refused({ type: 'eden.place_scenery', player: 'B', element: 'forest' }, s);
    expect(e.code).toBe('not_your_turn');
    expect(e.extra).toEqual({ next: 'A' });
  });

  it('EDEN-ACT-3: an action by a fighter that is not active is refused with not_active', () => {
    const s = run([{ type: 'eden.activate', player: 'A', fighterId: 'a1' }], activation()).state;
    const e = refused({ type: 'eden.move', fighterId: 'a2' }, s);
    expect(e.code).toBe('not_active');
    expect(e.message).toBe('Fighter a2 is not being activated; a1 is (EDEN-ACT-3).');
    expect(e.extra).toEqual({ active: 'a1' });
  });

  it('EDEN-ACT-3: the acting fighter is named before the phase is checked (unknown_fighter, then wrong_phase)', () => {
    expect(refused({ type: 'eden.move', fighterId: 'zz' }, activation()).code).toBe('unknown_fighter');
    expect(refused({ type: 'eden.move', fighterId: 'zz' }, activation()).message).toBe('The moving fighter "zz" is not a fighter of this match.');
    const upkeep = start({}, [...prep(), ...toActivation, ...toUpkeep]).state;
    expect(refused({ type: 'eden.move', fighterId: 'a1' }, upkeep).code).toBe('wrong_phase');
  });

  it('EDEN-GAME-1/2: no command once the game has ended (game_over), before any other check', () => {
    const ended: EdenMatchState = { ...fresh(), phase: 'ended' };
    expect(refused({ type: 'eden.roll_weather' }, ended).code).toBe('game_over');
  });
});
