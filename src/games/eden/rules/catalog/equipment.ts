/**
 * Equipment keywords (EDEN-EQUIP-1..4, EDEN-EFFECT-*) as each printing spells them, and the few
 * items whose profile the rulebooks print.
 */
import type { Equipment } from '../fighter.js';
import type { PrintedNames, Tagged } from './types.js';

export interface KeywordEntry extends Tagged {
  /** The CONTRACT §2 spelling (category or effect field). */
  id: string;
  names: PrintedNames;
  rule: string;
  text: string;
}

/** EDEN-EQUIP-2: categories (ES Tiro/Lanz/Chorro/Pr/Tecno, DE Schuss/Wurf/Fläche/RS/Tech). */
export const EQUIPMENT_CATEGORIES: readonly KeywordEntry[] = [
  {
    id: 'shooting',
    names: { en: 'Shooting', es: 'Tiro', de: 'Schuss' },
    editions: ['es', 'de'],
    rule: 'EDEN-RANGED-2',
    text: 'Ranged attack with the Shooting procedure (nearest target, CBT roll vs RAP, Potency roll vs VIG).',
  },
  { id: 'thrown', names: { en: 'Throwing', es: 'Lanz', de: 'Wurf' }, editions: ['es', 'de'], rule: 'EDEN-THROW-1', text: 'Ranged attack on a point; automatic success.' },
  {
    id: 'spray',
    names: { en: 'Spray', es: 'Chorro', de: 'Fläche' },
    editions: ['es', 'de'],
    rule: 'EDEN-SPRAY-1',
    text: 'Spray template from the attacker towards the nearest adversary; one wound on every limb, protection ignored.',
  },
  {
    id: 'protection',
    names: { en: 'Protection', es: 'Pr', de: 'RS' },
    editions: ['es', 'de'],
    rule: 'EDEN-EQUIP-3',
    text: '`Limb +N` or `Complete +N` (DE «Alle»): N is subtracted from the total wounds of each hit on a covered limb.',
  },
  {
    id: 'tech',
    names: { en: 'Tech', es: 'Tecno', de: 'Tech' },
    editions: ['es', 'de'],
    rule: 'EDEN-EQUIP-2',
    text: 'No bonus or effect of its own; some abilities and cards refer to it.',
  },
];

/** EDEN-EQUIP-4 and EDEN-EFFECT-*: bonus/penalty and effect keywords. */
export const EQUIPMENT_EFFECTS: readonly KeywordEntry[] = [
  {
    id: 'bonus',
    names: { en: 'CHAR +X / −X', es: 'Bonificación / Penalización', de: 'Bonus / Abzug' },
    editions: ['es', 'de'],
    rule: 'EDEN-EQUIP-4',
    text: 'Adds X to (or subtracts X from) a characteristic while the item is used.',
  },
  {
    id: 'fire',
    names: { en: 'Fire (X)', es: 'Incendio (X)', de: 'Brand (X)' },
    editions: ['es', 'de'],
    rule: 'EDEN-EFFECT-FIRE',
    text: 'X Fire markers on the fighter it is used against.',
  },
  {
    id: 'fear',
    names: { en: 'Fear (X)', es: 'Miedo (X)', de: 'Furcht (X)' },
    editions: ['es', 'de'],
    rule: 'EDEN-EFFECT-FEAR',
    text: 'X Fear markers on the fighter it is used against.',
  },
  {
    id: 'explosive',
    names: { en: 'Explosive (X)', es: 'Explosivo (X)', de: 'Explosiv (X)' },
    editions: ['es', 'de'],
    rule: 'EDEN-EFFECT-EXPLOSIVE',
    text: "Template on the point; X D6 vs each covered fighter's VIG; one success → one wound on every limb, protection ignored; other effects hit everyone covered.",
  },
  {
    id: 'range',
    names: { en: 'Range (X)', es: 'Alcance (X)', de: 'Reichweite (X)' },
    editions: ['es', 'de'],
    rule: 'EDEN-EFFECT-RANGE',
    text: 'Maximum distance X cm (exactly X is in range); +5 cm on Elevation.',
  },
  { id: 'potency', names: { en: 'Pot (X)', es: 'Pot (X)', de: 'STÄ (X)' }, editions: ['es', 'de'], rule: 'EDEN-EFFECT-POT', text: 'Potency X for the Potency roll.' },
  { id: 'perGame', names: { en: 'X / Game', es: 'X / Partida', de: 'X / Spiel' }, editions: ['es', 'de'], rule: 'EDEN-EFFECT-LIMIT', text: 'At most X uses per game.' },
  { id: 'perTurn', names: { en: 'X / Turn', es: 'X / Turno', de: 'X / Runde' }, editions: ['es', 'de'], rule: 'EDEN-EFFECT-LIMIT', text: 'At most X uses per turn.' },
];

export interface ItemEntry extends Tagged {
  id: string;
  names: PrintedNames;
  /** The item in the CONTRACT §2 shape, as far as the books print it. */
  item: Equipment;
  /** False when the books name the item but print none of its values. */
  profilePrinted: boolean;
  source: string;
}

export const EQUIPMENT_ITEMS: readonly ItemEntry[] = [
  // EDEN-EQUIP-3 example: «Casco (Pr): Cabeza +1» / «Helm (RS): Kopf +1»
  {
    id: 'helmet',
    names: { en: 'Helmet', es: 'Casco', de: 'Helm' },
    item: { name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: 1 } },
    profilePrinted: true,
    editions: ['es', 'de'],
    source: 'EDEN-EQUIP-3 example',
  },
  // EDEN-TERRAIN-LIST-10: «Campo giromagnético (Pr): Completa +2» (Energy beacon, ES only)
  {
    id: 'gyromagnetic-field',
    names: { en: 'Gyromagnetic field', es: 'Campo giromagnético' },
    item: { name: 'Gyromagnetic field', categories: ['protection'], protection: { limbs: 'all', value: 2 } },
    profilePrinted: true,
    editions: ['es'],
    source: 'EDEN-TERRAIN-LIST-10',
  },
  // Yuri's card (EDEN-CARD-PROFILE-8): names only. DE files «Wurfmesser» under Shooting and
  // «Molotowcocktail» under thrown missiles (EDEN-THROW-1 EDITION NOTE); ES gives no category.
  {
    id: 'molotov',
    names: { en: 'Molotov', es: 'Molotov', de: 'Molotowcocktail' },
    item: { name: 'Molotov', categories: ['thrown'] },
    profilePrinted: false,
    editions: ['es', 'de'],
    source: 'Yuri sample card; category from DE «Handgranate, Molotowcocktail usw.»',
  },
  {
    id: 'throwing-knives',
    names: { en: 'Throwing knives', es: 'Cuchillos arrojadizos', de: 'Wurfmesser' },
    item: { name: 'Throwing knives', categories: ['shooting'] },
    profilePrinted: false,
    editions: ['es', 'de'],
    source: 'Yuri sample card; category from DE «Schuss- und Wurfwaffen (… Wurfmesser …)»',
  },
];
