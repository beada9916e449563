/**
 * Factions (EDEN-CARD-PROFILE-2) and stigmas (EDEN-CARD-PROFILE-10), transcribed from the seeds.
 * ES «proponen escoger entre 4 facciones» / DE «zwischen sechs verschiedenen Fraktionen»: Konvoi and
 * Resistance are DE-only. Factions are open data: unknown symbols are compared as sent.
 */
import type { EditionId, PrintedNames, Tagged } from './types.js';

export interface FactionEntry extends Tagged {
  id: string;
  names: PrintedNames;
  /** Other spellings accepted in requests. */
  aliases: string[];
  /** EDEN-NPC-1: the NPC symbol can never be recruited. */
  recruitable: boolean;
  rule: string;
}

export const FACTIONS: readonly FactionEntry[] = [
  {
    id: 'jokers',
    names: { en: 'Jokers', es: 'Banda de los Jokers', de: 'Jokergang' },
    aliases: ['joker', 'jokers gang'],
    editions: ['es', 'de'],
    recruitable: true,
    rule: 'EDEN-CARD-PROFILE-2',
  },
  {
    id: 'bamaka',
    names: { en: 'Clan Bamaka', es: 'Clan Bamaka', de: 'Clan Bamaka' },
    aliases: ['clan bamaka', 'bamaka clan'],
    editions: ['es', 'de'],
    recruitable: true,
    rule: 'EDEN-CARD-PROFILE-2',
  },
  { id: 'isc', names: { en: 'I.S.C.', es: 'I.S.C.', de: 'I.S.C.' }, aliases: ['i.s.c.', 'i.s.c'], editions: ['es', 'de'], recruitable: true, rule: 'EDEN-CARD-PROFILE-2' },
  {
    id: 'matriarchy',
    names: { en: 'Matriarchy', es: 'Matriarcado', de: 'Matriarchat' },
    aliases: ['matriarcado de sybille', 'matriarchy of sybille'],
    editions: ['es', 'de'],
    recruitable: true,
    rule: 'EDEN-CARD-PROFILE-2',
  },
  { id: 'convoy', names: { en: 'Convoy', de: 'Konvoi' }, aliases: ['konvoi'], editions: ['de'], recruitable: true, rule: 'EDEN-CARD-PROFILE-2' },
  { id: 'resistance', names: { en: 'Resistance', de: 'Resistance' }, aliases: [], editions: ['de'], recruitable: true, rule: 'EDEN-CARD-PROFILE-2' },
  // EDEN-NPC-1: «un símbolo de Facción propio de los CNJ» (Infestation, ES only)
  { id: 'npc', names: { en: 'Non-player fighters', es: 'CNJ' }, aliases: ['cnj', 'nsk', 'non-player'], editions: ['es'], recruitable: false, rule: 'EDEN-NPC-1' },
];

export interface StigmaEntry extends Tagged {
  id: string;
  names: PrintedNames;
  aliases: string[];
  rule: string;
}

/** EDEN-CARD-PROFILE-10: five stigmas; DE calls them «Leitmotiv». */
export const STIGMAS: readonly StigmaEntry[] = [
  { id: 'destruction', names: { en: 'Destruction', es: 'Destrucción', de: 'Zerstörung' }, aliases: [], editions: ['es', 'de'], rule: 'EDEN-CARD-PROFILE-10' },
  { id: 'order', names: { en: 'Order', es: 'Orden', de: 'Ordnung' }, aliases: [], editions: ['es', 'de'], rule: 'EDEN-CARD-PROFILE-10' },
  { id: 'protection', names: { en: 'Protection', es: 'Protección', de: 'Beschützen' }, aliases: [], editions: ['es', 'de'], rule: 'EDEN-CARD-PROFILE-10' },
  { id: 'change', names: { en: 'Change', es: 'Cambio', de: 'Veränderung' }, aliases: [], editions: ['es', 'de'], rule: 'EDEN-CARD-PROFILE-10' },
  { id: 'chaos', names: { en: 'Chaos', es: 'Caos', de: 'Chaos' }, aliases: [], editions: ['es', 'de'], rule: 'EDEN-CARD-PROFILE-10' },
];

/** Lower case, accents stripped, spaces collapsed: "Yûri" and "Yuri" compare equal. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function canonical(entries: readonly { id: string; names: PrintedNames; aliases: string[] }[], symbol: string): string {
  const f = fold(symbol);
  for (const e of entries) {
    const spellings = [e.id, e.names.en, e.names.es, e.names.de, ...e.aliases].filter((s): s is string => !!s);
    if (spellings.some((s) => fold(s) === f)) return e.id;
  }
  return f;
}

/** The catalog id of a faction symbol in any printed spelling (unknown symbols: folded as sent). */
export function canonicalFaction(symbol: string): string {
  return canonical(FACTIONS, symbol);
}

export function canonicalStigma(symbol: string): string {
  return canonical(STIGMAS, symbol);
}

export function factionsOf(edition: EditionId): FactionEntry[] {
  return FACTIONS.filter((f) => f.editions.includes(edition));
}
