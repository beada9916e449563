/**
 * Ánima: La Sombra de Omega matches. The full match (src/games/anima/match: setup, turns of four
 * phases, Groups, Locations, exploration, combats, trade, pick-ups, missions, the winner) runs on the
 * card lists the rulebook does not print, given in the match `options` (ANIMA_OPTIONS, validated at
 * creation: 400 with `/options/...` paths). The stateless operations stay commands as before (the
 * resolution log, resolution-log.ts): both share one state.
 */
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import * as anima from '../../games/anima/match/index.js';
import { InvalidInput, underPath } from '../../games/errors.js';
import { CharacterSchema } from '../anima/schemas.js';
import { animaExplorationOperation } from '../anima/exploration.operation.js';
import { EncounterCardSchema } from '../anima/exploration.operation.js';
import { animaRewardsOperation } from '../anima/rewards.operation.js';
import { DiceSpecSchema } from '../schemas/common.js';
import { validate } from '../validate.js';
import type { GameMatch, MatchCommand, MatchSetup } from './match-game.js';
import { resolutionLogMatch } from './resolution-log.js';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Player = Type.String({ minLength: 1, maxLength: 200, description: 'The acting match player id.' });
const explorationLocation = (animaExplorationOperation.body as TObject).properties.location as TObject;
const rewardLocation = (animaRewardsOperation.body as TObject).properties.location as TObject;

const LocationCardSchema = Type.Object({
  name: Name,
  level: Type.Integer({ minimum: 1, maximum: 3 }),
  table: explorationLocation.properties.table!,
  rewards: rewardLocation.properties.rewards!,
  trade: Type.Optional(Type.Boolean({ description: 'The Trade icon (ANIMA-INTERACT-1).' })),
  combatAllowed: Type.Optional(Type.Boolean({ description: 'false: the card forbids combat there (ANIMA-INTERACT-2, e.g. Arkángel).' })),
});

const MissionCardSchema = Type.Object({
  name: Name,
  test: Type.Union([
    Type.Object({ kind: Type.Literal('combat'), enemy: Name, combat: Type.Integer({ minimum: 0, maximum: 99 }) }),
    Type.Object({ kind: Type.Literal('speed'), difficulty: Type.Integer({ minimum: 1, maximum: 99 }) }),
  ]),
  benefit: Type.Optional(Type.String({ maxLength: 2000 })),
});

/** The card lists of a full match, each in draw order (top first). */
export const ANIMA_OPTIONS = Type.Object({
  characters: Type.Optional(Type.Array(CharacterSchema, { maxItems: 200, description: 'The Character deck (ANIMA-CARD-1).' })),
  locations: Type.Optional(Type.Array(LocationCardSchema, { maxItems: 14, description: 'The Location deck, 14 cards (ANIMA-CARD-2, ANIMA-DECK-3).' })),
  encounters: Type.Optional(Type.Array(EncounterCardSchema, { maxItems: 200, description: 'The Encounter deck (ANIMA-CARD-3).' })),
  basicMissions: Type.Optional(Type.Array(MissionCardSchema, { maxItems: 50, description: 'Basic Missions, dealt two per player (ANIMA-SETUP-2).' })),
  finalMissions: Type.Optional(Type.Array(MissionCardSchema, { maxItems: 3, description: 'The 3 Final Missions (ANIMA-MISSION-2).' })),
  multipleMissions: Type.Optional(Type.Boolean({ description: 'ANIMA-OPT-MULTI-1: both Basic Missions before the Final Mission.' })),
});

/** 400 with `/options/...` paths: the schema, then all card lists or none, then the card data for the player count. */
export function checkAnimaOptions(setup: MatchSetup): void {
  underPath('/options', () => validate(ANIMA_OPTIONS, structuredClone(setup.options)));
  const given = anima.CARD_LISTS.filter((k) => setup.options[k] !== undefined);
  if (given.length > 0 && given.length < anima.CARD_LISTS.length) {
    const missing = anima.CARD_LISTS.filter((k) => setup.options[k] === undefined);
    throw new InvalidInput(missing.map((k) => ({ path: `/options/${k}`, code: 'required', message: `A full Ánima match needs every card list; ${k} is missing.` })));
  }
  anima.checkCards(setup.options, setup.players.length);
}

const cmd = (description: string, example: Record<string, unknown>, props: Record<string, TSchema>) => ({
  description: `${description} Example: \`${JSON.stringify(example)}\`.`,
  example: Object.fromEntries(Object.entries(example).filter(([k]) => k !== 'type')),
  schema: Type.Object({ type: Type.Literal(example.type as string), player: Player, ...props, dice: Type.Optional(DiceSpecSchema) }),
});

const Gifts = Type.Integer({ minimum: 0, maximum: 5 });
const TradeSide = Type.Object({ gifts: Type.Optional(Gifts), characters: Type.Optional(Type.Array(Name, { maxItems: 4 })) });

export const ANIMA_COMMAND_SCHEMAS: Record<string, { description: string; schema: TSchema; example: Record<string, unknown> }> = {
  'anima.keep_character': cmd(
    'ANIMA-SETUP-3: keep one of the two Characters drawn (`state.groupsInPlay[player].dealt`); the other is shuffled back. When all kept, turn 1 starts.',
    { type: 'anima.keep_character', player: 'p1', character: 'Acróbata' },
    { character: Name },
  ),
  'anima.discard_gifts': cmd(
    'ANIMA-START-2a/3/4 (Start phase, in turn order): discard Gifts; the player with strictly the fewest Gifts takes them unless `take: false`.',
    { type: 'anima.discard_gifts', player: 'p1', count: 1 },
    { count: Type.Integer({ minimum: 1, maximum: 5 }), take: Type.Optional(Type.Boolean()) },
  ),
  'anima.dismiss_character': cmd(
    'ANIMA-START-2b/4/5: dismiss a Character; the player with strictly the fewest Characters recruits it unless `take: false`; an emptied Group is replaced (ANIMA-GROUP-5).',
    { type: 'anima.dismiss_character', player: 'p1', character: 'Novel' },
    { character: Name, take: Type.Optional(Type.Boolean()) },
  ),
  'anima.go': cmd(
    'ANIMA-MOVE-3 / ANIMA-PRIOR-1..5 (Move phase): go to an active Location (the current one: stay), facing its prior encounter.',
    { type: 'anima.go', player: 'p1', location: 'Arkángel', dice: { values: [6, 2] } },
    { location: Name },
  ),
  'anima.seek_new_horizons': cmd(
    'ANIMA-MOVE-4..10 / ANIMA-DECK-3: once per turn; the top Location (or `location` from the discard pile with `source: "discard"`) with a face-up prior encounter; over the maximum, `removal` lists the Locations to remove in order, `saves` who saves which with a Gift.',
    { type: 'anima.seek_new_horizons', player: 'p2', source: 'deck', removal: ['Arkángel'] },
    {
      source: Type.Optional(Type.Union([Type.Literal('deck'), Type.Literal('discard')])),
      location: Type.Optional(Name),
      removal: Type.Optional(Type.Array(Name, { maxItems: 14 })),
      saves: Type.Optional(Type.Array(Type.Object({ location: Name, by: Name }), { maxItems: 14 })),
    },
  ),
  'anima.rest': cmd('ANIMA-MOVE-11/12: the Group gives up this turn (at no Location); +2 Combat and +2 Speed next turn.', { type: 'anima.rest', player: 'p3' }, {}),
  'anima.declare_combat': cmd(
    'ANIMA-INTERACT-2..5 / ANIMA-COMBAT-1..4 (Interaction phase): combat with a Group at the same Location (size rule, no rematch after a draw); the loser gives a Gift and is expelled.',
    { type: 'anima.declare_combat', player: 'p1', target: 'p2', dice: { values: [7, 3] } },
    { target: Name },
  ),
  'anima.trade_with': cmd(
    'ANIMA-INTERACT-1: an agreed trade between two Groups at Trade Locations; `gives` / `receives` Gifts (counts) and Characters (names).',
    { type: 'anima.trade_with', player: 'p1', with: 'p2', gives: { gifts: 1 }, receives: { characters: ['Novel'] } },
    { with: Name, gives: Type.Optional(TradeSide), receives: Type.Optional(TradeSide) },
  ),
  'anima.explore': cmd(
    "ANIMA-EXPLORE-1..7 (Exploration phase, Groups that arrived): one d10 on the Location's table, encounters from the deck; then `anima.claim_reward`. Decline with `anima.end_phase`.",
    { type: 'anima.explore', player: 'p1', dice: { values: [5, 3, 4] } },
    {},
  ),
  'anima.claim_reward': cmd(
    'ANIMA-REWARD-1..6 / ANIMA-MISSION-1..4: one reward of the Location by index (Gift, Recruit, a Mission objective with its test, Special); the Final Mission wins the game.',
    { type: 'anima.claim_reward', player: 'p1', reward: 0 },
    { reward: Type.Integer({ minimum: 0, maximum: 9 }) },
  ),
  'anima.choose_casualty': cmd(
    'ANIMA-COMBAT-4: after a defeat by 5 or more, the loser names the Character who dies.',
    { type: 'anima.choose_casualty', player: 'p2', character: 'Técnico' },
    { character: Name },
  ),
  'anima.end_phase': cmd(
    'ANIMA-TURN-1: the player is done in this phase (Start, Interaction; in Exploration: declines to explore, ANIMA-EXPLORE-2).',
    { type: 'anima.end_phase', player: 'p1' },
    {},
  ),
};

type State = anima.AnimaTable & { [member: string]: unknown };

/** The Ánima match: the resolution log's commands plus the full match's, over one state. */
export function animaMatch(): GameMatch {
  const log = resolutionLogMatch(anima.animaProjection);
  const commands: Record<string, MatchCommand<State>> = {};
  for (const [type, def] of Object.entries(ANIMA_COMMAND_SCHEMAS)) {
    commands[type] = { ...def, decide: (command, state, dice) => anima.decideTable(command as never, state, dice) };
  }
  return {
    game: 'anima',
    initialState: (setup) => ({ ...(log.initialState(setup) as object), ...anima.initialTable(setup.players, setup.options) }),
    decide: (command, state, dice) => (commands[command.type] ? commands[command.type]!.decide(command, state as State, dice) : log.decide(command, state, dice)),
    evolve: (state, event) => (anima.ANIMA_EVENT_TYPES.has(event.type) ? anima.evolveTable(state as State, event) : log.evolve(state, event)),
    commands: { ...log.commands, ...Object.fromEntries(Object.entries(commands).map(([t, c]) => [t, { schema: c.schema, description: c.description, example: c.example }])) },
    validateOptions: checkAnimaOptions,
  };
}
