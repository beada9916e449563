/** `eden.roster` — POST /v1/eden/rosters/validate: band building (EDEN-ROSTER-1..6, EDEN-PREP-2). */
import { Type, type Static } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { FighterSchema } from './schemas.js';
import { typedForGraphql } from '../../../kernel/schemas/graphql-view.js';
import { tr } from './phase-common.js';
import { byPath, validateRoster, type RosterEntry } from '../rules/roster.js';
import type { FighterInput } from '../rules/fighter.js';
import { InvalidInput } from '../../../kernel/errors.js';
import { MAX_TEXT_LENGTH, MAX_TEXT_LINES, parseRosterTextPlaced, textOverBudget, textPosition, type TextPositions } from '../rules/roster-text.js';
import type { Lang } from '../../../kernel/i18n.js';
import { rosterSha256 } from './roster-digest.js';
import { CatalogRefSchema, catalogOf } from './catalog-ref.js';
import { leagueItem, type LeagueCatalog } from '../rules/catalog/league.js';

const RefSchema = Type.Object(
  { ref: Type.String({ minLength: 1, maxLength: 100, description: 'Id in the request `catalog`, else in the built-in catalog (GET /v1/eden/catalog), e.g. `yuri`.' }) },
  { description: 'A fighter by reference.' },
);

const ProblemSchema = Type.Object({
  code: Type.String(),
  path: Type.String(),
  message: Type.String(),
  line: Type.Optional(Type.Integer({ minimum: 1, description: 'A text list: the line of the fighter (for `/fighters/<i>/…`) or of the band line (for the rest), 1-based.' })),
  column: Type.Optional(Type.Integer({ minimum: 1, description: "A text list: the column where that fighter's name (or item, or the band line) starts, 1-based." })),
});

/** Where each part of a text list was (set by `parseRosterBody`, not a member: no schema or hash sees it). */
const TEXT_POSITIONS = Symbol('text positions');

/**
 * A plain-text list as its validate body (CONTRACT §7.4), with the place of each of its parts kept
 * for the validation's problems (CONTRACT §8.4); a text over a budget or with problems of its own is
 * a 400 listing them with their lines and columns.
 */
export function parseRosterBody(text: string): Record<string, unknown> {
  // the budgets first: counted, so an oversized list is refused before any line is parsed
  const over = textOverBudget(text);
  if (over) throw new InvalidInput([over], `${over.message} (${over.code}: at most ${over.limit}).`, over.code, { limit: over.limit });
  const parsed = parseRosterTextPlaced(text);
  if (!parsed.ok) {
    // in path order like every list of problems (CONTRACT §8.4), each with its line and column
    const { errors, errorsOmitted } = listed(byPath(parsed.errors));
    throw new InvalidInput(errors, `The list has ${parsed.errors.length} problem(s); each names its line and column.`, 'invalid_request', errorsOmitted ? { errorsOmitted } : {});
  }
  const body = parsed.roster as unknown as Record<string, unknown>;
  Object.defineProperty(body, TEXT_POSITIONS, { value: parsed.positions, enumerable: false });
  return body;
}

/**
 * In a text list, an item named only (`[Chain]`, parsed as `{"name", "categories": []}`) that the
 * league catalog lists takes the league's profile of it (CONTRACT §8.4), in place: the list answered
 * as `roster`, stored and hashed is the list as completed.
 */
function withLeagueItems(fighters: unknown[], catalog: LeagueCatalog): void {
  if (!catalog.equipment?.length) return;
  for (const fighter of fighters) {
    const items = (fighter as { equipment?: unknown } | null)?.equipment;
    if (!Array.isArray(items)) continue;
    items.forEach((item: { name?: unknown; categories?: unknown }, i) => {
      const bare = typeof item?.name === 'string' && Array.isArray(item.categories) && item.categories.length === 0 && Object.keys(item).length === 2;
      const found = bare ? leagueItem(catalog, item.name as string) : undefined;
      if (found) items[i] = structuredClone(found);
    });
  }
}

/** A problem of a text list with the line and column of what it is about. */
function placed<T extends { path: string }>(problems: T[], positions: TextPositions | undefined): T[] {
  return positions ? problems.map((p) => ({ ...p, ...textPosition(positions, p.path) })) : problems;
}

/** Most fighters in a band, and most profiles in a request `catalog` (EDEN-ROSTER-1..6 bodies). */
export const MAX_ROSTER_FIGHTERS = 200;
/** Most problems a 400 about a list names; `errorsOmitted` counts the rest (README "Roster budgets"). */
const MAX_LISTED_PROBLEMS = 100;

/** The first MAX_LISTED_PROBLEMS problems, and how many more there were (absent when none). */
export function listed<T>(problems: readonly T[]): { errors: T[]; errorsOmitted?: number } {
  if (problems.length <= MAX_LISTED_PROBLEMS) return { errors: [...problems] };
  return { errors: problems.slice(0, MAX_LISTED_PROBLEMS), errorsOmitted: problems.length - MAX_LISTED_PROBLEMS };
}

/** What a list may cost, for the OpenAPI descriptions of validate, format and store. */
export const ROSTER_BUDGETS_DOC = [
  '**Budgets** (a hostile list costs no more than a legal one; README "Roster budgets"):',
  `- \`fighters\` and \`catalog\` hold at most ${MAX_ROSTER_FIGHTERS} entries. A longer array is refused before any of its entries is validated: 400 \`too_many_items\` whose \`errors\` name each array (\`code: maxItems\`, \`limit\`, \`count\`); nothing else of the body is reported then.`,
  `- A plain-text list has at most ${MAX_TEXT_LINES} lines and ${MAX_TEXT_LENGTH} characters, counted before any line is read: 400 \`too_many_lines\` or \`text_too_long\` with \`limit\` and one error.`,
  `- A 400 about a list names at most ${MAX_LISTED_PROBLEMS} problems in \`errors\`; \`errorsOmitted\` (present only then) counts the others.`,
].join('\n');

/** The plain-text list format, for the OpenAPI descriptions of validate and format. */
export const ROSTER_TEXT_DOC = [
  '**Plain-text lists** (`Content-Type: text/plain`; the answer is the JSON answer plus `roster`, the list as parsed):',
  '- `#` or `//` starts a comment to the end of the line; blank lines are ignored; case and accents never matter.',
  '- The first other line is the **band line**: an optional keyword (`Band`, `Banda`, `Einheit`) and colon, the band type (`faction`/`facción`/`Fraktion`, `stigma`/`estigma`/`Stigma`) followed by the band symbol, then, separated by commas or semicolons and in any order, `budget N` (`presupuesto N`, `Budget N`, or `N points`/`puntos`/`Punkte`) and `edition es|de` (`edición`, `Ausgabe`).',
  '- Every further line is **one fighter** by catalog id or printed name (`yuri`, `Yûri`, `YURI`), optionally after a bullet (`-`, `*`, `1.`), with optional equipment in brackets: catalog items by id or printed name (`[Casco, Molotov]`), other names kept as items with no category. A name the catalog does not know is kept as a reference, which the validation reports as `unknown_fighter`.',
  '- Problems of the text itself (no band line, unknown band type, a bad budget or edition, an unclosed `[`) are a 400 problem whose `errors` carry `path`, `code`, `message`, and the `line` and `column` (1-based).',
  '',
  'The same list in the three namings:',
  '```',
  '# en',
  'Band: faction Jokers, budget 100, edition es',
  'Yûri [Helmet]',
  '# es',
  'Banda: facción Banda de los Jokers; 100 puntos; edición es',
  '- Yûri [Casco]',
  '# de',
  'Einheit: Fraktion Jokergang, Budget 100, Ausgabe de',
  '1. Yuri [Helm]',
  '```',
].join('\n');

/** The text/plain example of validate (and of storing a list): it parses and validates. */
export const TEXT_EXAMPLE = 'Banda: facción Jokers; 100 puntos; edición es\n- Yûri [Casco]\n';

export const RosterBodySchema = Type.Object(
  {
    // no schema default here: a receipt hashes the body as sent (CONTRACT §7.4); absent means `es`
    edition: Type.Optional(
      Type.Union([Type.Literal('es'), Type.Literal('de')], {
        description: 'EDEN printing: `es` (Spanish, default) or `de` (German). Where they differ the engine follows this one.',
      }),
    ),
    bandType: Type.Union([Type.Literal('faction'), Type.Literal('stigma')], { description: 'EDEN-ROSTER-1: Faction or Stigma band.' }),
    affiliation: Type.Optional(Type.String({ maxLength: 100, description: 'The symbol chosen for the band (EDEN-ROSTER-2); inferred when all fighters share one.' })),
    budget: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: 'Agreed budget (EDEN-ROSTER-3/5); default 100.' })),
    catalog: Type.Optional(Type.Array(FighterSchema, { maxItems: MAX_ROSTER_FIGHTERS, description: 'Your own profiles, referenced by `id`.' })),
    catalogRef: Type.Optional(CatalogRefSchema),
    fighters: Type.Array(Type.Union([RefSchema, FighterSchema]), { maxItems: MAX_ROSTER_FIGHTERS, description: 'Fighters (CONTRACT §2) or `{"ref": id}`.' }),
    receipt: Type.Optional(Type.Boolean({ description: 'Add `receipt`: a signed JWS of the result (CONTRACT §7.4).' })),
  },
  { title: 'Roster' },
);

export type RosterBody = Static<typeof RosterBodySchema>;

/**
 * A fighter of a list as the list has it (GraphQL): a Fighter, or `{"ref"}` alone or with state
 * members, so every member is optional.
 */
export const RosterEntrySchema = Type.Partial(Type.Object(FighterSchema.properties), {
  title: 'RosterEntry',
  description: 'A fighter as the list has it: a Fighter (CONTRACT §2), or `{"ref": "<catalog id>"}` alone or with state members.',
});

/**
 * A list as it was sent, stored or parsed from text (GraphQL): the validate body, its fighters as
 * the list has them. REST answers these lists as open objects (every member as stored, as the
 * hashes cover them); GraphQL types them by this schema (src/app/schemas/graphql-view.ts).
 */
export const RosterListSchema = Type.Object(
  { ...RosterBodySchema.properties, fighters: Type.Array(RosterEntrySchema, { description: 'Fighters (CONTRACT §2) or `{"ref": id}`, as the list has them.' }) },
  { title: 'RosterList', description: 'An army list as it was sent (the body of POST /v1/eden/rosters/validate), stored, or parsed from text.' },
);

/**
 * The validation of a roster body as answered (without `roster` or `receipt`): problems ordered by
 * path, with their line and column for a text list (CONTRACT §8.4); `catalog` names the league
 * catalog version its references resolved in, when it names one (`catalogRef`).
 */
export function rosterValidation(input: Static<typeof RosterBodySchema>, lang: Lang) {
  const league = catalogOf(input);
  const positions = (input as { [TEXT_POSITIONS]?: TextPositions })[TEXT_POSITIONS];
  // a text list only: a JSON body is hashed as sent (CONTRACT §7.4), so it is never completed
  if (league && positions) withLeagueItems(input.fighters as unknown[], league.catalog);
  const checked = validateRoster({
    edition: input.edition,
    bandType: input.bandType,
    affiliation: input.affiliation,
    budget: input.budget,
    catalog: input.catalog as FighterInput[] | undefined,
    league: league?.catalog,
    fighters: input.fighters as RosterEntry[],
  });
  const r = { ...checked, errors: placed(checked.errors, positions), warnings: placed(checked.warnings, positions), ...(league ? { catalog: league.ref } : {}) };
  const { value, budget, strategyPoints: sp } = r.totals;
  const head = r.valid
    ? tr({ en: 'Legal band', es: 'Banda válida', de: 'Gültige Einheit' }, lang)
    : tr(
        {
          en: `Illegal band (${r.errors.length} problem(s): ${r.errors.map((e) => e.code).join(', ')})`,
          es: `Banda no válida (${r.errors.length} problema(s): ${r.errors.map((e) => e.code).join(', ')})`,
          de: `Ungültige Einheit (${r.errors.length} Problem(e): ${r.errors.map((e) => e.code).join(', ')})`,
        },
        lang,
      );
  const summary = tr(
    {
      en: `${head} (EDEN-ROSTER-1..6): ${value}/${budget} points; ${sp} Strategy Points (EDEN-PREP-2${r.bandType === 'stigma' ? ', halved for a Stigma band' : ''}).`,
      es: `${head} (EDEN-ROSTER-1..6): ${value}/${budget} puntos; ${sp} Puntos de Estrategia (EDEN-PREP-2${r.bandType === 'stigma' ? ', divididos entre dos por ser banda de Estigma' : ''}).`,
      de: `${head} (EDEN-ROSTER-1..6): ${value}/${budget} Punkte; ${sp} Strategiepunkte (EDEN-PREP-2${r.bandType === 'stigma' ? ', halbiert für eine Stigmaeinheit' : ''}).`,
    },
    lang,
  );
  return { ...r, summary };
}

/**
 * The claims of a roster receipt (CONTRACT §7.4), before `rulesVersion`, `iat` and `iss`; with the
 * league catalog version the list was checked against (CONTRACT §8.4).
 */
export function rosterClaims(body: unknown, edition: string | undefined, r: { valid: boolean; errors: { code: string }[]; totals: unknown; catalog?: unknown }) {
  return {
    rosterSha256: rosterSha256(body),
    edition: edition ?? 'es',
    valid: r.valid,
    codes: r.errors.map((e) => e.code),
    totals: r.totals,
    ...(r.catalog ? { catalog: r.catalog } : {}),
  };
}

export const RosterValidationSchema = Type.Object(
  {
    valid: Type.Boolean(),
    errors: Type.Array(ProblemSchema),
    warnings: Type.Array(ProblemSchema),
    bandType: Type.String(),
    affiliation: Type.Union([Type.String(), Type.Null()]),
    totals: Type.Object({ value: Type.Integer(), budget: Type.Integer(), strategyPoints: Type.Integer() }),
    fighters: Type.Array(
      Type.Object({
        index: Type.Integer({ description: "Position in the body's `fighters`." }),
        id: Type.String(),
        name: Type.String(),
        value: Type.Optional(Type.Integer({ description: 'Absent for an inline fighter sent without one (`missing_value`).' })),
        faction: Type.Union([Type.String(), Type.Null()]),
        stigma: Type.Union([Type.String(), Type.Null()]),
        psi: Type.Integer({ description: 'Current PSI (for the Strategy Point pool, EDEN-PREP-2).' }),
      }),
      { description: 'The recruits counted (NPCs and unresolved entries left out).' },
    ),
    summary: SummarySchema,
    catalog: Type.Optional(
      Type.Object(
        {
          id: Type.String(),
          version: Type.Integer({ minimum: 1 }),
          sha256: Type.String({ description: 'Hex SHA-256 of the canonical JSON of that catalog version.' }),
        },
        { title: 'CatalogVersionUsed', description: 'With `catalogRef`: the stored catalog version the references resolved in (the latest when no version was named).' },
      ),
    ),
    roster: Type.Optional(typedForGraphql(Type.Object({}, { additionalProperties: true, description: 'The list as parsed, when it was sent as text/plain.' }), RosterListSchema)),
    receipt: Type.Optional(Type.String({ description: 'With `"receipt": true`: a compact JWS (EdDSA) over the result; keys at GET /.well-known/jwks.json.' })),
  },
  { title: 'RosterValidation', additionalProperties: true },
);

export const edenRosterOperation = defineOperation({
  id: 'eden.roster',
  method: 'POST',
  path: '/v1/eden/rosters/validate',
  graphql: { name: 'edenValidateRoster' },
  tags: ['eden'],
  summary: 'Validate an EDEN band: type, symbol, budget, unique names; Strategy Point pool.',
  description: [
    'Always 200 for a well-formed body: an illegal band is `valid: false` with **every** problem listed at once (`code`, JSON-pointer `path`, `message`).',
    '- EDEN-ROSTER-1/2: `bandType` `faction` or `stigma`; every fighter shares the band symbol. With `affiliation` each fighter with another symbol is `wrong_faction` / `wrong_stigma` at its `/faction` or `/stigma` (at `/ref` for a reference); a fighter lacking the symbol is the same code; more than one symbol in the band is one `mixed_band` at `/fighters`. Printed spellings of both books are accepted (`Jokergang`, `Banda de los Jokers`, `Caos`…); unknown factions are open data.',
    '- EDEN-ROSTER-3: Σ Value ≤ `budget` (default 100; over by 1 is `over_budget`). EDEN-ROSTER-5: any agreed budget is allowed; a warning `budget_above_advice` is given above 200 (ES «no sobrepasar») or from 200 (DE «unter 200»).',
    '- EDEN-ROSTER-4: one fighter per proper name, in both printings (EDITION NOTE: DE has no band-chapter rule, recommended to enforce), compared without case and accents (`Yûri` = `Yuri`) → `duplicate_name` at the later entries.',
    '- EDEN-ROSTER-6 / EDEN-NPC-1: NPCs (`npc: true`, type `npc`, or the NPC faction symbol) → `not_recruitable`; they count neither for the budget nor for SP.',
    '- `{"ref": id}` entries resolve in the request `catalog`, then the built-in catalog with the printing\'s Value (Yuri: 25 ES, 20 DE — EDEN-CARD-PROFILE-9). Unknown → `unknown_fighter`; an example fighter the books print only partially → `incomplete_profile`. An inline fighter without `value` → `missing_value`. An empty band → `empty_roster`.',
    '- EDEN-PREP-2: `totals.strategyPoints` = Σ current PSI; a Stigma band halves the total and rounds up (EDEN-EX-12: 4+3+4 → 6).',
    "- EDEN-AMB-5: the band's symbol is the one of its type (`affiliation` in the answer); a Stigma band whose fighters happen to share a faction is still a Stigma band.",
    '- `catalogRef` `{"id", "version"?}` names a league\'s stored catalog (POST /v1/eden/catalogs; the latest version when omitted): `{"ref"}` entries resolve in the request `catalog`, then in it (by id, else by name), then in the built-in catalog; the answer names the version used (`catalog`: `id`, `version`, `sha256`). Unknown → 400 `unknown_catalog` at `/catalogRef/id` or `/version`, beside every other problem.',
    "- `errors` and `warnings` are ordered by `path`, segment by segment, array indexes as numbers (`/fighters` before `/fighters/2/…` before `/fighters/10`); problems at one path in the order the rules check them. For a text list every problem also carries `line` and `column`: the fighter's line (at its name, or at the item in brackets) for `/fighters/<i>/…`, the band line for the rest.",
    '- `?receipt=true` asks for a receipt as `"receipt": true` does; it is how a text/plain list asks for one.',
    '- `"receipt": true` adds `receipt`: a compact JWS (`alg: EdDSA`, Ed25519, `kid` in the header; public keys at `GET /.well-known/jwks.json`) whose payload holds `rosterSha256` (hex SHA-256 of the canonical JSON of the body as sent without `receipt`: keys sorted recursively, no spaces; for a text list, of the parsed `roster`), `edition`, `valid`, `codes`, `totals`, `catalog` (with `catalogRef`), `rulesVersion` (the rules release), `iat` and `iss`. Check one with `POST /v1/receipts/verify`.',
    '',
    ROSTER_TEXT_DOC,
    '',
    ROSTER_BUDGETS_DOC,
  ].join('\n'),
  body: RosterBodySchema,
  examples: [
    {
      summary: 'Yuri by reference plus an inline Joker',
      value: {
        bandType: 'faction',
        fighters: [
          { ref: 'yuri' },
          {
            id: 'v',
            name: 'Vladd',
            faction: 'jokers',
            stigma: 'chaos',
            value: 30,
            limbs: {
              head: { white: 2, red: 1, faces: [1], normal: 3, wounded: 2 },
              arms: { white: 2, red: 1, faces: [2, 3], normal: 6, wounded: 5 },
              torso: { white: 2, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
              legs: { white: 2, red: 1, faces: [6], normal: 4, wounded: 3 },
            },
          },
        ],
      },
    },
    { summary: 'A DE stigma band', value: { edition: 'de', bandType: 'stigma', affiliation: 'Chaos', fighters: [{ ref: 'yuri' }] } },
  ],
  response: RosterValidationSchema,
  text: { parse: parseRosterBody, examples: [{ summary: 'Yûri with a helmet, in Spanish', value: TEXT_EXAMPLE }] },
  query: Type.Object({
    receipt: Type.Optional(Type.Boolean({ description: 'Same as `"receipt": true` in the body; the way to ask a receipt for a text/plain list.' })),
  }),
  handle(input, ctx) {
    const answer: Record<string, unknown> = rosterValidation(input, ctx.lang);
    // a text list answers with the list it was read as
    if (ctx.source === 'text') answer.roster = input;
    if (input.receipt !== true && ctx.query?.receipt !== true) return answer;
    const receipts = ctx.receipts;
    if (!receipts) throw new InvalidInput([{ path: '/receipt', code: 'receipt_unavailable', message: 'Receipts are not signed here.' }]);
    const r = answer as ReturnType<typeof rosterValidation>;
    return receipts.sign(rosterClaims(input, input.edition, r)).then((receipt) => ({ ...answer, receipt }));
  },
});
