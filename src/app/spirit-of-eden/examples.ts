/** Documented request examples for The Spirit of Eden operations (SOE-EX-*). */
const ring = ['mountain1', 'waterfall1', 'swamp1', 'forest1', 'mountain2', 'waterfall2', 'swamp2', 'forest2'];
const cards = Object.fromEntries(ring.map((id) => [id, { terrain: id.replace(/\d$/, ''), state: 'healthy' }]));

export const goomzPhaseExamples = [
  {
    summary: 'Yellow ambushed by Fauna on a Swamp (F), Red meets Water (D), Black alone (A)',
    value: {
      ring,
      cards,
      goomz: [
        { color: 'yellow', at: 'swamp1', ambushedBy: 'fauna' },
        { color: 'red', at: 'mountain2' },
        { color: 'black', at: 'swamp2' },
      ],
      allies: [
        { kind: 'water', at: 'mountain2' },
        { kind: 'fauna', at: 'swamp1' },
        { kind: 'flora', at: 'waterfall1', protecting: true },
      ],
      order: ['yellow', 'red', 'black'],
      objectives: [
        { color: 'yellow', pile: [{ ally: 'fauna', terrain: 'swamp' }, { ally: 'water', terrain: 'mountain' }] },
        { color: 'red', pile: [{ ally: 'water', terrain: 'mountain' }, {}, {}] },
        { color: 'black', pile: [{ ally: 'flora', terrain: 'waterfall' }, {}, {}] },
      ],
      turn: 3,
    },
  },
  {
    summary: 'SOE-EX-4 (A, A): two Goomz alone on a healthy card — devastated, then destroyed',
    value: { ring, cards, goomz: [{ color: 'yellow', at: 'forest1' }, { color: 'red', at: 'forest1' }], allies: [], order: ['red', 'yellow'] },
  },
];

export const playerPhaseExamples = [
  {
    summary: 'SOE-EX-13: roll 1,1,6,3; set aside a 1 and the 3 to re-roll the other 1 twice; place two dice',
    value: {
      roll: [1, 1, 6, 3],
      steps: [
        { type: 'reroll', discard: 0, die: 1, value: 4 },
        { type: 'reroll', discard: 3, die: 1, value: 5 },
        { type: 'place', die: 1, card: 0 },
        { type: 'place', die: 2, card: 2 },
      ],
    },
  },
];

export const statusExamples = [
  {
    summary: 'SOE-END-2: both Mountains destroyed → lost',
    value: { ring, cards: { ...cards, mountain1: { terrain: 'mountain', state: 'destroyed' }, mountain2: { terrain: 'mountain', state: 'destroyed' } }, goomz: [{ color: 'red', at: 'swamp1' }] },
  },
];

export const turnStartExamples = [
  {
    summary: 'SOE-EX-10: Flora, sent to Noa in turn 5, returns at the start of turn 7 onto a Forest',
    value: { ring, cards, allies: [{ kind: 'flora', at: 'noa', availableFromTurn: 7 }], turn: 7, placements: { flora: 'forest2' } },
  },
];
