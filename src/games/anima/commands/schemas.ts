/**
 * The Ánima full-match commands (src/games/anima/match: setup, turns of four phases, Groups,
 * Locations, exploration, combats, trade, pick-ups, missions): per command type its TypeBox schema,
 * description and example body, the one declaration of each command's input. The command types the
 * match decider takes are derived from these schemas (`Static`), imported there as types only.
 */
import type { CommandOfType, CommandUnion } from '../../../kernel/commands.js';
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { DiceSpecSchema } from '../../../kernel/schemas/common.js';

/** A card or player name (also the card lists' names in the match options, index.ts). */
export const Name = Type.String({ minLength: 1, maxLength: 200 });
const Player = Type.String({ minLength: 1, maxLength: 200, description: 'The acting match player id.' });

/** A command's documentation and schema: `{type, player, ...props, dice?}`; the example names the type. */
const cmd = <T extends string, P extends TProperties>(description: string, example: { type: T } & Record<string, unknown>, props: P) => ({
  description: `${description} Example: \`${JSON.stringify(example)}\`.`,
  example: Object.fromEntries(Object.entries(example).filter(([k]) => k !== 'type')),
  schema: Type.Object({ type: Type.Literal(example.type), player: Player, ...props, dice: Type.Optional(DiceSpecSchema) }),
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

/** The full-match commands, in the order of play. */
export const ANIMA_COMMAND_SCHEMAS = {
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

// The command types, derived from the schemas above (one declaration per input).
type Schemas = typeof ANIMA_COMMAND_SCHEMAS;
export type AnimaCommandType = keyof Schemas;
/** The command of type `T`, as its schema validates it. */
export type AnimaCommandOf<T extends AnimaCommandType> = CommandOfType<Schemas, T>;
/** The full-match commands of Ánima, one member per command type. */
export type AnimaCommand = CommandUnion<Schemas>;
/** One Gift played: its name and, for an Ability card, the Character tapped to power it. */
export type GiftPlay = Static<typeof GiftPlay>;
/** The Interrupt «Dirección Equivocada» (ANIMA-TIMING-2) played on an `anima.go`: who plays it, and where the Group is sent. */
export type Redirect = Static<typeof Redirect>;
/** What one side of a trade hands over: Gifts (a count, or names with a Gift deck) and Characters (names). */
export type TradeSide = Static<typeof TradeSide>;
