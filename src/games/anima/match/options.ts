/**
 * The options of an Ánima: La Sombra de Omega match. The full match (setup, turns of four phases,
 * Groups, Locations, exploration, combats, trade, pick-ups, missions, the winner) runs on the card
 * lists the rulebook does not print, given in the match `options` (ANIMA_OPTIONS, validated at
 * creation: 400 with `/options/...` paths).
 */
import { Type, type TObject } from '@sinclair/typebox';
import { InvalidInput, underPath } from '../../../kernel/errors.js';
import { CharacterSchema } from '../operations/schemas.js';
import { animaExplorationOperation } from '../operations/exploration.operation.js';
import { EncounterCardSchema } from '../operations/exploration.operation.js';
import { animaRewardsOperation } from '../operations/rewards.operation.js';
import { validate } from '../../../kernel/validate.js';
import type { MatchSetup } from '../../../kernel/decider.js';
import { Name } from './members.js';
import { CARD_LISTS, checkCards } from './state.js';

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
const ANIMA_OPTIONS = Type.Object({
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
  const given = CARD_LISTS.filter((k) => setup.options[k] !== undefined);
  if (given.length > 0 && given.length < CARD_LISTS.length) {
    const missing = CARD_LISTS.filter((k) => setup.options[k] === undefined);
    throw new InvalidInput(missing.map((k) => ({ path: `/options/${k}`, code: 'required', message: `A full Ánima match needs every card list; ${k} is missing.` })));
  }
  checkCards(setup.options, setup.players.length);
}
