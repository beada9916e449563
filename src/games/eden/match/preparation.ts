/**
 * Preparation (EDEN-PREP-1..8; the bid for First player, EDEN-PREP-3, and its choice are in
 * first-player.ts): each command's schema, documentation, preconditions and handler. The phase, step, acting player and
 * "First player first" turns are checked by the preconditions (preconditions.ts).
 */
import { Type } from '@sinclair/typebox';
import { InvalidInput } from '../../../kernel/errors.js';
import { characteristic, normalizeFighter, type FighterInput } from '../rules/fighter.js';
import { assertFighters } from '../rules/checks.js';
import { strategyPoints, validateRoster } from '../rules/roster.js';
import { FighterSchema } from '../operations/schemas.js';
import { edenRosterOperation } from '../operations/roster.operation.js';
import { defineCommand } from './preconditions.js';
import { FIRST_PLAYER_COMMANDS } from './first-player.js';
import { Distance, Id, MAX_BAND, Player, bandSized, fromBody } from './command-schemas.js';
import { commandSchema } from '../../../kernel/commands.js';
import { entry, expectPrepTurn, violation } from './rules.js';
import { checkDeploymentDistances } from './distances.js';
import { otherSide } from './state.js';
import type { EdenEvent } from './evolve/events.js';

const rosterBody = edenRosterOperation.body!;

export const PREPARATION_COMMANDS = {
  'eden.register_band': defineCommand({
    schema: bandSized(
      commandSchema('eden.register_band', {
        player: Player,
        ...fromBody(rosterBody, ['bandType', 'affiliation']),
        budget: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
        fighters: Type.Array(FighterSchema, { minItems: 1, maxItems: MAX_BAND }),
      }),
    ),
    description: 'EDEN-PREP-1/2: a player shows his band (validated like POST /v1/eden/rosters/validate); its Strategy Points are computed.',
    // fighters may be catalog refs (CONTRACT §7.5)
    example: {
      player: 'A',
      bandType: 'faction',
      fighters: [
        { ref: 'yuri', id: 'a1' },
        { ref: 'yuri', id: 'a2', name: 'Yûri the second' },
      ],
    },
    preconditions: { stage: { phase: 'preparation', prep: 'bands', what: 'Registering a band (EDEN-PREP-1)' }, player: true },
    decide(cmd, state, _dice, { side }) {
      if (state.bands[side].bandType) violation('already_done', `Player ${side} already registered a band.`, { player: side });
      const inputs = cmd.fighters ?? [];
      assertFighters(inputs.map((f, i) => [f, 'command', 'fighters', i] as [FighterInput, string, string, number]));
      const roster = validateRoster({ edition: state.edition, bandType: cmd.bandType, affiliation: cmd.affiliation, budget: cmd.budget, fighters: inputs });
      // EDEN-PREP-1: each player may check the other's band type and budget
      if (!roster.valid) violation('invalid_roster', `The band breaks the band-building rules (${roster.errors.map((e) => e.code).join(', ')}).`, { errors: roster.errors });
      const fighters = inputs.map((f) => normalizeFighter(f));
      const taken = new Set(Object.keys(state.fighters));
      const ids = new Set<string>();
      for (const f of fighters) {
        if (taken.has(f.id) || ids.has(f.id))
          violation('duplicate_fighter_id', `Fighter id "${f.id}" is used twice in this match; ids must be unique across both bands.`, { fighterId: f.id });
        ids.add(f.id);
      }
      const bandType = cmd.bandType;
      return [
        {
          type: 'eden.band_registered',
          // EDEN-PREP-2: SP = Σ current PSI, halved (rounded up) for a Stigma band
          data: { player: side, bandType, affiliation: roster.affiliation, fighters, strategyPoints: strategyPoints(fighters, bandType) },
        },
      ];
    },
  }),
  // EDEN-PREP-3: the bid for First player, and the choice of who decides (first-player.ts)
  ...FIRST_PLAYER_COMMANDS,
  /** EDEN-PREP-4: each player names his Leader among his own fighters. */
  'eden.choose_leader': defineCommand({
    schema: commandSchema('eden.choose_leader', { player: Player, fighterId: Id }),
    description: 'EDEN-PREP-4: First player first.',
    example: { player: 'A', fighterId: 'a1' },
    preconditions: {
      stage: { phase: 'preparation', prep: 'leaders', what: 'Naming a Leader (EDEN-PREP-4)' },
      player: true,
      turn: { kind: 'preparation', member: 'leader', what: 'naming the Leader (EDEN-PREP-4)' },
    },
    decide(cmd, state, _dice, { side }) {
      const f = entry(state, cmd.fighterId, 'Leader');
      if (f.side !== side) violation('not_your_fighter', `Fighter ${f.id} belongs to player ${f.side}.`, { fighterId: f.id });
      return [{ type: 'eden.leader_chosen', data: { player: side, fighterId: f.id } }];
    },
  }),
  'eden.play_mission': defineCommand({
    schema: commandSchema('eden.play_mission', {
      player: Player,
      mission: Type.Object({
        name: Id,
        visibility: Type.Union([Type.Literal('secret'), Type.Literal('revealed')]),
        deployment: Type.Union([Type.Literal('confrontation'), Type.Literal('ambush')]),
      }),
    }),
    description: 'EDEN-PREP-5: First player first; a Revealed mission cannot be played twice (EDEN-AMB-12).',
    example: { player: 'A', mission: { name: 'Assassination', visibility: 'secret', deployment: 'confrontation' } },
    preconditions: {
      stage: { phase: 'preparation', prep: 'missions', what: 'Playing a mission (EDEN-PREP-5)' },
      player: true,
      turn: { kind: 'preparation', member: 'mission', what: 'playing a mission (EDEN-PREP-5)' },
    },
    decide(cmd, state, _dice, { side }) {
      const mission = cmd.mission;
      const theirs = state.bands[otherSide(side)].mission;
      // EDEN-PREP-5 / EDEN-AMB-12: a Revealed First-player mission must not be played again (ES);
      // DE: only when both are Revealed
      if (theirs && theirs.visibility === 'revealed' && theirs.name === mission.name && (state.edition === 'es' || mission.visibility === 'revealed')) {
        violation('duplicate_mission', `The First player's Revealed mission "${theirs.name}" cannot be played again (EDEN-PREP-5).`, { mission: theirs.name });
      }
      return [{ type: 'eden.mission_played', data: { player: side, mission } }];
    },
  }),
  'eden.deploy': defineCommand({
    schema: commandSchema('eden.deploy', {
      player: Player,
      placements: Type.Optional(Type.Unknown({ description: 'Where the band stands, as the table records it (kept as sent). (GraphQL: JSON: any shape the table uses.)' })),
      fighterId: Type.Optional(Id),
      placement: Type.Optional(Type.Unknown({ description: 'Where the fighter stands, as the table records it (kept as sent). (GraphQL: JSON: any shape the table uses.)' })),
      centreDistances: Type.Optional(
        Type.Array(Type.Object({ fighterId: Id, distance: Distance }), {
          maxItems: 50,
          description: 'Measured cm of each fighter from the centre line (Confrontation) or the centre (Ambush): ES needs more than 20, DE at least 20 (EDEN-PREP-7).',
        }),
      ),
      centreDistance: Type.Optional({ ...Distance, description: 'Under Mist: the measured cm of `fighterId` from the centre line or centre (EDEN-PREP-7).' }),
    }),
    description:
      "EDEN-PREP-7: records the deployment (zone from the player's own mission). Under Mist (EDEN-WEATHER-6) one fighter per command (`fighterId`, `placement`), alternating from the First player. Measured `centreDistances` (`centreDistance` under Mist) are checked: ES more than 20 cm, DE at least 20 cm.",
    example: {
      player: 'A',
      centreDistances: [
        { fighterId: 'a1', distance: 25 },
        { fighterId: 'a2', distance: 22 },
      ],
    },
    // EDEN-PREP-7 / EDEN-WEATHER-6: whose turn depends on Mist, so the handler checks it
    preconditions: { stage: { phase: 'preparation', prep: 'deployment', what: 'Deployment (EDEN-PREP-7)' }, player: true },
    decide(cmd, state, _dice, { side }) {
      const zone = state.bands[side].mission!.deployment;
      const mist = state.mistDeployment;
      if (mist) {
        // EDEN-WEATHER-6 (Mist): one fighter at a time, alternating, First player first
        if (state.bands[side].deployment !== null) violation('already_done', `Player ${side} has deployed all his fighters.`, { player: side });
        if (side !== mist.next)
          violation('not_your_turn', `Under Mist deployment alternates one fighter at a time; player ${mist.next} deploys next (EDEN-WEATHER-6).`, { next: mist.next });
        if (cmd.fighterId === undefined)
          throw new InvalidInput([
            { path: '/command/fighterId', code: 'required', message: 'Under Mist each deploy command places one fighter: name it in `fighterId` (EDEN-WEATHER-6).' },
          ]);
        const f = entry(state, cmd.fighterId, 'deployed fighter');
        if (f.side !== side) violation('not_your_fighter', `Fighter ${f.id} belongs to ${f.side === 'npc' ? 'no player' : `player ${f.side}`}.`, { fighterId: f.id });
        if (mist.deployed[side].includes(f.id)) violation('already_deployed', `Fighter ${f.id} is already deployed.`, { fighterId: f.id });
        if (cmd.centreDistance !== undefined) checkDeploymentDistances(state, zone, [{ fighterId: f.id, distance: cmd.centreDistance }]);
        return [{ type: 'eden.fighter_deployed', data: { player: side, fighterId: f.id, zone, placement: cmd.placement ?? null } }];
      }
      expectPrepTurn(state, side, (s) => state.bands[s].deployment !== null, 'deploying (EDEN-PREP-7)');
      // EDEN-PREP-7: measured distances from the centre line (Confrontation) or the centre (Ambush)
      checkDeploymentDistances(state, zone, cmd.centreDistances ?? []);
      // EDEN-PREP-7: each player deploys by the type of his own mission
      return [{ type: 'eden.band_deployed', data: { player: side, zone: state.bands[side].mission!.deployment, placements: cmd.placements ?? null } }];
    },
  }),
  'eden.choose_tactic_hand': defineCommand({
    schema: commandSchema('eden.choose_tactic_hand', { player: Player, cards: Type.Array(Id, { maxItems: 20 }) }),
    description: "EDEN-PREP-8: as many distinct cards as the Leader's current PSI; after both hands turn 1 starts (EDEN-PREP-9).",
    example: { player: 'A', cards: ['Fury', 'Rally'] },
    preconditions: {
      stage: { phase: 'preparation', prep: 'tactic_hands', what: 'Choosing the tactic hand (EDEN-PREP-8)' },
      player: true,
      turn: { kind: 'preparation', member: 'tacticHand', what: 'choosing the tactic hand (EDEN-PREP-8)' },
    },
    decide(cmd, state, _dice, { side }) {
      const cards = cmd.cards ?? [];
      const leader = state.fighters[state.bands[side].leader!]!.fighter;
      // EDEN-PREP-8: as many cards as the Leader's current PSI, one per name
      const size = Math.max(0, characteristic(leader, 'PSI'));
      if (cards.length !== size)
        violation('wrong_hand_size', `The tactic hand holds as many cards as the Leader's current PSI: ${size} (EDEN-PREP-8).`, { expected: size, given: cards.length });
      if (new Set(cards).size !== cards.length) violation('duplicate_tactic', 'A tactic hand holds at most one card of each name (EDEN-PREP-8).');
      const events: EdenEvent[] = [{ type: 'eden.tactic_hand_chosen', data: { player: side, cards } }];
      if (state.bands[otherSide(side)].tacticHand !== null) events.push({ type: 'eden.turn_started', data: { turn: 1 } });
      return events;
    },
  }),
};
