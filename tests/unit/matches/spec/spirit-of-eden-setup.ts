/** The Spirit of Eden match fixtures: a legal dealt layout (SOE-SETUP-1..5) and Action-card data for the specs and the API game. */

/** Ring TL, TM, TR, MR, BR, BM, BL, ML (SOE-GRID-2): Goomz on TL/ML/BL, Allies on TR/MR/BR. */
export const RING = ['w1', 'f1', 's1', 'm1', 'w2', 'f2', 's2', 'm2'];
const terrain = { w: 'waterfall', f: 'forest', s: 'swamp', m: 'mountain' } as const;

export function layout(objectives?: { color: string; pile: Record<string, unknown>[] }[]) {
  return {
    ring: RING,
    cards: Object.fromEntries(RING.map((id) => [id, { terrain: terrain[id[0] as keyof typeof terrain], state: 'healthy' }])),
    goomz: [
      { color: 'yellow', at: 'w1' },
      { color: 'red', at: 'm2' },
      { color: 'black', at: 's2' },
    ],
    allies: [
      { kind: 'water', at: 's1' },
      { kind: 'fauna', at: 'm1' },
      { kind: 'flora', at: 'w2' },
    ],
    objectives: objectives ?? [
      // SOE-EX-1: (A) Yellow with Fauna on Swamp, (B) Red with Water on Mountain, (C) Black with Flora on Waterfall
      {
        color: 'yellow',
        pile: [
          { ally: 'fauna', terrain: 'swamp' },
          { ally: 'water', terrain: 'waterfall', dieBonus: true },
          { ally: 'flora', terrain: 'mountain' },
        ],
      },
      {
        color: 'red',
        pile: [
          { ally: 'water', terrain: 'mountain' },
          { ally: 'flora', terrain: 'swamp' },
          { ally: 'fauna', terrain: 'waterfall' },
        ],
      },
      {
        color: 'black',
        pile: [
          { ally: 'flora', terrain: 'waterfall' },
          { ally: 'fauna', terrain: 'mountain' },
          { ally: 'water', terrain: 'swamp' },
        ],
      },
    ],
  };
}

/** Card data (SOE-AMB-12; the rulebook prints no faces): test cards whose faces 1..6 are listed here. */
export const ACTION_CARDS = [
  ['move1', 'move2', 'move3', 'move1', 'move2', 'move3'],
  ['ambush', 'ambush', 'attract', 'attract', 'protect', 'protect'],
  ['push1', 'push2', 'recover', 'shortcut', 'swapGoomz', 'swapAllies'],
  ['move3', 'move3', 'ambush', 'ambush', 'recover', 'protect'],
];

export const SOLO = { players: [{ id: 'p1', name: 'Noa' }], options: { actionCards: ACTION_CARDS } };
export const setUp = { type: 'soe.set_up', board: layout() };
export const rollOf = (values: number[], extra: Record<string, unknown> = {}) => ({ type: 'soe.roll', ...extra, dice: { values } });
