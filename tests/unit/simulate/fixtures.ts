/** Fighters for simulation and odds tests (the CONTRACT §2 example profile and variants). */
export const yuri = {
  id: 'yuri-1',
  name: 'Yûri',
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
  ],
};

export const brute = { ...yuri, id: 'brute', name: 'Brute', equipment: [] as typeof yuri.equipment };

export function meleeRequest(reaction: 'passive' | 'dodge' | 'response' = 'passive', extra: Record<string, unknown> = {}) {
  return { attacker: yuri, target: brute, reaction, ...extra };
}

export function rangedRequest(extra: Record<string, unknown> = {}) {
  return { shooter: yuri, weapon: 'Pistol', candidates: [{ id: 'brute', fighter: brute, distance: 10, lineOfSight: true }], ...extra };
}
