/** Every event of an EDEN match: the events of each family, declared beside their folds (evolve/<family>.ts). */
import type { PreparationEvent } from './preparation.js';
import type { TurnEvent } from './turn.js';
import type { AttackEvent } from './attacks.js';
import type { UpkeepEvent } from './upkeep.js';
import type { WeatherEvent } from './weather.js';
import type { TerritoryEvent } from './territory.js';
import type { InfestationEvent } from './infestation.js';

export type EdenEvent = PreparationEvent | TurnEvent | AttackEvent | UpkeepEvent | WeatherEvent | TerritoryEvent | InfestationEvent;
