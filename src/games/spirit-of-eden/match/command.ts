/**
 * What every full-match command of The Spirit of Eden shares (SOE-TURN-1): its declaration — the
 * schema `{type, ...members, dice?}`, the description with its example, the decide (`spiritCommand`,
 * the kernel's `defineCommand`) — and the phase check it makes first. Each family of commands
 * (setup.ts, turn-start.ts, player-phase.ts, goomz-phase.ts) declares its commands beside their
 * decide and its events beside their folds.
 */
import type { Static, TLiteral, TObject } from '@sinclair/typebox';
import { commandsOf, type CommandDef } from '../../../kernel/commands.js';
import type { Dice } from '../../../kernel/dice/index.js';
import { RuleViolation } from '../../../kernel/errors.js';
import type { SpiritEvent } from './evolve.js';
import type { SpiritMatchState, SpiritState } from './state.js';

/** A command's schema: `{type, ...members, dice?}`. */

/**
 * One full-match command, through the kernel's `defineCommand`: its schema (`commandSchema`), its
 * description (the example body, `type` included, appended), its example (the body without `type`)
 * and its decide — given the command as its schema validates it (`Static`). The state and the
 * events are fixed here so that only the schema is inferred (inferring every type of the kernel's
 * signature at once, TypeScript stops at TS2589, "excessively deep", on a TypeBox object schema).
 */
const declare = commandsOf<SpiritMatchState, SpiritEvent>();

export function spiritCommand<Sch extends TObject>(def: {
  schema: Sch;
  description: string;
  example: Record<string, unknown>;
  decide(command: Static<Sch>, state: SpiritMatchState, dice: Dice): SpiritEvent[];
}): CommandDef<SpiritMatchState, SpiritEvent> {
  const type = (def.schema.properties.type as TLiteral<string>).const;
  return declare({ ...def, description: `${def.description} Example: \`${JSON.stringify({ type, ...def.example })}\`.` });
}

export const fail = (code: string, message: string, extra: Record<string, unknown> = {}): never => {
  throw new RuleViolation(code, message, extra);
};

export function expectPhase(state: SpiritState, phase: SpiritState['phase'], doing: string): void {
  if (state.phase === phase) return;
  if (state.phase === 'ended') fail('game_over', `The game is over (${state.result?.won ? 'won' : 'lost'}, SOE-END-1/2).`);
  // SOE-SETUP-1..5: nothing is played before the layout is dealt
  if (state.phase === 'setup') fail('not_set_up', `${doing} waits for the set-up: send \`soe.set_up\` (the dealt layout, SOE-SETUP-1..5) first.`, { next: 'soe.set_up' });
  const next = ({ setup: '`soe.set_up`', turn_start: '`soe.roll`', player: 'player-phase steps or `soe.goomz`', ended: 'nothing' } as const)[state.phase];
  fail('wrong_phase', `${doing} is not possible now: the match expects ${next} (SOE-TURN-1).`, { phase: state.phase, expected: next });
}
