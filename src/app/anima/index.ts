/** Ánima: La Sombra de Omega operations (issue 4). */
import type { Operation } from '../operation.js';
import { explorationOperation } from './exploration.js';
import { combatOperation } from './combat.js';
import { speedOperation } from './speed.js';
import { turnOrderOperation } from './turn-order.js';
import { rewardsOperation } from './rewards.js';
import { priorEncounterOperation } from './prior.js';
import { moveOperation, seekOperation } from './moves.js';
import { missionsOperation } from './missions.js';
import { interactionOperation, pickupOperation, tradeOperation } from './interaction.js';

export const animaOperations: Operation<any>[] = [
  explorationOperation,
  combatOperation,
  priorEncounterOperation,
  speedOperation,
  turnOrderOperation,
  rewardsOperation,
  moveOperation,
  seekOperation,
  interactionOperation,
  tradeOperation,
  pickupOperation,
  missionsOperation,
];
