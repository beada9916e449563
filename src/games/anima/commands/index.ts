/**
 * Ánima: La Sombra de Omega matches. The full match (src/games/anima/match: setup, turns of four
 * phases, Groups, Locations, exploration, combats, trade, pick-ups, missions, the winner) runs on the
 * card lists the rulebook does not print, given in the match `options` (ANIMA_OPTIONS, validated at
 * creation: 400 with `/options/...` paths). The stateless operations stay commands as before (the
 * resolution log, resolution-log.ts): both share one state.
 */
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import * as anima from '../match/index.js';
import { InvalidInput, underPath } from '../../errors.js';
import { CharacterSchema } from '../operations/schemas.js';
import { animaExplorationOperation } from '../operations/exploration.operation.js';
import { EncounterCardSchema } from '../operations/exploration.operation.js';
import { animaRewardsOperation } from '../operations/rewards.operation.js';
import { DiceSpecSchema } from '../../../app/schemas/common.js';
import { validate } from '../../../app/validate.js';
import { own, type GameMatch, type MatchCommand, type MatchSetup } from '../../../app/matches/match-game.js';
import { resolutionEvents, resolutionLogMatch } from '../../../app/matches/resolution-log.js';
import { animaOperations } from '../operations/index.js';

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

const Enemy = Type.Object({ name: Name, combat: Type.Integer({ minimum: 0, maximum: 99 }) });
const MissionCardSchema = Type.Object({
  name: Name,
  test: Type.Union([
    Type.Object({ kind: Type.Literal('combat'), enemy: Name, combat: Type.Integer({ minimum: 0, maximum: 99 }) }),
    Type.Object({ kind: Type.Literal('speed'), difficulty: Type.Integer({ minimum: 1, maximum: 99 }) }),
    Type.Object(
      { kind: Type.Literal('resist'), rounds: Type.Integer({ minimum: 1, maximum: 20 }), enemy: Type.Optional(Enemy) },
      { description: 'ANIMA-MISSION-5: hold the Location for `rounds` Exploration phases, fighting `enemy` (if the card names one) each round.' },
    ),
  ]),
  benefit: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 2000 }),
      Type.Object(
        {
          text: Type.Optional(Type.String({ maxLength: 2000 })),
          gifts: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: 'Gift cards drawn, within the hand limit of 5 (ANIMA-HAND-1).' })),
          combat: Type.Optional(Type.Integer({ minimum: -20, maximum: 20 })),
          speed: Type.Optional(Type.Integer({ minimum: -20, maximum: 20 })),
        },
        {
          additionalProperties: false,
          description:
            'ANIMA-MISSION-4: the Benefit applied on completion — `gifts` drawn, `combat` / `speed` modifiers kept while the completed Mission lies by the player; any other effect is `text`, carried in `anima.mission_completed` for the table.',
        },
      ),
    ]),
  ),
});

const Skill = (description?: string) => Type.Union([Type.Literal('ki'), Type.Literal('magic'), Type.Literal('scheme')], description ? { description } : {});
const MatchCharacterSchema = Type.Object(
  { ...CharacterSchema.properties, skills: Type.Optional(Type.Array(Skill(), { maxItems: 3, uniqueItems: true, description: 'Skill icons (ANIMA-CARD-1, ANIMA-TIMING-4).' })) },
  { description: CharacterSchema.description },
);
const Modifier = Type.Integer({ minimum: -20, maximum: 20 });

/** ANIMA-CARD-5: a Gift card; the match applies only its structured members, `text` is for the table. */
const GiftCardSchema = Type.Object({
  name: Name,
  category: Type.Union([Type.Literal('ability'), Type.Literal('plot')]),
  skill: Type.Optional(Skill('Ability cards: the icon of the Character who powers it, tapped (ANIMA-TIMING-4).')),
  phase: Type.Optional(
    Type.Union([Type.Literal('start'), Type.Literal('move'), Type.Literal('interaction'), Type.Literal('exploration')], {
      description: 'The phase printed on the card (required with normal timing, ANIMA-TIMING-1).',
    }),
  ),
  timing: Type.Union([Type.Literal('normal'), Type.Literal('interrupt'), Type.Literal('combat')], { description: 'ANIMA-TIMING-1..3.' }),
  persistent: Type.Optional(Type.Boolean({ description: 'Stays in play (e.g. Objeto Mágico); its modifiers last while it does.' })),
  organisation: Type.Optional(
    Type.Object(
      { enemies: Type.Array(Name, { maxItems: 20, description: 'Organisations this one is enemy of (ANIMA-INTERACT-4).' }) },
      { description: 'An Organisation (ANIMA-HAND-2): a persistent Plot card.' },
    ),
  ),
  combat: Type.Optional(Modifier),
  speed: Type.Optional(Modifier),
  incapacitates: Type.Optional(Type.Boolean({ description: 'Incapacitates one Character until the next Start phase (ANIMA-INCAP-1, e.g. Dormir).' })),
  zeppelin: Type.Optional(Type.Boolean({ description: 'Viaje en zepelín: played with `anima.go`, any Location whatever its level (ANIMA-OPT-TREE-5).' })),
  redirect: Type.Optional(
    Type.Boolean({
      description:
        'Dirección Equivocada: an Interrupt played when another player declares `anima.go` (its `redirect`); their Group goes to the active Location this card’s player names (ANIMA-TIMING-2).',
    }),
  ),
  text: Type.Optional(Type.String({ maxLength: 2000 })),
});

/** The card lists of a full match, each in draw order (top first). */
export const ANIMA_OPTIONS = Type.Object({
  characters: Type.Optional(Type.Array(MatchCharacterSchema, { maxItems: 200, description: 'The Character deck (ANIMA-CARD-1).' })),
  locations: Type.Optional(Type.Array(LocationCardSchema, { maxItems: 14, description: 'The Location deck, 14 cards (ANIMA-CARD-2, ANIMA-DECK-3).' })),
  encounters: Type.Optional(Type.Array(EncounterCardSchema, { maxItems: 200, description: 'The Encounter deck (ANIMA-CARD-3).' })),
  basicMissions: Type.Optional(Type.Array(MissionCardSchema, { maxItems: 50, description: 'Basic Missions, dealt two per player (ANIMA-SETUP-2).' })),
  finalMissions: Type.Optional(Type.Array(MissionCardSchema, { maxItems: 3, description: 'The 3 Final Missions (ANIMA-MISSION-2).' })),
  gifts: Type.Optional(
    Type.Array(GiftCardSchema, {
      maxItems: 200,
      description: 'The Gift deck (ANIMA-CARD-5), optional: with it hands hold named cards that can be played; without it Gifts are counted.',
    }),
  ),
  multipleMissions: Type.Optional(Type.Boolean({ description: 'ANIMA-OPT-MULTI-1: both Basic Missions before the Final Mission.' })),
  tree: Type.Optional(
    Type.Boolean({
      description:
        'ANIMA-OPT-TREE-1..4: every Location on the table from the start; from no Location only level 1, otherwise one level up or down, each level change facing the top Encounter card (discarded once resolved); no Seek new horizons.',
    }),
  ),
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
const GiftNames = Type.Array(Name, { minItems: 1, maxItems: 5, description: 'Gifts by name (matches with a Gift deck).' });
const TradeSide = Type.Object({ gifts: Type.Optional(Type.Union([Gifts, GiftNames])), characters: Type.Optional(Type.Array(Name, { maxItems: 4 })) });
const GiftPlay = Type.Object({ gift: Name, character: Type.Optional(Name) });
const CombatGifts = Type.Array(GiftPlay, {
  maxItems: 5,
  description: 'Combat cards played as the combat starts, before any roll (ANIMA-TIMING-3); an Ability card names the Character tapped.',
});
const CreatureGifts = Type.Array(GiftPlay, {
  maxItems: 5,
  description:
    'Combat cards committed for the first Creature combat this command meets (ANIMA-TIMING-3): checked (in hand, Combat timing, powering Character) before any card is revealed, spent only if such a combat happens, kept in hand otherwise.',
});
const Redirect = Type.Object(
  { by: Name, gift: Name, location: Name, character: Type.Optional(Name) },
  {
    description: 'ANIMA-TIMING-2: player `by` plays the Interrupt `gift` (a `redirect` card, e.g. Dirección Equivocada) on this declaration; the Group goes to `location` instead.',
  },
);

export const ANIMA_COMMAND_SCHEMAS: Record<string, { description: string; schema: TSchema; example: Record<string, unknown> }> = {
  'anima.keep_character': cmd(
    'ANIMA-SETUP-3: keep one of the two Characters drawn (`state.groupsInPlay[player].dealt`); the other is shuffled back. With a Gift deck also `gifts`: three of the four Gifts drawn (`giftsDealt`). When all kept, turn 1 starts. A full match is created with the card lists the rulebook does not print, each in draw order, in `options`: `{characters: [{name, combat, speed, skills?: ["ki"|"magic"|"scheme"]}], locations: [{name, level, table, rewards, trade?, combatAllowed?}] (at most 14), encounters: [{name, kind, level, combat?, …}], basicMissions: [{name, test: {kind: "combat", enemy, combat} | {kind: "speed", difficulty} | {kind: "resist", rounds, enemy?: {name, combat}}, benefit?}], finalMissions: [3 Missions], gifts?: [{name, category: "ability"|"plot", skill?, phase?, timing: "normal"|"interrupt"|"combat", persistent?, organisation?: {enemies: [names]}, combat?, speed?, incapacitates?, zeppelin?, redirect?, text?}], multipleMissions?, tree?}` (400 with `/options/...` paths naming what is missing; without the card lists the match is the resolution log of the operations).',
    { type: 'anima.keep_character', player: 'p1', character: 'Acróbata', gifts: ['Sol Negro', 'Dormir', 'Furia'] },
    { character: Name, gifts: Type.Optional(Type.Array(Name, { minItems: 3, maxItems: 3 })) },
  ),
  'anima.discard_gifts': cmd(
    'ANIMA-START-2a/3/4 (Start phase, in turn order): discard Gifts (`count`; by name in `gifts` with a Gift deck); the player with strictly the fewest Gifts takes them unless `take: false`.',
    { type: 'anima.discard_gifts', player: 'p1', count: 1 },
    { count: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })), gifts: Type.Optional(GiftNames), take: Type.Optional(Type.Boolean()) },
  ),
  'anima.dismiss_character': cmd(
    'ANIMA-START-2b/4/5: dismiss a Character; the player with strictly the fewest Characters recruits it unless `take: false`; an emptied Group is replaced (ANIMA-GROUP-5).',
    { type: 'anima.dismiss_character', player: 'p1', character: 'Novel' },
    { character: Name, take: Type.Optional(Type.Boolean()) },
  ),
  'anima.go': cmd(
    "ANIMA-MOVE-3 / ANIMA-PRIOR-1..5 (Move phase): go to an active Location (the current one: stay), facing its prior encounter. With Locations as a tree (ANIMA-OPT-TREE-2..5) a level change faces the top Encounter card; `gift` plays a Zeppelin Travel card to reach any level. `gifts`: Combat cards if a Creature is fought; `redirect`: another player's Dirección Equivocada sends the Group elsewhere (ANIMA-TIMING-2). Dice: only a Creature prior encounter rolls — the Group’s d10, then the Creature’s d10 (ANIMA-PRIOR-5); an Event or no card rolls none.",
    { type: 'anima.go', player: 'p1', location: 'Arkángel', gifts: [{ gift: 'Furia', character: 'Acróbata' }], dice: { values: [6, 2] } },
    { location: Name, gift: Type.Optional(Name), gifts: Type.Optional(CreatureGifts), redirect: Type.Optional(Redirect) },
  ),
  'anima.seek_new_horizons': cmd(
    'ANIMA-MOVE-4..10 / ANIMA-DECK-3: once per turn; the top Location (or `location` from the discard pile with `source: "discard"`) with a face-up prior encounter; over the maximum, `removal` lists the Locations to remove in order, `saves` who saves which with a Gift; `gifts`: Combat cards if the prior encounter is a Creature. Dice: only a Creature rolls — the Group’s d10, then the Creature’s d10.',
    { type: 'anima.seek_new_horizons', player: 'p2', source: 'deck', removal: ['Arkángel'] },
    {
      source: Type.Optional(Type.Union([Type.Literal('deck'), Type.Literal('discard')])),
      location: Type.Optional(Name),
      removal: Type.Optional(Type.Array(Name, { maxItems: 14 })),
      saves: Type.Optional(
        Type.Array(Type.Object({ location: Name, by: Name, gift: Type.Optional(Name) }), { maxItems: 14, description: 'With a Gift deck `gift` names the Gift sacrificed.' }),
      ),
      gifts: Type.Optional(CreatureGifts),
    },
  ),
  'anima.rest': cmd('ANIMA-MOVE-11/12: the Group gives up this turn (at no Location); +2 Combat and +2 Speed next turn.', { type: 'anima.rest', player: 'p3' }, {}),
  'anima.declare_combat': cmd(
    "ANIMA-INTERACT-2..5 / ANIMA-COMBAT-1..4 (Interaction phase): combat with a Group at the same Location (size rule, no rematch after a draw); the loser gives a random Gift and is expelled. `gifts` / `targetGifts`: each side's Combat cards (ANIMA-TIMING-3). Dice: attacker, defender, then the Gift drawn (1..hand size, with a Gift deck).",
    { type: 'anima.declare_combat', player: 'p1', target: 'p2', gifts: [{ gift: 'Furia', character: 'Acróbata' }], dice: { values: [7, 3, 1] } },
    { target: Name, gifts: Type.Optional(CombatGifts), targetGifts: Type.Optional(CombatGifts) },
  ),
  'anima.trade_with': cmd(
    'ANIMA-INTERACT-1: an agreed trade between two Groups at Trade Locations; `gives` / `receives` Gifts (counts; names with a Gift deck) and Characters (names).',
    { type: 'anima.trade_with', player: 'p1', with: 'p2', gives: { gifts: 1 }, receives: { characters: ['Novel'] } },
    { with: Name, gives: Type.Optional(TradeSide), receives: Type.Optional(TradeSide) },
  ),
  'anima.explore': cmd(
    "ANIMA-EXPLORE-1..7 (Exploration phase, Groups that arrived): one d10 on the Location's table, encounters from the deck; then `anima.claim_reward`. Decline with `anima.end_phase`. `gifts`: Combat cards for the first Creature met (kept in hand when none is). Dice: the d10 on the table, then per Creature met the Group’s d10 and the Creature’s d10, in draw order.",
    { type: 'anima.explore', player: 'p1', gifts: [{ gift: 'Escudo' }], dice: { values: [5, 3, 4] } },
    { gifts: Type.Optional(CreatureGifts) },
  ),
  'anima.claim_reward': cmd(
    'ANIMA-REWARD-1..6 / ANIMA-MISSION-1..5: one reward of the Location by index (Gift, Recruit, a Mission objective with its test — `gifts`: Combat cards for a combat test —, Special); a Resist mission starts there; the Final Mission wins the game. Dice: a Speed test rolls one d10; a combat test the Group’s d10, then the enemy’s d10; other rewards none.',
    { type: 'anima.claim_reward', player: 'p1', reward: 0 },
    { reward: Type.Integer({ minimum: 0, maximum: 9 }), gifts: Type.Optional(CombatGifts) },
  ),
  'anima.resist': cmd(
    'ANIMA-MISSION-5 (Exploration phase, instead of exploring): one round of the Resist mission under way; a combat against its enemy if the card names one (`gifts`: Combat cards). A loss expels the Group and the Mission restarts from zero; the last round completes it. Dice: with an enemy, the Group’s d10 then the enemy’s d10; without one, none.',
    { type: 'anima.resist', player: 'p1', dice: { values: [6, 2] } },
    { gifts: Type.Optional(CombatGifts) },
  ),
  'anima.leave_location': cmd(
    'ANIMA-START-2d / ANIMA-AMB-5 (Start phase): declare that the Group leaves its Location; a Resist mission under way is abandoned (the Group then declares its move).',
    { type: 'anima.leave_location', player: 'p1' },
    {},
  ),
  'anima.play_gift': cmd(
    'ANIMA-TIMING-1..4 (matches with a Gift deck): play a Gift from hand — in its printed phase and turn (normal), or at any time (interrupt); an Ability card taps `character` (with its skill icon). Organisations join the Group (one at a time, ANIMA-HAND-2); `combat` / `speed` last the turn, or while a persistent card is in play; `target` is the Character an incapacitating card puts face down (ANIMA-INCAP-1).',
    { type: 'anima.play_gift', player: 'p1', gift: 'Dormir', character: 'Brujo', target: { player: 'p2', character: 'Ladrona' } },
    { gift: Name, character: Type.Optional(Name), target: Type.Optional(Type.Object({ player: Name, character: Name })) },
  ),
  'anima.leave_organisation': cmd(
    'ANIMA-HAND-2 / ANIMA-START-2a (Start phase): discard the Organisation the Group belongs to.',
    { type: 'anima.leave_organisation', player: 'p1' },
    {},
  ),
  'anima.choose_casualty': cmd(
    'ANIMA-COMBAT-4: after a defeat by 5 or more, the loser names the Character who dies.',
    { type: 'anima.choose_casualty', player: 'p2', character: 'Técnico' },
    { character: Name },
  ),
  'anima.end_phase': cmd(
    "ANIMA-TURN-1: the player is done in this phase (Start, Interaction — refused while an enemy Organisation's Group must be fought, ANIMA-INTERACT-4 —; in Exploration: declines to explore, ANIMA-EXPLORE-2, refused while a Resist round is due). " +
      'Dice order: when the last player ends the Exploration phase the next turn order is set (ANIMA-ORDER-1/2): for each Speed shared by several Groups, from the highest Speed down, unless a stored ranking still holds, one d10 per tied player in the order of the turn that ends, then one more d10 per player of each sub-tie (higher rolls first).',
    { type: 'anima.end_phase', player: 'p1' },
    {},
  ),
};

type State = anima.AnimaTable & { [member: string]: unknown };

/** The Ánima match: the resolution log's commands plus the full match's, over one state. */
export function animaMatch(): GameMatch {
  const log = resolutionLogMatch(anima.animaProjection, animaOperations);
  const commands: Record<string, MatchCommand<State>> = {};
  for (const [type, def] of Object.entries(ANIMA_COMMAND_SCHEMAS)) {
    commands[type] = { ...def, decide: (command, state, dice) => anima.decideTable(command as never, state, dice) };
  }
  return {
    game: 'anima',
    initialState: (setup) => ({ ...(log.initialState(setup) as object), ...anima.initialTable(setup.players, setup.options) }),
    decide: (command, state, dice) => {
      const entry = own(commands, command.type);
      return entry ? entry.decide(command, state as State, dice) : log.decide(command, state, dice);
    },
    evolve: (state, event) => (anima.ANIMA_EVENT_TYPES.has(event.type) ? anima.evolveTable(state as State, event) : log.evolve(state, event)),
    commands: { ...log.commands, ...Object.fromEntries(Object.entries(commands).map(([t, c]) => [t, { schema: c.schema, description: c.description, example: c.example }])) },
    validateOptions: checkAnimaOptions,
  };
}

/** The events its resolution log records: one `<operation id>.resolved` per operation of the game. */
export const ANIMA_RESOLVED_EVENTS = resolutionEvents(animaOperations);
