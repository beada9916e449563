// Types of scripts/event-schemas.mjs for the TypeScript files that import it (tests).
/** One game's schemas: its named shapes, and the schema of each event type's data (referring to them by `#/$defs/<name>`). */
export interface GameEventSchemas {
  $defs: Record<string, object>;
  events: Record<string, object>;
}
export declare const GAMES: { game: string; constant: string; file: string; union: string }[];
export declare function outputPath(game: string): string;
export declare function generate(): Record<string, GameEventSchemas>;
export declare function moduleText(game: string, schemas: GameEventSchemas): Promise<string>;
