/**
 * The EDEN command table: the spread of the families' tables (preparation, turn, attacks, upkeep,
 * weather, territory, infestation), each entry declared once beside its handler with its schema,
 * documentation, example and preconditions (`defineCommand`, preconditions.ts). decide(command,
 * state, dice) → events, as Emmett's Decider; evolve folds them.
 */
import type { Dice } from '../../../kernel/dice/index.js';
import type { CommandUnion } from '../../../kernel/commands.js';
import type { GameCommand } from '../../../kernel/decider.js';
import type { EdenCommandDef } from './preconditions.js';
import { violation } from './rules.js';
import { ANSWER_COMMANDS } from './decisions.js';
import { expectChoiceFlow } from './first-player.js';
import { own, type EdenMatchState } from './state.js';
import type { EdenEvent } from './evolve/events.js';
import { PREPARATION_COMMANDS } from './preparation.js';
import { TURN_COMMANDS } from './turn.js';
import { ATTACK_COMMANDS } from './attacks.js';
import { UPKEEP_COMMANDS } from './upkeep.js';
import { WEATHER_COMMANDS } from './weather.js';
import { TERRITORY_COMMANDS } from './territory.js';
import { INFESTATION_COMMANDS } from './infestation.js';

/** Every EDEN command by type, in the order a match plays them (the order they are published in). */
export const EDEN_COMMANDS = {
  ...PREPARATION_COMMANDS,
  ...TURN_COMMANDS,
  ...ATTACK_COMMANDS,
  ...UPKEEP_COMMANDS,
  ...WEATHER_COMMANDS,
  ...TERRITORY_COMMANDS,
  ...INFESTATION_COMMANDS,
  ...ANSWER_COMMANDS,
};

export type EdenCommandType = keyof typeof EDEN_COMMANDS;
/** The commands of an EDEN match, one member per command type (each as its schema validates it). */
export type EdenCommand = CommandUnion<typeof EDEN_COMMANDS>;

export const EDEN_COMMAND_TYPES = Object.keys(EDEN_COMMANDS) as EdenCommandType[];

/**
 * The one dispatcher: the game is not over, the command is known; then its entry decides it — its
 * preconditions checked once (checkPreconditions), then its handler. A command arrives validated
 * against its type's schema, so a known `type` is that schema's value.
 */
export function decide(command: GameCommand, state: EdenMatchState, dice: Dice): EdenEvent[] {
  if (state.phase === 'ended') violation('game_over', 'The game has ended (EDEN-GAME-1/2); no more commands.', { result: state.result });
  // Own members only: "constructor", "toString", "__proto__"… are unknown commands, not Object.prototype's.
  const spec = own<EdenCommandDef>(EDEN_COMMANDS, command.type);
  if (!spec) violation('unknown_command', `EDEN matches know no command "${command.type}".`, { commands: EDEN_COMMAND_TYPES });
  // CONTRACT §9.1 (EDEN-PREP-3 step 3, EDEN-FIRST-2): nothing else while the First player waits to be named
  expectChoiceFlow(command, state);
  return spec.decide(command, state, dice);
}
