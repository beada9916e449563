/** Documented request examples for The Spirit of Eden operations (SOE-EX-*). */
const ring = ['mountain1', 'waterfall1', 'swamp1', 'forest1', 'mountain2', 'waterfall2', 'swamp2', 'forest2'];
const cards = Object.fromEntries(ring.map((id) => [id, { terrain: id.replace(/\d$/, ''), state: 'healthy' }]));

const setupGoomz = [
  { color: 'yellow', at: 'mountain1' },
  { color: 'red', at: 'waterfall2' },
  { color: 'black', at: 'swamp2' },
];
const setupAllies = [
  { kind: 'flora', at: 'swamp1' },
  { kind: 'water', at: 'forest1' },
  { kind: 'fauna', at: 'mountain2' },
];

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
        {
          color: 'yellow',
          pile: [
            { ally: 'fauna', terrain: 'swamp' },
            { ally: 'water', terrain: 'mountain' },
          ],
        },
        { color: 'red', pile: [{ ally: 'water', terrain: 'mountain' }, {}, {}] },
        { color: 'black', pile: [{ ally: 'flora', terrain: 'waterfall' }, {}, {}] },
      ],
      turn: 3,
    },
  },
  {
    summary: 'SOE-EX-4 (A, A): two Goomz alone on a healthy card — devastated, then destroyed',
    value: {
      ring,
      cards,
      goomz: [
        { color: 'yellow', at: 'forest1' },
        { color: 'red', at: 'forest1' },
      ],
      allies: [],
      order: ['red', 'yellow'],
    },
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
  {
    summary: 'SOE-PLACE-2/3: with illustrative card data (not the printed cards) a 5 on card 0 is Move ×2; Fauna moves two steps, then Protects with a 1 on card 1',
    value: {
      roll: [5, 1, 3, 6],
      steps: [
        { type: 'place', die: 0, card: 0, action: { type: 'move', ally: 'fauna', to: 'swamp2', steps: 2 } },
        { type: 'place', die: 1, card: 1, action: { type: 'protect', ally: 'fauna' } },
      ],
      board: { ring, cards, goomz: setupGoomz, allies: setupAllies },
      actionCards: [
        ['move1', 'move1', 'attract', 'push1', 'move2', 'move3'],
        ['protect', 'recover', 'ambush', 'shortcut', 'push2', 'swapGoomz'],
        ['attract', 'push1', 'recover', 'protect', 'swapAllies', 'ambush'],
        ['shortcut', 'move2', 'swapGoomz', 'swapAllies', 'recover', 'move1'],
      ],
    },
  },
];

export const statusExamples = [
  {
    summary: 'SOE-END-2: both Mountains destroyed → lost',
    value: {
      ring,
      cards: { ...cards, mountain1: { terrain: 'mountain', state: 'destroyed' }, mountain2: { terrain: 'mountain', state: 'destroyed' } },
      goomz: [{ color: 'red', at: 'swamp1' }],
    },
  },
];

export const turnStartExamples = [
  {
    summary: 'SOE-EX-10: Flora, sent to Noa in turn 5, returns at the start of turn 7 onto a Forest',
    value: { ring, cards, allies: [{ kind: 'flora', at: 'noa', availableFromTurn: 7 }], turn: 7, placements: { flora: 'forest2' } },
  },
];

export const actionExamples = [
  {
    summary: 'SOE-ACT-MOVE-1: Fauna moves 2 steps clockwise (Move ×2)',
    value: { ring, cards, goomz: setupGoomz, allies: setupAllies, action: { type: 'move', ally: 'fauna', to: 'swamp2', steps: 2 } },
  },
  {
    summary: 'SOE-EX-3: swap the Yellow and Red Goomz',
    value: { ring, cards, goomz: setupGoomz, allies: setupAllies, action: { type: 'swapGoomz', pair: ['yellow', 'red'] } },
  },
];

export const setupExamples = [
  {
    summary: 'SOE-SETUP-2/3, SOE-MODE-4: a Resurrection start with both Swamps devastated',
    value: {
      ring,
      cards: { ...cards, swamp1: { terrain: 'swamp', state: 'devastated' }, swamp2: { terrain: 'swamp', state: 'devastated' } },
      goomz: [
        { color: 'yellow', at: 'mountain1' },
        { color: 'red', at: 'forest2' },
        { color: 'black', at: 'swamp2' },
      ],
      allies: setupAllies,
      modes: ['resurrection'],
    },
  },
];
