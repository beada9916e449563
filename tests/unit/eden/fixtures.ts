/** Fighters for EDEN attack tests (CONTRACT §2 example profile and variations). */
import { normalizeFighter, type Equipment, type Fighter, type FighterInput } from '../../../src/games/eden/rules/fighter.js';
import { FixedDice } from '../../../src/kernel/dice/index.js';

/** The CONTRACT §2 profile: Yûri of the Jokers. */
export const YURI_BODY = {
  id: 'yuri-1',
  name: 'Yûri',
  faction: 'jokers',
  stigma: 'chaos',
  types: ['human'],
  value: 25,
  limbs: {
    head: { white: 2, red: 2, faces: [1], normal: 4, wounded: 3 },
    arms: { white: 2, red: 1, faces: [2, 3], normal: 4, wounded: 3 },
    torso: { white: 3, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
    legs: { white: 2, red: 1, faces: [6], normal: 5, wounded: 4 },
  },
  equipment: [
    { name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: 1 } },
    { name: 'Pistol', categories: ['shooting'], bonus: { CBT: 0 }, range: 30, potency: 3 },
    { name: 'Grenade', categories: ['thrown'], range: 20, explosive: 3, fear: 1, perGame: 1 },
  ],
} as const;

export function yuri(overrides: Partial<FighterInput> = {}): Fighter {
  return normalizeFighter({ ...(JSON.parse(JSON.stringify(YURI_BODY)) as FighterInput), ...overrides });
}

/** A plain fighter: every characteristic `v` (VIG/RAP etc.), 2 white + 1 red boxes everywhere. */
export function grunt(id: string, v: { PSI?: number; CBT?: number; VIG?: number; RAP?: number } = {}, overrides: Partial<FighterInput> = {}): Fighter {
  const limb = (faces: number[], value: number) => ({ white: 2, red: 1, faces, normal: value, wounded: value - 1 });
  return normalizeFighter({
    id,
    name: id,
    types: ['human'],
    value: 10,
    limbs: {
      head: limb([1], v.PSI ?? 3),
      arms: limb([2, 3], v.CBT ?? 4),
      torso: limb([4, 5], v.VIG ?? 4),
      legs: limb([6], v.RAP ?? 4),
    },
    equipment: [],
    ...overrides,
  });
}

export const dice = (...values: number[]) => new FixedDice(values);

export const item = (e: Partial<Equipment> & { name: string }): Equipment => ({ categories: [], ...e });
