/**
 * The EDEN command table: every command's preconditions (data, checked once by `decide`) and its
 * handler (one file per family: preparation, turn, attacks, upkeep, weather, territory,
 * infestation). decide(command, state, dice) → events, as Emmett's Decider; evolve folds them.
 */
import type { Dice } from '../../../kernel/dice/index.js';
import type { CommandOf, EdenCommand, EdenCommandType, ReceivedCommand } from './command-types.js';
import { checkPreconditions, type Handler, type Preconditions } from './preconditions.js';
import { violation } from './rules.js';
import { own, type EdenEvent, type EdenMatchState } from './state.js';
import * as preparation from './preparation.js';
import * as turn from './turn.js';
import * as attacks from './attacks.js';
import { upkeep } from './upkeep.js';
import { rollWeatherCommand } from './weather.js';
import * as territory from './territory.js';
import * as infestation from './infestation.js';

export interface EdenCommandSpec<T extends EdenCommandType> {
  preconditions: Preconditions;
  decide: Handler<T>;
}

const PLAYER = { player: true } as const;
const FIRST_PLAYER_BIDS = [
  { phase: 'preparation', prep: 'bid', what: 'The bid for First player (EDEN-PREP-3)' },
  { phase: 'first_player', what: 'The bid for First player (EDEN-FIRST-1)' },
] as const;

/** EDEN-NPC-2 (preparation step 6bis): placing, or stopping, in turn once the level is agreed. */
const npcPlacement = (what: string, turnMessage: string): Preconditions => ({
  option: { rule: 'infestation', what: `${what} (EDEN-NPC-2)` },
  stage: { phase: 'preparation', prep: 'infestation', what: `${what} (EDEN-NPC-2, preparation step 6bis)` },
  levelAgreed: true,
  ...PLAYER,
  turn: { kind: 'placement', of: 'infestation', message: turnMessage },
});

export const EDEN_COMMANDS: { [T in EdenCommandType]: EdenCommandSpec<T> } = {
  // ------------------------------------------------------------ preparation (EDEN-PREP-*)
  'eden.register_band': {
    preconditions: { stage: { phase: 'preparation', prep: 'bands', what: 'Registering a band (EDEN-PREP-1)' }, ...PLAYER },
    decide: preparation.registerBand,
  },
  'eden.bid': { preconditions: { stage: FIRST_PLAYER_BIDS }, decide: preparation.bid },
  'eden.choose_leader': {
    preconditions: {
      stage: { phase: 'preparation', prep: 'leaders', what: 'Naming a Leader (EDEN-PREP-4)' },
      ...PLAYER,
      turn: { kind: 'preparation', member: 'leader', what: 'naming the Leader (EDEN-PREP-4)' },
    },
    decide: preparation.chooseLeader,
  },
  'eden.play_mission': {
    preconditions: {
      stage: { phase: 'preparation', prep: 'missions', what: 'Playing a mission (EDEN-PREP-5)' },
      ...PLAYER,
      turn: { kind: 'preparation', member: 'mission', what: 'playing a mission (EDEN-PREP-5)' },
    },
    decide: preparation.playMission,
  },
  // EDEN-PREP-7 / EDEN-WEATHER-6: whose turn depends on Mist, so the handler checks it
  'eden.deploy': { preconditions: { stage: { phase: 'preparation', prep: 'deployment', what: 'Deployment (EDEN-PREP-7)' }, ...PLAYER }, decide: preparation.deploy },
  'eden.choose_tactic_hand': {
    preconditions: {
      stage: { phase: 'preparation', prep: 'tactic_hands', what: 'Choosing the tactic hand (EDEN-PREP-8)' },
      ...PLAYER,
      turn: { kind: 'preparation', member: 'tacticHand', what: 'choosing the tactic hand (EDEN-PREP-8)' },
    },
    decide: preparation.chooseTacticHand,
  },
  // ------------------------------------------------------------ turn and activation (EDEN-TACPH-*, EDEN-ACT-*)
  'eden.play_tactic': { preconditions: { stage: { phase: 'tactical', what: 'A tactic card' }, ...PLAYER, turn: { kind: 'tactical' } }, decide: turn.playTactic },
  'eden.skip_tactic': { preconditions: { stage: { phase: 'tactical', what: 'A tactic card' }, ...PLAYER, turn: { kind: 'tactical' } }, decide: turn.skipTactic },
  'eden.activate': {
    preconditions: {
      stage: { phase: 'activation', what: 'Activating a fighter' },
      idle: { hint: 'end its activation first (EDEN-ACT-4)' },
      ...PLAYER,
      turn: { kind: 'first_player', message: 'Player {first} is First player and designates now (EDEN-ACT-1).' },
    },
    decide: turn.activate,
  },
  'eden.end_activation': { preconditions: { stage: { phase: 'activation', what: 'Ending an activation' } }, decide: turn.endActivation },
  'eden.pass': {
    preconditions: {
      stage: { phase: 'activation', what: 'Passing' },
      idle: {},
      ...PLAYER,
      turn: { kind: 'first_player', message: 'Only the First player ({first}) may pass (EDEN-ACT-5).' },
    },
    decide: turn.pass,
  },
  'eden.move': { preconditions: { active: { member: 'fighterId', role: 'moving fighter' } }, decide: turn.move },
  'eden.douse_fire': { preconditions: { active: { member: 'fighterId', role: 'fighter' } }, decide: turn.douse },
  // ------------------------------------------------------------ attacks (the melee handler checks who is active: EDEN-MOVE-ACT-2)
  'eden.melee': { preconditions: {}, decide: attacks.melee },
  'eden.ranged': { preconditions: { active: { member: 'shooter', role: 'shooter' } }, decide: attacks.ranged },
  'eden.thrown': { preconditions: { active: { member: 'attacker', role: 'attacker' } }, decide: attacks.thrown },
  'eden.spray': { preconditions: { active: { member: 'attacker', role: 'attacker' } }, decide: attacks.spray },
  // ------------------------------------------------------------ upkeep (EDEN-UPKEEP-*)
  'eden.upkeep': { preconditions: { stage: { phase: 'upkeep', what: 'The upkeep' } }, decide: upkeep },
  // ------------------------------------------------------------ optional rules: weather (§18)
  'eden.roll_weather': {
    preconditions: {
      option: { rule: 'weather', what: 'Rolling the weather (EDEN-WEATHER-1)' },
      stage: { phase: 'preparation', prep: 'weather', what: 'Rolling the weather (EDEN-PREP-0)' },
    },
    decide: rollWeatherCommand,
  },
  // ------------------------------------------------------------ optional rules: territory (§16)
  'eden.place_scenery': {
    preconditions: {
      option: { rule: 'territory', what: 'Placing scenery (EDEN-TERRAIN-3)' },
      stage: { phase: 'preparation', prep: 'scenery', what: 'Placing scenery (EDEN-TERRAIN-3)' },
      ...PLAYER,
      turn: { kind: 'placement', of: 'territory', message: 'Player {next} places the next element (EDEN-AMB-29: alternate, First player first).' },
    },
    decide: territory.placeScenery,
  },
  'eden.attack_scenery': {
    preconditions: { option: { rule: 'territory', what: 'Attacking scenery (EDEN-TERRAIN-R-DESTRUCTION)' }, active: { member: 'attacker', role: 'attacker' } },
    decide: territory.attackSceneryCommand,
  },
  'eden.ignite_scenery': {
    preconditions: { option: { rule: 'territory', what: 'Setting scenery on fire (EDEN-TERRAIN-R-INFLAMMABLE)' }, active: { member: 'fighterId', role: 'fighter' } },
    decide: territory.igniteSceneryCommand,
  },
  'eden.scenery_contact': {
    preconditions: { option: { rule: 'territory', what: 'Scenery contact (EDEN-TERRAIN-R-INFLAMMABLE / -HOSTILE)' }, active: { member: 'fighterId', role: 'fighter' } },
    decide: territory.sceneryContact,
  },
  // ------------------------------------------------------------ optional rules: infestation (§17)
  'eden.set_infestation_level': {
    preconditions: {
      option: { rule: 'infestation', what: 'The Infestation Level (EDEN-NPC-2)' },
      stage: { phase: 'preparation', prep: 'infestation', what: 'The Infestation Level (EDEN-NPC-2, preparation step 6bis)' },
    },
    decide: infestation.setInfestationLevel,
  },
  'eden.place_npc': {
    preconditions: npcPlacement('Placing an NPC', 'Player {next} places the next NPC (EDEN-NPC-2: alternate, First player first).'),
    decide: infestation.placeNpc,
  },
  'eden.stop_npc_placement': { preconditions: npcPlacement('Placing NPCs', 'Player {next} places (or stops) next (EDEN-NPC-2).'), decide: infestation.stopNpcPlacement },
  // EDEN-NPC-3: whose turn is checked after the NPC named (the handler)
  'eden.activate_npc': {
    preconditions: { option: { rule: 'infestation', what: 'Activating an NPC (EDEN-NPC-3)' }, stage: { phase: 'upkeep', what: 'Activating an NPC (EDEN-UPKEEP-2)' }, ...PLAYER },
    decide: infestation.activateNpc,
  },
};

export const EDEN_COMMAND_TYPES = Object.keys(EDEN_COMMANDS) as EdenCommandType[];

/**
 * The one dispatcher: the game is not over, the command is known, its preconditions hold; then its
 * handler. A command arrives validated against its schema (src/games/eden/commands/schemas.ts, from
 * which its EdenCommand member is derived), so a known `type` is that member.
 */
export function decide(command: EdenCommand | ReceivedCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  if (state.phase === 'ended') violation('game_over', 'The game has ended (EDEN-GAME-1/2); no more commands.', { result: state.result });
  // Own members only: "constructor", "toString", "__proto__"… are unknown commands, not Object.prototype's.
  const spec = own(EDEN_COMMANDS as Record<string, EdenCommandSpec<EdenCommandType>>, command.type);
  if (!spec) violation('unknown_command', `EDEN matches know no command "${command.type}".`, { commands: EDEN_COMMAND_TYPES });
  const by = checkPreconditions(command as EdenCommand, state, spec.preconditions);
  return (spec.decide as (c: CommandOf<EdenCommandType>, s: EdenMatchState, d: Dice, b: typeof by) => EdenEvent[])(command as EdenCommand, state, dice, by);
}
