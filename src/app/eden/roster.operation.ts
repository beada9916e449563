/** `eden.roster` — POST /v1/eden/rosters/validate: band building (EDEN-ROSTER-1..6, EDEN-PREP-2). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../operation.js';
import { SummarySchema } from '../schemas/common.js';
import { EditionSchema, FighterSchema } from './schemas.js';
import { tr } from './phase-common.js';
import { validateRoster, type RosterEntry } from '../../games/eden/roster.js';
import type { FighterInput } from '../../games/eden/fighter.js';

const RefSchema = Type.Object(
  { ref: Type.String({ minLength: 1, maxLength: 100, description: 'Id in the request `catalog`, else in the built-in catalog (GET /v1/eden/catalog), e.g. `yuri`.' }) },
  { description: 'A fighter by reference.' },
);

const ProblemSchema = Type.Object({ code: Type.String(), path: Type.String(), message: Type.String() });

export const edenRosterOperation = defineOperation({
  id: 'eden.roster',
  method: 'POST',
  path: '/v1/eden/rosters/validate',
  graphql: { name: 'edenValidateRoster', kind: 'mutation' },
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
    '- EDEN-AMB-5: the band\'s symbol is the one of its type (`affiliation` in the answer); a Stigma band whose fighters happen to share a faction is still a Stigma band.',
  ].join('\n'),
  body: Type.Object({
    edition: Type.Optional(EditionSchema),
    bandType: Type.Union([Type.Literal('faction'), Type.Literal('stigma')], { description: 'EDEN-ROSTER-1: Faction or Stigma band.' }),
    affiliation: Type.Optional(Type.String({ maxLength: 100, description: 'The symbol chosen for the band (EDEN-ROSTER-2); inferred when all fighters share one.' })),
    budget: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: 'Agreed budget (EDEN-ROSTER-3/5); default 100.' })),
    catalog: Type.Optional(Type.Array(FighterSchema, { maxItems: 200, description: 'Your own profiles, referenced by `id`.' })),
    fighters: Type.Array(Type.Union([RefSchema, FighterSchema]), { maxItems: 200, description: 'Fighters (CONTRACT §2) or `{"ref": id}`.' }),
  }),
  examples: [
    { summary: 'Yuri by reference plus an inline Joker', value: { bandType: 'faction', fighters: [{ ref: 'yuri' }, { id: 'v', name: 'Vladd', faction: 'jokers', stigma: 'chaos', value: 30, limbs: { head: { white: 2, red: 1, faces: [1], normal: 3, wounded: 2 }, arms: { white: 2, red: 1, faces: [2, 3], normal: 6, wounded: 5 }, torso: { white: 2, red: 1, faces: [4, 5], normal: 4, wounded: 3 }, legs: { white: 2, red: 1, faces: [6], normal: 4, wounded: 3 } } }] } },
    { summary: 'A DE stigma band', value: { edition: 'de', bandType: 'stigma', affiliation: 'Chaos', fighters: [{ ref: 'yuri' }] } },
  ],
  response: Type.Object(
    {
      valid: Type.Boolean(),
      errors: Type.Array(ProblemSchema),
      warnings: Type.Array(ProblemSchema),
      bandType: Type.String(),
      affiliation: Type.Union([Type.String(), Type.Null()]),
      totals: Type.Object({ value: Type.Integer(), budget: Type.Integer(), strategyPoints: Type.Integer() }),
      fighters: Type.Array(Type.Object({}, { additionalProperties: true })),
      summary: SummarySchema,
    },
    { additionalProperties: true },
  ),
  handle(input, ctx) {
    const r = validateRoster({
      edition: input.edition,
      bandType: input.bandType,
      affiliation: input.affiliation,
      budget: input.budget,
      catalog: input.catalog as FighterInput[] | undefined,
      fighters: input.fighters as RosterEntry[],
    });
    const { value, budget, strategyPoints: sp } = r.totals;
    const head = r.valid
      ? tr({ en: 'Legal band', es: 'Banda válida', de: 'Gültige Einheit' }, ctx.lang)
      : tr({ en: `Illegal band (${r.errors.length} problem(s): ${r.errors.map((e) => e.code).join(', ')})`, es: `Banda no válida (${r.errors.length} problema(s): ${r.errors.map((e) => e.code).join(', ')})`, de: `Ungültige Einheit (${r.errors.length} Problem(e): ${r.errors.map((e) => e.code).join(', ')})` }, ctx.lang);
    const summary = tr(
      {
        en: `${head} (EDEN-ROSTER-1..6): ${value}/${budget} points; ${sp} Strategy Points (EDEN-PREP-2${r.bandType === 'stigma' ? ', halved for a Stigma band' : ''}).`,
        es: `${head} (EDEN-ROSTER-1..6): ${value}/${budget} puntos; ${sp} Puntos de Estrategia (EDEN-PREP-2${r.bandType === 'stigma' ? ', divididos entre dos por ser banda de Estigma' : ''}).`,
        de: `${head} (EDEN-ROSTER-1..6): ${value}/${budget} Punkte; ${sp} Strategiepunkte (EDEN-PREP-2${r.bandType === 'stigma' ? ', halbiert für eine Stigmaeinheit' : ''}).`,
      },
      ctx.lang,
    );
    return { ...r, summary };
  },
});
