/** Example request bodies for the EDEN rolls and attacks operations (docs + no-5xx property test). */
const limbs = {
  head: { white: 2, red: 2, faces: [1], normal: 4, wounded: 3 },
  arms: { white: 2, red: 1, faces: [2, 3], normal: 4, wounded: 3 },
  torso: { white: 3, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
  legs: { white: 2, red: 1, faces: [6], normal: 5, wounded: 4 },
};

/** The CONTRACT §2 fighter. */
export const yuriExample = {
  id: 'yuri-1',
  name: 'Yûri',
  faction: 'jokers',
  stigma: 'chaos',
  types: ['human'],
  value: 25,
  limbs,
  equipment: [
    { name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: 1 } },
    { name: 'Pistol', categories: ['shooting'], bonus: { CBT: 0 }, range: 30, potency: 3 },
    { name: 'Grenade', categories: ['thrown'], range: 20, explosive: 3, fear: 1, perGame: 1 },
    { name: 'Flamer', categories: ['spray'], fire: 1 },
  ],
  wounds: { head: 0, arms: 0, torso: 0, legs: 0 },
  markers: { fire: 0, fear: 0, rage: 0, slow: 0, poison: 0 },
  ap: 3,
};

const foe = (id: string, name: string) => ({ id, name, faction: 'kingdom', types: ['human'], value: 20, limbs });

export const rollsExamples = [
  { summary: 'EDEN-EX-1: PSI 4 at difficulty 5', value: { kind: 'characteristic', value: 4, difficulty: 5, dice: { values: [1, 4, 5, 6] } } },
  { summary: 'EDEN-EX-3: opposed CBT 6 vs 4', value: { kind: 'opposed', a: { value: 6 }, b: { value: 4 }, dice: { values: [1, 4] } } },
  { summary: 'Location on Yûri, aiming at the head with 3 successes', value: { kind: 'location', fighter: yuriExample, successes: 3, aim: 'head', dice: { seed: 'docs' } } },
];

export const meleeExamples = [
  { summary: 'Passive target, fixed dice', value: { attacker: yuriExample, target: foe('vladd', 'Vladd'), reaction: 'passive', dice: { values: [4, 5, 1, 2, 4] } } },
  { summary: 'Response, seeded dice', value: { attacker: yuriExample, target: foe('vladd', 'Vladd'), reaction: 'response', aim: 'torso', dice: { seed: 'docs' } } },
];

export const rangedExamples = [
  {
    summary: 'Pistol shot at the nearest of two adversaries',
    value: {
      shooter: yuriExample,
      weapon: 'Pistol',
      candidates: [
        { id: 'vladd', fighter: foe('vladd', 'Vladd'), distance: 12, lineOfSight: true, obstacles: 1 },
        { id: 'ngobo', fighter: foe('ngobo', 'Ngobo'), distance: 18, lineOfSight: true },
      ],
      dice: { seed: 'docs' },
    },
  },
];

export const thrownExamples = [
  {
    summary: 'Grenade at a point 15 cm away covering two fighters',
    value: {
      attacker: yuriExample,
      weapon: 'Grenade',
      point: { distance: 15, lineOfSight: true },
      affected: [
        { id: 'vladd', fighter: foe('vladd', 'Vladd') },
        { id: 'ngobo', fighter: foe('ngobo', 'Ngobo') },
      ],
      dice: { seed: 'docs' },
    },
  },
];

export const sprayExamples = [
  { summary: 'Flamer covering one adversary', value: { attacker: yuriExample, weapon: 'Flamer', covered: [{ id: 'vladd', fighter: foe('vladd', 'Vladd') }] } },
];
