/** Ánima: La Sombra de Omega operations (issue 4). */
import type { Operation } from '../../../kernel/operation.js';
import { animaExplorationOperation } from './exploration.operation.js';
import { animaCombatOperation } from './combat.operation.js';
import { animaSpeedOperation } from './speed.operation.js';
import { animaTurnOrderOperation } from './turn-order.operation.js';
import { animaRewardsOperation } from './rewards.operation.js';
import { animaPriorEncounterOperation } from './prior-encounter.operation.js';
import { animaMoveOperation, animaSeekOperation } from './moves.operation.js';
import { animaMissionsOperation } from './missions.operation.js';
import { animaInteractionOperation, animaPickupOperation, animaTradeOperation } from './interaction.operation.js';

export const animaOperations: Operation<any>[] = [
  animaExplorationOperation,
  animaCombatOperation,
  animaPriorEncounterOperation,
  animaSpeedOperation,
  animaTurnOrderOperation,
  animaRewardsOperation,
  animaMoveOperation,
  animaSeekOperation,
  animaInteractionOperation,
  animaTradeOperation,
  animaPickupOperation,
  animaMissionsOperation,
];
