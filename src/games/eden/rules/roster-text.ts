/**
 * EDEN army lists as plain text (CONTRACT §7.4): the format league websites paste, parsed into the
 * JSON body of POST /v1/eden/rosters/validate, and the JSON written back as text.
 *
 *   # a comment (also `//`), to the end of the line; blank lines are ignored
 *   Band: faction Jokers, budget 100, edition es      ← the band line (EDEN-ROSTER-1/2/3/5)
 *   Yûri [Helmet, Molotov]                              ← one fighter per line, optional equipment
 *   - yuri                                              ← by catalog id or printed name
 *
 * The band line is the first line that is not blank or a comment. Its keyword (`Band`, `Banda`,
 * `Einheit`, `Bande`) and colon are optional; then the band type (`faction`/`facción`/`Fraktion`,
 * `stigma`/`estigma`/`Stigma`) with the band's symbol after it, then in any order `budget N`
 * (`presupuesto`, `Budget`, or `N points`/`puntos`/`Punkte`) and `edition es|de` (`edición`,
 * `Ausgabe`), separated by commas or semicolons. Names, keywords and equipment ignore case and
 * accents. A fighter line may start with a list bullet (`-`, `*`, `•`, `1.`, `1)`); a name that is
 * neither a catalog id nor a printed name is kept as a reference (the validation then reports
 * `unknown_fighter`). Equipment in `[…]` resolves to catalog items by id or printed name; other
 * names are kept as items with no category. Pure: no I/O.
 *
 * Budgets (README "Roster budgets"): a list has at most MAX_TEXT_LINES lines and MAX_TEXT_LENGTH
 * characters. Both are counted before any line is parsed, so an oversized text costs one scan of
 * at most MAX_TEXT_LINES line breaks, never a parse of every line.
 */
import { fold, type EditionId } from './catalog/index.js';
import type { Equipment } from './fighter.js';
import type { InputProblem } from '../../../kernel/errors.js';
import { CATALOG_ID, equipmentItem, fighterRef } from './roster-text-names.js';

/** Writing a list back as text: roster-text-format.ts. */
export { formatRosterText, type FormatResult, type TextLang } from './roster-text-format.js';

/** A fighter line: a catalog reference plus its optional equipment. */
export interface TextFighter {
  ref: string;
  equipment?: Equipment[];
}

/** The JSON body a text list stands for (a subset of the validate body). */
export interface TextRoster {
  edition?: EditionId;
  bandType: 'faction' | 'stigma';
  affiliation?: string;
  budget?: number;
  /** A league's stored catalog (CONTRACT §8.4): `catalog <id>` or `catalog <id> version <n>` on the band line. */
  catalogRef?: { id: string; version?: number };
  fighters: TextFighter[];
}

/** Where a place of the text starts (1-based). */
export interface TextPosition {
  line: number;
  column: number;
}

/**
 * Where each part of a parsed list is in its text (CONTRACT §8.4: validation problems of a text
 * list carry the line and column of what they are about): the band line, and each fighter line
 * (its name) with the column of each item in its brackets.
 */
export interface TextPositions {
  band: TextPosition;
  fighters: (TextPosition & { equipment: number[] })[];
}

/** A parse problem: the JSON pointer it would have, plus where it is in the text (1-based). */
export interface TextProblem extends InputProblem {
  line: number;
  column: number;
}

export type ParseResult = { ok: true; roster: TextRoster } | { ok: false; errors: TextProblem[] };
/** A parse that also says where each part of the list is (parseRosterTextPlaced). */
export type PlacedParseResult = { ok: true; roster: TextRoster; positions: TextPositions } | { ok: false; errors: TextProblem[] };

const BAND_WORDS = new Set(['band', 'banda', 'bande', 'einheit']);
const TYPE_WORDS: Record<string, 'faction' | 'stigma'> = { faction: 'faction', faccion: 'faction', fraktion: 'faction', stigma: 'stigma', estigma: 'stigma' };
const BUDGET_WORDS = new Set(['budget', 'presupuesto', 'points', 'point', 'pts', 'puntos', 'punkte', 'pt', 'p']);
const EDITION_WORDS = new Set(['edition', 'edicion', 'ausgabe']);
const CATALOG_WORDS = new Set(['catalog', 'catalogue', 'catalogo', 'katalog']);
const VERSION_WORDS = new Set(['version', 'v', 'ver']);
const MAX_BUDGET = 100000;

/** Most lines a text list may have (a final line break starts no line); more → `too_many_lines`. */
export const MAX_TEXT_LINES = 1000;
/** Most characters (UTF-16 code units) a text list may have; more → `text_too_long`. */
export const MAX_TEXT_LENGTH = 65_536;

/** A text over a budget: the budget's code, its `limit`, and where the text crossed it. */
export interface TextBudgetProblem extends TextProblem {
  code: 'too_many_lines' | 'text_too_long';
  limit: number;
}

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * The problem of a text over a budget, or undefined. Counts line breaks up to the first one past
 * MAX_TEXT_LINES (no line is split off or parsed), then compares the length.
 */
export function textOverBudget(text: string): TextBudgetProblem | undefined {
  const breaks = new RegExp(LINE_BREAK.source, 'g');
  let lines = text.length > 0 ? 1 : 0;
  let lineStart = 0;
  for (let m = breaks.exec(text); m; m = breaks.exec(text)) {
    lineStart = m.index + m[0].length;
    if (lineStart === text.length) break;
    if (++lines > MAX_TEXT_LINES) {
      return { path: '', code: 'too_many_lines', message: `A list has at most ${MAX_TEXT_LINES} lines; no line was read.`, line: lines, column: 1, limit: MAX_TEXT_LINES };
    }
  }
  if (text.length <= MAX_TEXT_LENGTH) return undefined;
  // where the budget was crossed: within the first MAX_TEXT_LINES lines, so this is bounded too
  const before = text.slice(0, MAX_TEXT_LENGTH);
  const crossed = before.split(LINE_BREAK);
  const line = crossed.length;
  return {
    path: '',
    code: 'text_too_long',
    message: `A list has at most ${MAX_TEXT_LENGTH} characters; no line was read.`,
    line,
    column: crossed[line - 1]!.length + 1,
    limit: MAX_TEXT_LENGTH,
  };
}

/** Strip a comment (`#` or `//`) from a line. */
function uncomment(line: string): string {
  const hash = line.indexOf('#');
  const slashes = line.indexOf('//');
  const cut = [hash, slashes].filter((i) => i >= 0);
  return cut.length ? line.slice(0, Math.min(...cut)) : line;
}

/** Index of the first non-space character at or after `from`. */
const skipSpace = (text: string, from: number) => {
  let i = from;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
};

interface Segment {
  text: string;
  column: number;
}

/** Split `text` (starting at `column`) on commas and semicolons, trimming each part. */
function segments(text: string, column: number): Segment[] {
  const out: Segment[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === ',' || text[i] === ';') {
      const raw = text.slice(start, i);
      const lead = raw.length - raw.trimStart().length;
      out.push({ text: raw.trim(), column: column + start + lead });
      start = i + 1;
    }
  }
  return out;
}

function parseBandLine(text: string, lineNo: number, column: number, roster: Partial<TextRoster>, errors: TextProblem[]): void {
  const at = (code: string, path: string, col: number, message: string) => errors.push({ path, code, message, line: lineNo, column: col });
  let body = text;
  let col = column;
  // the keyword and colon are optional: "Band: faction Jokers" = "faction Jokers"
  const keyword = /^([^\s:,;]+)\s*:?\s*/u.exec(body);
  if (keyword && BAND_WORDS.has(fold(keyword[1]!))) {
    body = body.slice(keyword[0].length);
    col += keyword[0].length;
  }
  const parts = segments(body, col);
  const first = parts[0]!;
  // EDEN-ROSTER-1: a Faction or a Stigma band
  const typeWord = /^([^\s:]+)\s*:?\s*(.*)$/u.exec(first.text);
  const bandType = typeWord ? TYPE_WORDS[fold(typeWord[1]!)] : undefined;
  if (!bandType) {
    at(
      'unknown_band_type',
      '/bandType',
      first.column,
      `The band line must name the band type first: faction (facción, Fraktion) or stigma (estigma, Stigma)${first.text ? `, not "${first.text.split(/\s/)[0]}"` : ''} (EDEN-ROSTER-1).`,
    );
  } else {
    roster.bandType = bandType;
    const symbol = typeWord![2]!.trim();
    if (symbol) roster.affiliation = symbol;
  }
  for (const part of parts.slice(1)) {
    if (!part.text) continue;
    const words = part.text.split(/\s+/);
    const folded = words.map(fold);
    const num = words.find((w) => /^\d+$/.test(w));
    const editionWord = EDITION_WORDS.has(folded[0]!);
    if (CATALOG_WORDS.has(folded[0]!)) {
      // CONTRACT §8.4: `catalog <id>` or `catalog <id> version <n>` names a league's stored catalog
      const [, id, versionWord, version, ...extra] = words;
      const versioned = versionWord === undefined || (VERSION_WORDS.has(fold(versionWord)) && version !== undefined && /^[1-9]\d{0,8}$/.test(version));
      if (id === undefined || !CATALOG_ID.test(id) || !versioned || extra.length) {
        at('bad_catalog', '/catalogRef', part.column, 'Write the league catalog as "catalog <id>" or "catalog <id> version <n>" (CONTRACT §8.4).');
      } else roster.catalogRef = version === undefined ? { id } : { id, version: Number(version) };
      continue;
    }
    if ((editionWord && folded.length === 2) || (folded.length === 1 && (folded[0] === 'es' || folded[0] === 'de'))) {
      const ed = folded[folded.length - 1]!;
      if (ed === 'es' || ed === 'de') roster.edition = ed;
      else at('unknown_edition', '/edition', part.column, `The edition is es or de, not "${words[words.length - 1]}" (EDEN-DOC-1).`);
    } else if (editionWord) {
      at('unknown_edition', '/edition', part.column, 'Write the edition as "edition es" or "edition de" (EDEN-DOC-1).');
    } else if (num !== undefined && folded.length <= 2 && folded.every((w) => /^\d+$/.test(w) || BUDGET_WORDS.has(w))) {
      const n = Number(num);
      // EDEN-ROSTER-3/5: any agreed budget (bounded like the JSON body)
      if (n > MAX_BUDGET) at('bad_budget', '/budget', part.column, `The budget must be at most ${MAX_BUDGET}.`);
      else roster.budget = n;
    } else if (BUDGET_WORDS.has(folded[0]!)) {
      at('bad_budget', '/budget', part.column, 'Write the budget as a whole number: "budget 100" or "100 points" (EDEN-ROSTER-3).');
    } else {
      at('unknown_band_option', '', part.column, `"${part.text}" is not a budget ("budget 100") or an edition ("edition es").`);
    }
  }
}

function parseFighterLine(text: string, lineNo: number, column: number, index: number, errors: TextProblem[], positions: TextPositions['fighters']): TextFighter | undefined {
  const at = (code: string, col: number, message: string) => errors.push({ path: `/fighters/${index}`, code, message, line: lineNo, column: col });
  let body = text;
  let col = column;
  const bullet = /^(?:[-*•]|\d+[.)])\s+/u.exec(body);
  if (bullet) {
    body = body.slice(bullet[0].length);
    col += bullet[0].length;
  }
  const position = { line: lineNo, column: col, equipment: [] as number[] };
  positions[index] = position;
  const keyword = /^([^\s:,;]+)\s*:/u.exec(body);
  if (keyword && BAND_WORDS.has(fold(keyword[1]!))) {
    at('duplicate_band_line', col, 'A list has one band line, the first one.');
    return undefined;
  }
  const open = body.indexOf('[');
  const name = (open >= 0 ? body.slice(0, open) : body).trim().replace(/\s+/g, ' ');
  if (!name) {
    at('missing_fighter', col, 'A fighter line starts with a catalog id or a name.');
    return undefined;
  }
  if (body.indexOf(']') >= 0 && (open < 0 || body.indexOf(']') < open)) {
    at('unexpected_bracket', col + body.indexOf(']'), 'A "]" without its "[".');
    return undefined;
  }
  const fighter: TextFighter = { ref: fighterRef(name) };
  if (open < 0) return fighter;
  const close = body.indexOf(']', open);
  if (close < 0) {
    at('unclosed_bracket', col + open, 'The equipment list opened here is not closed with "]".');
    return undefined;
  }
  const rest = body.slice(close + 1);
  if (rest.trim()) {
    at('unexpected_text', col + skipSpace(body, close + 1), 'Nothing may follow the equipment list on a fighter line.');
    return undefined;
  }
  const inner = body.slice(open + 1, close);
  if (inner.includes('[')) {
    at('unexpected_bracket', col + open + 1 + inner.indexOf('['), 'Equipment lists do not nest.');
    return undefined;
  }
  const items = segments(inner, col + open + 1).filter((s) => s.text);
  position.equipment = items.map((s) => s.column);
  fighter.equipment = items.map((s) => equipmentItem(s.text.replace(/\s+/g, ' ')));
  return fighter;
}

const pick = <K extends keyof TextRoster>(r: Partial<TextRoster>, k: K): Partial<TextRoster> => (r[k] === undefined ? {} : { [k]: r[k] });

/**
 * Parse a plain-text list. Every problem is reported at once, with its line and column; a text over
 * a budget (textOverBudget) is that one problem, and no line is parsed.
 */
export function parseRosterText(text: string): ParseResult {
  const parsed = parseRosterTextPlaced(text);
  return parsed.ok ? { ok: true, roster: parsed.roster } : parsed;
}

/** parseRosterText, with where each part of the list is in the text (CONTRACT §8.4: problems of the list carry lines). */
export function parseRosterTextPlaced(text: string): PlacedParseResult {
  const over = textOverBudget(text);
  if (over) return { ok: false, errors: [over] };
  const errors: TextProblem[] = [];
  const roster: Partial<TextRoster> = {};
  const fighters: TextFighter[] = [];
  const positions: TextPositions = { band: { line: 1, column: 1 }, fighters: [] };
  let bandSeen = false;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    const content = uncomment(raw);
    const column = skipSpace(content, 0) + 1;
    const trimmed = content.trim();
    if (!trimmed) return;
    if (!bandSeen) {
      bandSeen = true;
      positions.band = { line: i + 1, column };
      parseBandLine(trimmed, i + 1, column, roster, errors);
      return;
    }
    const f = parseFighterLine(trimmed, i + 1, column, fighters.length, errors, positions.fighters);
    if (f) fighters.push(f);
    else fighters.push({ ref: '' });
  });
  if (!bandSeen) {
    errors.push({ path: '/bandType', code: 'missing_band_line', message: 'The list starts with a band line, e.g. "Band: faction Jokers, budget 100".', line: 1, column: 1 });
  }
  if (errors.length) return { ok: false, errors };
  // members in a fixed order, absent when the text does not set them
  const out = { bandType: roster.bandType!, ...pick(roster, 'edition'), ...pick(roster, 'affiliation'), ...pick(roster, 'budget'), ...pick(roster, 'catalogRef'), fighters };
  return { ok: true, roster: out, positions };
}

/**
 * The place in the text a problem of the parsed list is about (CONTRACT §8.4): a fighter's line for
 * `/fighters/<i>/…` (an item's column for `/fighters/<i>/equipment/<j>/…`), else the band line
 * (the band's type, symbol, budget, edition and catalog, and the band as a whole: `/fighters`).
 */
export function textPosition(positions: TextPositions, path: string): TextPosition {
  const m = /^\/fighters\/(\d+)(?:\/equipment\/(\d+))?/.exec(path);
  const fighter = m ? positions.fighters[Number(m[1])] : undefined;
  if (!fighter) return { ...positions.band };
  const item = m![2] === undefined ? undefined : fighter.equipment[Number(m![2])];
  return { line: fighter.line, column: item ?? fighter.column };
}
