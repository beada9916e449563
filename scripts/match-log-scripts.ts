/**
 * The matches `npm run` scripts/record-match-logs.ts plays to record the logs of
 * tests/fixtures/match-logs/: one full match per game (`SCRIPTS`), and one match per game whose
 * stateless operations are all sent as commands (`RESOLUTIONS`).
 */
import { operations } from '../src/app/registry.js';
import { canonicalCommandType } from '../src/kernel/resolution-log.js';
import type { Player } from '../src/app/matches/ports.js';
import { bandA, bandB, npc, FRAGILE, SCENERY } from '../tests/fixtures/eden-optional.js';
import { preparation } from '../tests/fixtures/eden-match.js';
import { ANIMA_PLAYERS, KEEP_GIFTS, animaGiftCards } from '../tests/fixtures/anima-match.js';
import { FULL_GAME, fullScenario } from '../tests/fixtures/exsilium-full-game.js';
import { players as EXSILIUM_PLAYERS } from '../tests/fixtures/exsilium-scenario.js';
import { PLAY_CARDS, PLAY_ROLL, layout, planTurn } from '../tests/fixtures/spirit-of-eden-match.js';

export type Cmd = { type: string; [member: string]: unknown };

/** What a script plays the match through: REST calls on one match, the version kept. */
export interface Table {
  command(command: Cmd): Promise<{ events: { type: string; data: any }[]; state: any }>;
  /** Client events (POST /v1/matches/{id}/events). */
  append(events: { type: string; schemaVersion?: number; data: unknown }[]): Promise<void>;
  /** POST /v1/matches/{id}/corrections. */
  correct(body: { reason: string; undo: number }): Promise<void>;
  state(): Promise<any>;
}

export interface Script {
  players: Player[];
  options: Record<string, unknown>;
  play(table: Table): Promise<void>;
  /** A command after the log: legal while the match runs, refused once it ended. */
  next: Cmd;
}

// ---------------------------------------------------------------------------------------------
// EDEN: Weather, Territory and Infestation in play; preparation, two turns (tactics, activations,
// interruption, moves, melee, shot, spray, throw, fire doused, scenery attacked / ignited /
// contact, NPCs), upkeeps with weather effects, the end of the game after turn 2. Client events in
// between: a note written with schema v1 (read as v2), a v2 note, a score adjustment, a free-form
// event, and a correction withdrawing a move.

const eden: Script = {
  players: [
    { id: 'p1', name: 'Ana' },
    { id: 'p2', name: 'Ben' },
  ],
  options: { weather: true, territory: true, infestation: true, turns: 2 },
  async play(t) {
    const run = async (...commands: Cmd[]) => {
      for (const c of commands) await t.command(c);
    };
    const prep = preparation(bandA, bandB);
    // EDEN-PREP-0: Ionic storm (1 + 1)
    await run({ type: 'eden.roll_weather', dice: { values: [1, 1] } });
    await t.append([{ type: 'match.note', schemaVersion: 1, data: { text: 'Ionic storm: the VIG tests come in upkeep.' } }]);
    await run(...prep.slice(0, 7));
    await run(...SCENERY);
    await run(
      { type: 'eden.set_infestation_level', level: 3 },
      { type: 'eden.place_npc', player: 'A', npc: npc('n1', { wounds: FRAGILE }), level: 2 },
      { type: 'eden.place_npc', player: 'B', npc: npc('n2'), level: 2, nearestNpcDistance: 20 },
      { type: 'eden.stop_npc_placement', player: 'A' },
      { type: 'eden.stop_npc_placement', player: 'B' },
    );
    await run(...prep.slice(7));
    // Turn 1
    await run(
      { type: 'eden.bid', bids: { A: 1, B: 0 } },
      { type: 'eden.play_tactic', player: 'A', card: 'Fury' },
      { type: 'eden.skip_tactic', player: 'B' },
      { type: 'eden.activate', player: 'A', fighterId: 'a1' },
      { type: 'eden.scenery_contact', fighterId: 'a1', sceneryId: 'forest', dice: { values: [4] } },
      { type: 'eden.move', fighterId: 'a1' },
      { type: 'eden.move', fighterId: 'a1', distance: 5 },
    );
    await t.correct({ reason: 'The second move was never made.', undo: 1 });
    await run(
      { type: 'eden.melee', attacker: 'a1', target: 'b2', reaction: 'passive', dice: { values: [6, 6, 5, 1, 4] } },
      { type: 'eden.end_activation' },
      { type: 'eden.activate', player: 'B', fighterId: 'b1' },
      { type: 'eden.ranged', shooter: 'b1', weapon: 'Pistol', candidates: [{ id: 'a2', distance: 20, lineOfSight: true }], targetId: 'a2', dice: { seed: 'eden shot 1' } },
      { type: 'eden.spray', attacker: 'b1', weapon: 'Flamer', covered: ['a2'] },
      { type: 'eden.end_activation' },
      { type: 'eden.activate', player: 'A', fighterId: 'a2' },
      { type: 'eden.douse_fire', fighterId: 'a2' },
      { type: 'eden.attack_scenery', attacker: 'a2', sceneryId: 'tree' },
      { type: 'eden.thrown', attacker: 'a2', weapon: 'Grenade', point: { distance: 10, lineOfSight: true }, affected: ['b1'], dice: { seed: 'eden grenade' } },
      { type: 'eden.end_activation' },
      { type: 'eden.activate', player: 'B', fighterId: 'b2' },
      { type: 'eden.ignite_scenery', fighterId: 'b2', sceneryId: 'tree', markers: 1 },
      { type: 'eden.end_activation' },
      { type: 'eden.activate_npc', player: 'B', npcId: 'n1', visible: [{ id: 'a2', distance: 9.5, lineOfSight: true }], dice: { seed: 'eden npc charge' } },
      { type: 'eden.activate_npc', player: 'A', npcId: 'n2', visible: [] },
      { type: 'eden.upkeep', victoryPoints: { A: 1, B: 2 }, dice: { seed: 'eden upkeep 1' } },
    );
    await t.append([
      { type: 'match.note', data: { text: 'Turn 1 done.', author: 'Ana' } },
      { type: 'match.score_adjusted', data: { player: 'p2', delta: 1, reason: 'Painted band' } },
      { type: 'vtt.token_moved', data: { token: 'a1', to: [12, 4] } },
    ]);
    // Turn 2: B wins the bid
    await run(
      { type: 'eden.bid', bids: { A: 0, B: 2 } },
      { type: 'eden.skip_tactic', player: 'B' },
      { type: 'eden.skip_tactic', player: 'A' },
      { type: 'eden.activate', player: 'B', fighterId: 'b2' },
      { type: 'eden.melee', attacker: 'b2', target: 'a1', dice: { seed: 'eden melee 2' } },
      { type: 'eden.end_activation' },
      { type: 'eden.pass', player: 'A' },
      { type: 'eden.activate', player: 'B', fighterId: 'b1' },
      { type: 'eden.move', fighterId: 'b1' },
      { type: 'eden.end_activation' },
      { type: 'eden.activate', player: 'A', fighterId: 'a1' },
      { type: 'eden.melee', attacker: 'a1', target: 'n1', reaction: 'passive', dice: { values: [3, 5, 2, 2, 3, 6, 1, 4, 1, 5, 4] } },
      { type: 'eden.end_activation' },
      { type: 'eden.activate', player: 'A', fighterId: 'a2' },
      { type: 'eden.end_activation' },
      { type: 'eden.activate_npc', player: 'A', npcId: 'n2', visible: [] },
      { type: 'eden.upkeep', victoryPoints: { A: 2, B: 1 }, dice: { seed: 'eden upkeep 2' } },
    );
  },
  next: { type: 'eden.bid', bids: { A: 1, B: 0 } },
};

// ---------------------------------------------------------------------------------------------
// Ánima: the API test's full game with the Gift deck, Organisations and a Resist mission, from
// setup to a winner (tests/api/anima-match.test.ts).

const anima: Script = {
  players: ANIMA_PLAYERS,
  options: (() => {
    const cards = animaGiftCards();
    cards.basicMissions[0] = { name: 'Defender las Ruinas', test: { kind: 'resist', rounds: 1, enemy: { name: 'Bandidos', combat: 3 } } } as never;
    cards.locations[1]!.rewards[1] = { kind: 'mission', name: 'Pozo del Infierno', mission: 'Defender las Ruinas' };
    return cards;
  })(),
  async play(t) {
    const run = async (...commands: Cmd[]) => {
      for (const c of commands) await t.command(c);
    };
    const end = (player: string) => ({ type: 'anima.end_phase', player });
    await run(...KEEP_GIFTS);
    // Turn 1
    await run({ type: 'anima.play_gift', player: 'p1', gift: 'Sol Negro' }, end('p1'), { type: 'anima.play_gift', player: 'p2', gift: 'Inquisición' }, end('p2'));
    await run({ type: 'anima.go', player: 'p1', location: 'Las Ruinas' }, { type: 'anima.go', player: 'p2', location: 'Arkángel', dice: { values: [5, 1] } }, end('p1'), end('p2'));
    await run({ type: 'anima.explore', player: 'p1', dice: { values: [1] } }, { type: 'anima.claim_reward', player: 'p1', reward: 1 });
    await run({ type: 'anima.explore', player: 'p2', dice: { values: [2] } }, { type: 'anima.claim_reward', player: 'p2', reward: 1 });
    await t.append([{ type: 'match.note', data: { text: 'Turn 1: p1 holds Las Ruinas.', author: null } }]);
    // Turn 2
    await run(end('p1'), end('p2'), { type: 'anima.go', player: 'p2', location: 'Las Ruinas' });
    await run({ type: 'anima.declare_combat', player: 'p1', target: 'p2', gifts: [{ gift: 'Furia', character: 'Acróbata' }], dice: { values: [3, 5, 2] } }, end('p1'));
    await run({ type: 'anima.resist', player: 'p1', dice: { values: [6, 1, 3, 2] } });
    // Turn 3
    await run(end('p1'), end('p2'), { type: 'anima.go', player: 'p1', location: 'Las Ruinas' }, { type: 'anima.go', player: 'p2', location: 'Arkángel' }, end('p1'), end('p2'));
    await run({ type: 'anima.explore', player: 'p1', dice: { values: [1] } }, { type: 'anima.claim_reward', player: 'p1', reward: 2, dice: { values: [9, 1] } });
  },
  next: { type: 'anima.end_phase', player: 'p2' },
};

// ---------------------------------------------------------------------------------------------
// Exsilium: the full game of the match specs (tests/fixtures/exsilium-full-game.ts): bid,
// activations, moves with a reveal and pick-ups, card Actions, a Newaru combat, a purchase, a
// controlled terminal, Drop, Eliminate, the SYL drone, a player combat and a winner.

const exsilium: Script = {
  players: EXSILIUM_PLAYERS,
  options: fullScenario(),
  async play(t) {
    for (const c of FULL_GAME) await t.command(c);
  },
  next: { type: 'exsilium.end_turn', player: 'p2' },
};

// ---------------------------------------------------------------------------------------------
// The Spirit of Eden: the API test's solo game (tests/api/spirit-of-eden-match.test.ts) — set-up,
// then turns of roll, placed dice, a re-roll when two dice are left over and a Goomz phase, until all
// three Goomz are removed; turn 1 uses Noa's power.

const OBJECTIVES = (['yellow', 'red', 'black'] as const).map((color) => ({ color, pile: [{ ally: 'water' }, { ally: 'fauna' }, { ally: 'flora' }] }));

const spiritOfEden: Script = {
  players: [{ id: 'p1', name: 'Noa' }],
  options: { actionCards: PLAY_CARDS },
  async play(t) {
    await t.command({ type: 'soe.set_up', board: layout(OBJECTIVES) });
    let state = await t.state();
    for (let turn = 1; state.phase !== 'ended'; turn++) {
      if (turn > 30) throw new Error('spirit-of-eden: the game did not end');
      if (turn === 1) {
        // Noa sets die 0 to the face the plan needs (SOE-NOA-1)
        await t.command({ type: 'soe.roll', dice: { values: [1, ...PLAY_ROLL.slice(1)] } });
        await t.command({ type: 'soe.noa', die: 0, value: PLAY_ROLL[0] });
      } else {
        await t.command({ type: 'soe.roll', dice: { values: PLAY_ROLL } });
      }
      state = await t.state();
      for (const place of planTurn(state.board)) await t.command(place as Cmd);
      // two dice left over: one is set aside to re-roll the other (SOE-REROLL-1)
      const unused = ((await t.state()).dice as { state: string }[]).flatMap((d, i) => (d.state === 'unused' ? [i] : []));
      if (unused.length >= 2) await t.command({ type: 'soe.reroll', die: unused[0], discard: unused[1], dice: { values: [6] } });
      state = (await t.command({ type: 'soe.goomz' })).state;
    }
  },
  next: { type: 'soe.roll', dice: { values: PLAY_ROLL } },
};

export const SCRIPTS: Record<string, Script> = { eden, anima, exsilium, 'spirit-of-eden': spiritOfEden };

/**
 * `--scripts resolutions`: a match of Ánima, Exsilium and The Spirit of Eden without options (the
 * resolution log, src/app/matches/resolution-log.ts) in which every stateless operation of the game
 * is sent as a command: each example as documented (its canonical name), then again without its
 * `dice` and `seed` (the dice drawn from the command's seed, and the shuffles too), and the
 * deprecated alias of the first operation whose id is not snake_case.
 */
function resolutionScript(prefix: string, players: Player[], last: Cmd[] = []): Script {
  const ops = operations.filter((op) => op.id.startsWith(`${prefix}.`) && op.body && op.examples?.length);
  const commands: Cmd[] = [];
  for (const op of ops) {
    const type = canonicalCommandType(op.id);
    for (const example of op.examples!) commands.push({ type, ...(example.value as Record<string, unknown>) });
    const { dice: _dice, seed: _seed, ...unseeded } = op.examples![0]!.value as Record<string, unknown>;
    commands.push({ type, ...unseeded });
  }
  const alias = ops.find((op) => canonicalCommandType(op.id) !== op.id);
  if (alias) commands.push({ type: alias.id, ...(alias.examples![0]!.value as Record<string, unknown>) });
  commands.push(...last);
  return {
    players,
    options: {},
    async play(t) {
      for (const c of commands) await t.command(c);
    },
    next: commands[0]!,
  };
}
const RESOLUTION_PLAYERS = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];
export const RESOLUTIONS: Record<string, Script> = {
  anima: resolutionScript('anima', RESOLUTION_PLAYERS),
  exsilium: resolutionScript('exsilium', RESOLUTION_PLAYERS),
  // the status example is a lost game (SOE-END-2): the last status, on the projected board, is not
  'spirit-of-eden': resolutionScript('soe', [{ id: 'p1', name: 'Noa' }], [{ type: 'soe.status' }]),
};
