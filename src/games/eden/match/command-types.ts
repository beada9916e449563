/**
 * The commands of an EDEN match, one member per command type. Each one is declared once, by its
 * TypeBox schema in src/games/eden/commands/schemas.ts; the types here are derived from those
 * schemas (`Static`) and imported as types only, so the decider stays pure. Fighters are named by
 * id (or `{id}`): the match state supplies their profile, wounds, markers and AP.
 */
export type { CommandOf, EdenCommand, EdenCommandType, FighterRef, PlayerRef, StrikeOptions } from '../commands/schemas.js';

/** A command as a transport hands it over (schema-validated, not yet narrowed to its member). */
export type ReceivedCommand = { type: string; [member: string]: unknown };
