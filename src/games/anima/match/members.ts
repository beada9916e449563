/**
 * The members the Ánima full-match commands share (each command's own schema is declared with its
 * handler, in its family's file: turn.ts, play.ts, resist.ts, gifts.ts, phase.ts): the shape of a
 * command `{type, player, ...members, dice?}` and the card, Gift and trade members several commands
 * take. The TypeScript types of those members are derived from these schemas (`Static`).
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { commandSchema as playerCommand } from '../../../kernel/commands.js';

/** A card or player name (also the card lists' names in the match options, options.ts). */
export const Name = Type.String({ minLength: 1, maxLength: 200 });
const Player = Type.String({ minLength: 1, maxLength: 200, description: 'The acting match player id.' });

/** A full-match command's schema: `{type, player, ...members, dice?}`. */
export const commandSchema = <T extends string, P extends TProperties>(type: T, members: P) => playerCommand(type, { player: Player, ...members });

const Gifts = Type.Integer({ minimum: 0, maximum: 5 });
export const GiftNames = Type.Array(Name, { minItems: 1, maxItems: 5, description: 'Gifts by name (matches with a Gift deck).' });
export const TradeSide = Type.Object({ gifts: Type.Optional(Type.Union([Gifts, GiftNames])), characters: Type.Optional(Type.Array(Name, { maxItems: 4 })) });
const GiftPlay = Type.Object({ gift: Name, character: Type.Optional(Name) });
export const CombatGifts = Type.Array(GiftPlay, {
  maxItems: 5,
  description: 'Combat cards played as the combat starts, before any roll (ANIMA-TIMING-3); an Ability card names the Character tapped.',
});
export const CreatureGifts = Type.Array(GiftPlay, {
  maxItems: 5,
  description:
    'Combat cards committed for the first Creature combat this command meets (ANIMA-TIMING-3): checked (in hand, Combat timing, powering Character) before any card is revealed, spent only if such a combat happens, kept in hand otherwise.',
});
export const Redirect = Type.Object(
  { by: Name, gift: Name, location: Name, character: Type.Optional(Name) },
  {
    description: 'ANIMA-TIMING-2: player `by` plays the Interrupt `gift` (a `redirect` card, e.g. Dirección Equivocada) on this declaration; the Group goes to `location` instead.',
  },
);

/** One Gift played: its name and, for an Ability card, the Character tapped to power it. */
export type GiftPlay = Static<typeof GiftPlay>;
/** The Interrupt «Dirección Equivocada» (ANIMA-TIMING-2) played on an `anima.go`: who plays it, and where the Group is sent. */
export type Redirect = Static<typeof Redirect>;
/** What one side of a trade hands over: Gifts (a count, or names with a Gift deck) and Characters (names). */
export type TradeSide = Static<typeof TradeSide>;
