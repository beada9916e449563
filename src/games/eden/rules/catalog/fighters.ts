/**
 * The example fighters the rulebooks describe (§20). Only Yuri has a printed Value; the others are
 * named in worked examples with a few characteristics and cannot be recruited by reference
 * (roster code `incomplete_profile`).
 */
import type { LimbProfile } from '../fighter.js';
import type { EditionId, PrintedNames, Tagged } from './types.js';

export interface CatalogFighter extends Tagged {
  /** Use as a roster entry: `{"ref": "<id>"}`. */
  id: string;
  names: PrintedNames;
  /** True when faction, stigma, Value and all four limbs are known, so it can be recruited by ref. */
  complete: boolean;
  faction: string | null;
  stigma: string | null;
  types: string[];
  /** EDEN-CARD-PROFILE-9: Value per printing (null: not printed). */
  value: Partial<Record<EditionId, number>> | null;
  /** Limb profiles as known (partial when the text gives only some values). */
  limbs: Partial<Record<'head' | 'arms' | 'torso' | 'legs', Partial<LimbProfile>>>;
  equipment: string[];
  /** Where each fact comes from. */
  sources: string[];
}

export const EXAMPLE_FIGHTERS: readonly CatalogFighter[] = [
  {
    id: 'yuri',
    names: { en: 'Yuri', es: 'Yûri', de: 'Yuri' },
    complete: true,
    faction: 'jokers',
    stigma: 'chaos',
    types: ['human'],
    // EDEN-CARD-PROFILE-9 EDITION NOTE: ES «El valor de Yûri es 25.» / DE «Punktewert von 20»
    value: { es: 25, de: 20 },
    limbs: {
      head: { white: 2, red: 2, faces: [1], normal: 4, wounded: 3 },
      arms: { white: 2, red: 1, faces: [2, 3], normal: 4, wounded: 3 },
      torso: { white: 3, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
      legs: { white: 2, red: 1, faces: [6], normal: 5, wounded: 4 },
    },
    equipment: ['molotov', 'throwing-knives'],
    editions: ['es', 'de'],
    sources: [
      'Both books (EDEN-CARD-PROFILE-1..10): Jokers, Human, Chaos, head 2 white + 2 red with face 1, PSI 4 (3 wounded), CBT 4, VIG 4, RAP 5, Molotov and Throwing knives; Value ES 25 / DE 20.',
      'Not printed in the books: boxes, faces and red values of arms, torso and legs are those of the CONTRACT §2 example fighter.',
    ],
  },
  {
    id: 'vladd',
    names: { en: 'Vladd', es: 'Vladd', de: 'Vlädd' },
    complete: false,
    faction: 'jokers',
    stigma: null,
    types: [],
    value: null,
    limbs: { head: { normal: 3 }, arms: { normal: 6 } },
    equipment: [],
    editions: ['es', 'de'],
    sources: ['EDEN-EX-3: «Vladd de la Banda de los Jokers», CBT 6', 'EDEN-EX-5: PSI 3'],
  },
  {
    id: 'abama',
    names: { en: 'Abama Gran-Ventre', es: 'Abama Gran-Ventre', de: 'Abama Fettsack' },
    complete: false,
    faction: null,
    stigma: null,
    types: [],
    value: null,
    limbs: { arms: { normal: 4 } },
    equipment: [],
    editions: ['es', 'de'],
    sources: ['EDEN-EX-2: CBT 4'],
  },
  {
    id: 'ngobo',
    names: { en: 'Ngobo Brazo-Rápido', es: 'Ngobo Brazo-Rápido', de: 'Ngobo Flitzehand' },
    complete: false,
    faction: null,
    stigma: null,
    types: [],
    value: null,
    limbs: { arms: { wounded: 4 } },
    equipment: [],
    editions: ['es', 'de'],
    sources: ['EDEN-EX-3: CBT 4 with Wounded arms (red value)'],
  },
  {
    id: 'elenia',
    names: { en: 'Elenia', es: 'Elenia', de: 'Elenia' },
    complete: false,
    faction: null,
    stigma: null,
    types: [],
    value: null,
    limbs: { torso: { faces: [5] }, legs: { faces: [6] } },
    equipment: [],
    editions: ['es', 'de'],
    sources: ['EDEN-EX-4: location face 5 is the Torso, 6 the Legs'],
  },
];

export function catalogFighterById(id: string): CatalogFighter | undefined {
  return EXAMPLE_FIGHTERS.find((f) => f.id === id);
}
