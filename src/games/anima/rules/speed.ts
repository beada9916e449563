/** Ánima speed test (ANIMA-SPEED-1). */
import type { Dice } from '../../../kernel/dice/index.js';
import { d10 } from './combat.js';
import { type Group, groupSpeed } from './group.js';

export interface SpeedTest {
  speed: number;
  roll: number;
  total: number;
  difficulty: number;
  success: boolean;
}

/** ANIMA-SPEED-1: success iff Group Speed + one d10 ≥ the Mission's difficulty (equal succeeds). */
export function speedTest(group: Group, difficulty: number, dice: Dice): SpeedTest {
  const speed = groupSpeed(group);
  const roll = d10(dice, 'speed test');
  const total = speed + roll;
  return { speed, roll, total, difficulty, success: total >= difficulty };
}
