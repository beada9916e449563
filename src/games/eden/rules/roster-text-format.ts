/**
 * EDEN army lists written as plain text (CONTRACT §7.4): a validate body back in the format
 * roster-text.ts parses, band keywords in the reader's language, fighter and item names as the
 * edition prints them. Pure: no I/O.
 */
import { EQUIPMENT_ITEMS, EXAMPLE_FIGHTERS, type EditionId } from './catalog/index.js';
import type { InputProblem } from '../../../kernel/errors.js';
import { CATALOG_ID, equipmentItem, fighterRef } from './roster-text-names.js';

export type TextLang = 'en' | 'es' | 'de';

const LABELS: Record<TextLang, { band: string; faction: string; stigma: string; budget: string; edition: string }> = {
  en: { band: 'Band', faction: 'faction', stigma: 'stigma', budget: 'budget', edition: 'edition' },
  es: { band: 'Banda', faction: 'facción', stigma: 'estigma', budget: 'presupuesto', edition: 'edición' },
  de: { band: 'Einheit', faction: 'Fraktion', stigma: 'Stigma', budget: 'Budget', edition: 'Ausgabe' },
};

/** Why a JSON body cannot be written as text (a JSON pointer and a message), or the text. */
export type FormatResult = { ok: true; text: string } | { ok: false; errors: InputProblem[] };

const SAFE = /^[^\s#,;[\]:]([^#,;[\]\r\n]*[^\s#,;[\]])?$/u;
const safe = (s: string) => SAFE.test(s) && !s.includes('//') && s === s.replace(/\s+/g, ' ');

function printedName(names: { en: string; es?: string; de?: string }, edition: EditionId): string {
  return names[edition] ?? names.en;
}

/** JSON with keys sorted, so two items that mean the same compare equal. */
function sorted(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return '[' + value.map(sorted).join(',') + ']';
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort();
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + sorted(record[k])).join(',') + '}';
}

const sameJson = (a: unknown, b: unknown) => sorted(a) === sorted(b);

/**
 * Write a validate body as text, band keywords in `lang`, fighter and item names as the edition
 * prints them. Only what the text can say is accepted: references (not inline profiles or a
 * request `catalog`), catalog items or items with a name only.
 */
export function formatRosterText(body: Record<string, unknown>, lang: TextLang = 'en'): FormatResult {
  const errors: InputProblem[] = [];
  const edition: EditionId = body.edition === 'de' ? 'de' : 'es';
  const L = LABELS[lang];
  if (Array.isArray(body.catalog) && body.catalog.length)
    errors.push({ path: '/catalog', code: 'not_expressible', message: 'A request catalog of own profiles has no plain-text form; send the list as JSON.' });
  const bandType = body.bandType === 'stigma' ? 'stigma' : 'faction';
  const affiliation = typeof body.affiliation === 'string' ? body.affiliation.trim() : '';
  if (affiliation && !safe(affiliation))
    errors.push({ path: '/affiliation', code: 'not_expressible', message: 'The symbol contains characters the text format reserves (# , ; [ ] : or line breaks).' });
  let band = `${L.band}: ${L[bandType]}${affiliation ? ' ' + affiliation : ''}`;
  if (typeof body.budget === 'number') band += `, ${L.budget} ${body.budget}`;
  if (body.edition === 'es' || body.edition === 'de') band += `, ${L.edition} ${body.edition}`;
  const ref = body.catalogRef as { id?: unknown; version?: unknown } | undefined;
  if (ref !== undefined) {
    if (typeof ref?.id === 'string' && CATALOG_ID.test(ref.id) && (ref.version === undefined || (Number.isInteger(ref.version) && (ref.version as number) >= 1))) {
      band += `, catalog ${ref.id}${ref.version === undefined ? '' : ` version ${ref.version}`}`;
    } else errors.push({ path: '/catalogRef', code: 'not_expressible', message: 'This catalog reference cannot be written on a band line.' });
  }
  const lines = [band];
  const fighters = Array.isArray(body.fighters) ? (body.fighters as Record<string, unknown>[]) : [];
  fighters.forEach((f, i) => {
    if (typeof f?.ref !== 'string') {
      errors.push({
        path: `/fighters/${i}`,
        code: 'not_expressible',
        message: 'Only catalog references ({"ref": id}) have a plain-text form; inline profiles must be sent as JSON.',
      });
      return;
    }
    const entry = EXAMPLE_FIGHTERS.find((c) => c.id === f.ref);
    const name = entry ? printedName(entry.names, edition) : f.ref;
    if (!entry && (!safe(f.ref) || fighterRef(f.ref) !== f.ref || /^(?:[-*•]|\d+[.)])\s/u.test(f.ref))) {
      errors.push({ path: `/fighters/${i}/ref`, code: 'not_expressible', message: `The reference "${f.ref}" cannot be written as a fighter line.` });
      return;
    }
    const equipment = Array.isArray(f.equipment) ? (f.equipment as Record<string, unknown>[]) : undefined;
    if (!equipment) {
      lines.push(name);
      return;
    }
    const names: string[] = [];
    equipment.forEach((item, j) => {
      const known = EQUIPMENT_ITEMS.find((c) => sameJson(c.item, item));
      if (known) return void names.push(printedName(known.names, edition));
      const name = typeof item?.name === 'string' ? item.name : undefined;
      if (name !== undefined && safe(name) && sameJson({ name, categories: [] }, item) && sameJson(equipmentItem(name), item)) return void names.push(name);
      errors.push({ path: `/fighters/${i}/equipment/${j}`, code: 'not_expressible', message: 'Only catalog items, or items with nothing but a name, have a plain-text form.' });
    });
    lines.push(`${name} [${names.join(', ')}]`);
  });
  if (errors.length) return { ok: false, errors };
  return { ok: true, text: lines.join('\n') + '\n' };
}
