/**
 * The Spirit of Eden match state as GET /v1/matches/{id} answers it (CONTRACT §8.1, §8.2, §9.3):
 * the resolution log of the stateless `soe.*` operations (`resolutions`, `byKind`, `latest`) and
 * the full solo game (state.ts `SpiritGame`: the turn and its phase, the dice of the player phase,
 * Noa's power, the die bonuses, the last Goomz phase, the result) over one `board`, with `outcome`
 * and `pending`. The table keeps one thing from every reader (table.ts): the order of the Objective
 * piles (SOE-SETUP-5) — every card under the top one of a pile reads `{"hidden": true}` for seats and
 * spectators, wherever an `objectives` list appears. The board keeps every member its pieces were
 * sent with (it is the set-up's or an operation's board, moved by the rules).
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { Count, OUTCOME_MEMBERS, PendingMember, orHidden, resolutionLogMembers } from '../../../kernel/schemas/match-state.js';
import { spiritOfEdenOperations } from '../operations/index.js';
import { ACTION_FACES } from '../rules/actions.js';

const closed = { additionalProperties: false } as const;
const literals = (values: readonly string[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );
const Nullable = (schema: TSchema, description: string) => Type.Union([schema, Type.Null()], { description });

const Color = literals(['yellow', 'red', 'black'], 'A Goomz colour.');
const AllyKind = literals(['water', 'fauna', 'flora'], 'An Ally.');
const Terrain = literals(['waterfall', 'swamp', 'forest', 'mountain'], 'A Terrain.');
const Die = Type.Integer({ minimum: 0, maximum: 3, description: 'A die, 0..3.' });
const Face = Type.Integer({ minimum: 1, maximum: 6, description: 'A face, 1..6.' });

const ObjectiveCard = Type.Object(
  { ally: Type.Optional(AllyKind), terrain: Type.Optional(Terrain), dieBonus: Type.Optional(Type.Boolean({ description: 'The die-bonus symbol (SOE-OBJ-4).' })) },
  { description: 'An Objective card, with the members it was sent with (a `name`…).' },
);

/** The board (SOE-GRID, SOE-COMP): wherever it appears, an Objective pile shows its top card only. */
const BoardSchema = Type.Object(
  {
    ring: Type.Array(Type.String(), { description: 'The 8 Terrain card ids clockwise from the top-left slot (SOE-GRID-2).' }),
    cards: Type.Record(Type.String(), Type.Object({ terrain: Terrain, state: literals(['healthy', 'devastated', 'destroyed'], 'SOE-GRID-4.') }), {
      description: 'Card id → its Terrain and state.',
    }),
    goomz: Type.Array(
      Type.Object({
        color: Color,
        at: Type.String({ description: 'A ring card id, or `removed` (SOE-OBJ-3).' }),
        ambushedBy: Type.Optional(Nullable(AllyKind, 'The Ally token under the figure (SOE-ACT-AMBUSH-2).')),
      }),
      { description: 'The Goomz figures.' },
    ),
    allies: Type.Array(
      Type.Object({
        kind: AllyKind,
        at: Type.String({ description: 'A ring card id, or `noa`.' }),
        protecting: Type.Optional(Type.Boolean({ description: 'Blank side up (SOE-ACT-PROTECT-1).' })),
        availableFromTurn: Type.Optional(Type.Integer({ description: 'On Noa: the turn it returns (SOE-NOA-RET-2).' })),
      }),
      { description: 'The Ally tokens.' },
    ),
    objectives: Type.Optional(
      Type.Array(
        Type.Object({
          color: Color,
          pile: Type.Array(orHidden(ObjectiveCard), { description: 'pile[0] face up; the cards under it read `{"hidden": true}` for seats and spectators (SOE-SETUP-5).' }),
          claimed: Type.Optional(Type.Array(ObjectiveCard, { description: 'Objective cards taken from this pile (SOE-OBJ-3).' })),
        }),
        { description: 'The Objective pile under each Goomz card; absent: piles not tracked.' },
      ),
    ),
  },
  { description: 'The board: the ring of Terrain cards, Goomz, Allies and Objective piles.' },
);

const Target = Type.Union([Type.Object({ goomz: Color }, closed), Type.Object({ ally: AllyKind }, closed)], { description: 'A Goomz or an Ally.' });
const To = Type.String({ description: 'The card moved to.' });
/** One action (SOE-ACT-*): its type and the members that type takes. */
const act = (type: string, members: Record<string, TSchema>) => Type.Object({ type: Type.Literal(type, { description: `The action: ${type}.` }), ...members }, closed);
const Steps = (max: number) => Type.Integer({ minimum: 1, maximum: max, description: 'Icons used.' });
const ActionSchema = Type.Union(
  [
    act('move', { ally: AllyKind, to: To, steps: Steps(3) }),
    act('attract', { ally: AllyKind, target: Target }),
    act('push', { ally: AllyKind, target: Target, to: To, steps: Steps(2) }),
    ...['protect', 'recover', 'shortcut'].map((type) => act(type, { ally: AllyKind })),
    act('ambush', { ally: AllyKind, goomz: Color }),
    act('swapGoomz', { pair: Type.Tuple([Color, Color], { description: 'The two Goomz.' }) }),
    act('swapAllies', { pair: Type.Tuple([AllyKind, AllyKind], { description: 'The two Allies.' }) }),
  ],
  { description: 'The action taken with the die (SOE-ACT-*).' },
);

const StepSchema = Type.Object(
  {
    type: literals(['place', 'reroll', 'bonus', 'noa'], 'A die placed (SOE-PLACE), a re-roll (SOE-REROLL-1), a die bonus (SOE-OBJ-4), Noa’s power (SOE-NOA-1).'),
    die: Die,
    card: Type.Optional(Type.Integer({ minimum: 0, maximum: 3, description: 'place: the Action card.' })),
    discard: Type.Optional(Die),
    value: Type.Optional(Face),
    action: Type.Optional(ActionSchema),
  },
  { ...closed, description: 'One step of the player phase.' },
);

const GoomzStepSchema = Type.Object(
  {
    color: Color,
    rule: literals(['A', 'B', 'C', 'D', 'E', 'F'], 'The Goomz rule applied (SOE-GOOMZ).'),
    card: Type.String({ description: 'The card it acted from.' }),
    to: Type.Optional(Type.String({ description: 'Where it moved (`removed`: it left the game).' })),
    ally: Type.Optional(AllyKind),
    allies: Type.Optional(Type.Array(AllyKind, { description: 'D with `dSendsAll`: every Ally sent to Noa.' })),
    effect: literals(['moved', 'withdrew', 'protection_used', 'ally_to_noa', 'devastated', 'destroyed'], 'What it did.'),
    objective: Type.Optional(
      Type.Object(
        {
          claimed: Nullable(ObjectiveCard, 'The Objective card claimed.'),
          remaining: Nullable(Count('Cards left.'), 'null: piles not tracked.'),
          goomzRemoved: Type.Boolean({ description: 'SOE-OBJ-3.' }),
        },
        { ...closed, description: 'SOE-OBJ-3: the Objective claimed as it acted.' },
      ),
    ),
  },
  { ...closed, description: 'One Goomz’s action (SOE-GOOMZ).' },
);

const SpiritOutcome = Type.Object(
  { ...OUTCOME_MEMBERS, reason: Type.Optional(literals(['SOE-END-1', 'SOE-END-2'], 'All Goomz removed (won) or both cards of a Terrain destroyed (lost).')) },
  { ...closed, description: 'How the match stands (CONTRACT §8.2): every player wins together, or nobody.' },
);

export const SpiritOfEdenStateSchema = Type.Object(
  {
    ...resolutionLogMembers('spirit-of-eden', 'soe', spiritOfEdenOperations),
    board: Nullable(BoardSchema, 'The board (shared with the `soe.*` operations); null before the set-up.'),
    options: Type.Object(
      {
        modes: Type.Array(literals(['classic', 'celestial', 'fearless', 'resurrection', 'devastator', 'scarcity'], 'A mode.'), { description: 'The game modes (SOE-MODE-1..6).' }),
        actionCards: Nullable(Type.Array(Type.Array(literals(ACTION_FACES, 'An action face.'))), 'The 4 Action cards, faces 1..6 (SOE-PLACE-2).'),
        dSendsAll: Type.Boolean({ description: 'SOE-AMB-9 alternative.' }),
        protectionEndsWithPhase: Type.Boolean({ description: 'SOE-AMB-6 option.' }),
      },
      { ...closed, description: 'The creation options as read.' },
    ),
    phase: literals(['setup', 'turn_start', 'player', 'ended'], 'The phase (SOE-TURN-1).'),
    turn: Count('The turn; 0 before the set-up.'),
    turnStartBoard: Nullable(BoardSchema, 'The board as the turn started (SOE-PLACE-3).'),
    roll: Nullable(Type.Array(Face), 'SOE-DICE-1: this turn’s first roll.'),
    steps: Type.Array(StepSchema, { description: 'The player phase so far.' }),
    dice: Type.Array(
      Type.Object(
        {
          index: Die,
          value: Face,
          state: literals(['unused', 'placed', 'discarded'], 'The die now.'),
          card: Type.Optional(Type.Integer({ minimum: 0, maximum: 3, description: 'The Action card it sits on.' })),
        },
        closed,
      ),
      { description: 'The 4 dice now.' },
    ),
    disabledCard: Nullable(Type.Integer({ minimum: 0, maximum: 3 }), 'SOE-MODE-6: the Action card face down this turn.'),
    noaPowerUsed: Type.Boolean({ description: 'SOE-NOA-1: used (once per game).' }),
    bonusesUsed: Count('SOE-OBJ-4: die bonuses used.'),
    lastGoomzPhase: Nullable(
      Type.Object(
        {
          turn: Type.Integer({ description: 'Its turn.' }),
          steps: Type.Array(GoomzStepSchema, { description: 'Each Goomz’s action, in order.' }),
          skipped: Type.Array(Color, { description: 'Goomz that did not act (SOE-END-3).' }),
        },
        closed,
      ),
      'The last Goomz phase resolved.',
    ),
    result: Nullable(
      Type.Object(
        {
          won: Type.Boolean({ description: 'SOE-END-1.' }),
          lost: Type.Boolean({ description: 'SOE-END-2.' }),
          turn: Type.Integer({ description: 'The turn it ended in.' }),
          destroyedPairs: Type.Array(Terrain, { description: 'SOE-END-2.' }),
        },
        closed,
      ),
      'How the game ended (SOE-END-1..3).',
    ),
    outcome: SpiritOutcome,
    pending: PendingMember,
  },
  { ...closed, $id: 'SpiritOfEdenMatchState', title: 'SpiritOfEdenMatchState', description: 'A The Spirit of Eden match as a viewer reads it (CONTRACT §8.1).' },
);
