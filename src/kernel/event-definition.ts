/** How a stored event type is read (CONTRACT §8.2): its current schema version, its schema where one is declared, and its upcasters. */
import type { TSchema } from '@sinclair/typebox';

export interface EventDefinition {
  type: string;
  /** Current schema version. */
  schemaVersion: number;
  /** The data's schema at the current version, where its shape is declared as one (else the game's TypeScript type is the shape). */
  schema?: TSchema;
  /** upcasters[v] turns data of version v into data of version v + 1. */
  upcasters: Record<number, (data: any) => unknown>;
  description: string;
}
