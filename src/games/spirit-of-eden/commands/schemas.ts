/**
 * The Spirit of Eden full-match commands (SOE-TURN-1): per command type its TypeBox schema,
 * description and example body, the one declaration of each command's input. The command types the
 * match decider takes (src/games/spirit-of-eden/match) are derived from these schemas (`Static`),
 * imported there as types only.
 */
import { isCommandOfType, type CommandOfType, type CommandUnion } from '../../../kernel/commands.js';
import { Type, type TProperties } from '@sinclair/typebox';
import { AlliesSchema, AllyKindSchema, CardsSchema, ColorSchema, GoomzSchema, ObjectivesSchema, RingSchema } from '../operations/schemas.js';
import { ActionSchema } from '../operations/action.operation.js';
import { DiceSpecSchema } from '../../../kernel/schemas/common.js';

const Die = Type.Integer({ minimum: 0, maximum: 3, description: 'Die index 0..3.' });
const CardId = Type.String({ minLength: 1, maxLength: 100 });
const dice = { dice: Type.Optional(DiceSpecSchema) };

const OPTIONS_DOC =
  'Match options: `modes` (SOE-MODE-1..6, combinable; default Classic), `actionCards` (needed by `soe.place`: the 4 Action cards, each the 6 faces 1..6 as ' +
  '`move1`…`move3`, `attract`, `push1`, `push2`, `protect`, `recover`, `ambush`, `shortcut`, `swapGoomz`, `swapAllies`; the rulebook does not print them, SOE-AMB-12), ' +
  '`dSendsAll` (SOE-AMB-9 alternative) and `protectionEndsWithPhase` (SOE-AMB-6 option).';

const example = (c: Record<string, unknown>) => ` Example: \`${JSON.stringify(c)}\`.`;

/** A command's documentation and schema: `{type, ...props, dice?}`. */
const cmd = <T extends string, P extends TProperties>(type: T, description: string, ex: Record<string, unknown>, props: P) => ({
  description: description + example({ type, ...ex }),
  example: ex,
  schema: Type.Object({ type: Type.Literal(type), ...props, ...dice }),
});

const RING = ['w1', 'f1', 's1', 'm1', 'w2', 'f2', 's2', 'm2'];
const TERRAIN_OF = { w: 'waterfall', f: 'forest', s: 'swamp', m: 'mountain' } as const;

/** A legal dealt layout (SOE-SETUP-1..5; objectives of SOE-EX-1 first): the example of `soe.set_up`. */
export const SET_UP_EXAMPLE = {
  ring: RING,
  cards: Object.fromEntries(RING.map((id) => [id, { terrain: TERRAIN_OF[id[0] as keyof typeof TERRAIN_OF], state: 'healthy' }])),
  goomz: [
    { color: 'yellow', at: 'w1' },
    { color: 'red', at: 'm2' },
    { color: 'black', at: 's2' },
  ],
  allies: [
    { kind: 'water', at: 's1' },
    { kind: 'fauna', at: 'm1' },
    { kind: 'flora', at: 'w2' },
  ],
  objectives: [
    {
      color: 'yellow',
      pile: [
        { ally: 'fauna', terrain: 'swamp' },
        { ally: 'water', terrain: 'waterfall', dieBonus: true },
        { ally: 'flora', terrain: 'mountain' },
      ],
    },
    {
      color: 'red',
      pile: [
        { ally: 'water', terrain: 'mountain' },
        { ally: 'flora', terrain: 'swamp' },
        { ally: 'fauna', terrain: 'waterfall' },
      ],
    },
    {
      color: 'black',
      pile: [
        { ally: 'flora', terrain: 'waterfall' },
        { ally: 'fauna', terrain: 'mountain' },
        { ally: 'water', terrain: 'swamp' },
      ],
    },
  ],
};

/** The full-match commands, in the order of play. */
export const SPIRIT_COMMAND_SCHEMAS = {
  'soe.set_up': cmd(
    'soe.set_up',
    `SOE-SETUP-1..5 / SOE-MODE-4: the dealt layout (Terrain cards, Goomz on the left column, Allies on the right, 3 Objective piles of 3 with each card's Ally and Terrain); turn 1 starts. ${OPTIONS_DOC}`,
    { board: SET_UP_EXAMPLE },
    { board: Type.Object({ ring: RingSchema, cards: CardsSchema, goomz: GoomzSchema, allies: AlliesSchema, objectives: ObjectivesSchema }) },
  ),
  'soe.roll': cmd(
    'soe.roll',
    'SOE-TURN-2: Allies due back from Noa go onto a Forest (`returns`: Ally → Forest card; default the first standing Forest, SOE-NOA-RET-2), Scarcity turns `disabledCard` face down (SOE-MODE-6), then the 4 dice are rolled (SOE-DICE-1). Dice: four d6, dice 0..3 in order.',
    { returns: { fauna: 'f1' }, dice: { values: [1, 4, 6, 3] } },
    {
      returns: Type.Optional(Type.Object({ water: Type.Optional(CardId), fauna: Type.Optional(CardId), flora: Type.Optional(CardId) })),
      disabledCard: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    },
  ),
  'soe.place': cmd(
    'soe.place',
    'SOE-PLACE-1..5: an unused die on a free Action card; the action the card shows for the die (options.actionCards) is resolved at once on the board (SOE-ACT-*).',
    { die: 1, card: 0, action: { type: 'move', ally: 'water', to: 'm1', steps: 1 } },
    { die: Die, card: Type.Integer({ minimum: 0, maximum: 3, description: 'Action card 0..3.' }), action: ActionSchema },
  ),
  'soe.reroll': cmd(
    'soe.reroll',
    'SOE-REROLL-1: set unused die `discard` aside to re-roll unused die `die` (at most 2 per turn). Dice: one d6, the new value of `die`.',
    { die: 0, discard: 2, dice: { values: [5] } },
    { die: Die, discard: Die },
  ),
  'soe.bonus': cmd(
    'soe.bonus',
    "SOE-OBJ-4 / SOE-REROLL-2: an owned Objective card's die bonus re-rolls one unused die (not in Fearless, SOE-MODE-3). Dice: one d6, the new value of `die`.",
    { die: 0, dice: { values: [6] } },
    { die: Die },
  ),
  'soe.noa': cmd(
    'soe.noa',
    'SOE-NOA-1: once per game, right after a roll, one unused die is set to any face.',
    { die: 3, value: 6 },
    { die: Die, value: Type.Integer({ minimum: 1, maximum: 6 }) },
  ),
  'soe.goomz': cmd(
    'soe.goomz',
    'SOE-TURN-1 / SOE-GOOMZ-ORDER-1: ends the player phase; each Goomz in play acts once (rules F, C, E, D, A, B) in `order` (default: ring order, clockwise from the top-left slot); `picks` chooses the Ally for D/E (SOE-AMB-9). The game ends at once on victory or defeat (SOE-END-1..3); otherwise the next turn starts.',
    { order: ['red', 'yellow', 'black'] },
    {
      order: Type.Optional(Type.Array(ColorSchema, { maxItems: 3 })),
      picks: Type.Optional(Type.Object({ yellow: Type.Optional(AllyKindSchema), red: Type.Optional(AllyKindSchema), black: Type.Optional(AllyKindSchema) })),
    },
  ),
};

// The command types, derived from the schemas above (one declaration per input).
type Schemas = typeof SPIRIT_COMMAND_SCHEMAS;
export type SpiritCommandType = keyof Schemas;
/** The command of type `T`, as its schema validates it. */
export type SpiritCommandOf<T extends SpiritCommandType> = CommandOfType<Schemas, T>;
/** The full-match commands of The Spirit of Eden, one member per command type. */
export type SpiritCommand = CommandUnion<Schemas>;

/** Whether `command` is the `type` command (validated against its schema first). */
export const isSpiritCommand = <T extends SpiritCommandType>(type: T, command: { type: string }): command is SpiritCommandOf<T> => isCommandOfType<Schemas, T>(type, command);
