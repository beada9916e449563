/** Request and response schemas of the league routes (CONTRACT §7.4), shared by REST and GraphQL. */
import { Type } from '@sinclair/typebox';
import { RosterBodySchema, RosterEntrySchema, RosterListSchema, RosterValidationSchema } from '../../games/eden/operations/roster.operation.js';
import { typedForGraphql } from '../../kernel/schemas/graphql-view.js';
import { DEFAULT_ROSTER_LIMITS, RFC3339 } from './rosters.js';
import { EventOut } from '../matches/schemas.js';

const Open = (description: string) => Type.Object({}, { additionalProperties: true, description });

/** CONTRACT §8.5: absolute under PUBLIC_URL, else a relative path; never from the request's Host / X-Forwarded-*. */
const ShareLink = Type.String({
  format: 'uri-reference',
  description:
    'The share link (GET, no API key): `PUBLIC_URL` + `/v1/eden/rosters/{id}` when the service has a `PUBLIC_URL`, else the relative path `/v1/eden/rosters/{id}` (resolve it against the base URL you called).',
});

const SealedUntil = Type.String({
  format: 'date-time',
  pattern: RFC3339,
  description:
    "RFC 3339 (CONTRACT §8.4): until this time the share link shows only `rosterSha256` (salted: CONTRACT §9.4) and the verdict (`valid`, `codes`), not the list; the owner may reveal it earlier (POST /v1/eden/rosters/{id}/reveal). It must be later than the service's clock: a time not in the future is 400 `sealed_until_past` at `/sealedUntil` (nothing is stored), as it would publish the list at once. Compute it from the current time (e.g. `date -u -d '+2 hours' +%Y-%m-%dT%H:%M:%SZ`) rather than copying a fixed date.",
});

const RosterSha256 = Type.String({
  description:
    'Hex SHA-256 of the canonical JSON of the list as stored (keys sorted recursively, no spaces, without `receipt`; a text list: the parsed `roster`), as a receipt of it names. For a list stored sealed (`sealedUntil`) it is salted (CONTRACT §9.4): SHA-256 of `salt + ":" + ` that canonical JSON, with a random `salt` that stays secret while the list is sealed and is published beside the list (`salt`) once it opens.',
});

const Salt = Type.String({
  pattern: '^[0-9a-f]{32,}$',
  description:
    'CONTRACT §9.4: the random salt (hex, 16 random bytes) of a list stored sealed, published once the list is open: `rosterSha256` is the hex SHA-256 of `salt + ":" + ` the canonical JSON of `roster` (keys sorted recursively, no spaces), the hash shown while it was sealed. Absent for a list never sealed (its `rosterSha256` is unsalted), and never shown while the list is sealed.',
});

export const StoreRosterBody = Type.Object(
  { roster: RosterBodySchema, sealedUntil: Type.Optional(SealedUntil) },
  {
    title: 'StoreRosterRequest',
    description: `\`roster\` is stored as sent: at most MAX_STORED_ROSTER_BYTES (default ${DEFAULT_ROSTER_LIMITS.maxRosterBytes}) bytes of JSON, and at most MAX_STORED_ROSTERS_PER_KEY (default ${DEFAULT_ROSTER_LIMITS.maxStoredPerKey}) lists per API key.`,
  },
);

export const StoreRosterQuery = Type.Object({
  sealedUntil: Type.Optional({ ...SealedUntil, description: 'For a text/plain list (which has no `sealedUntil` member): the same as `sealedUntil` in a JSON body.' }),
  receipt: Type.Optional(Type.Boolean({ description: 'Add `receipt` (as `"receipt": true` in the list does): a JWS over the stored list, naming its `rosterId`.' })),
});

export const StoredRosterCreated = Type.Object(
  {
    id: Type.String({ description: 'Random and unguessable: the share link is the only way to the list.' }),
    validation: RosterValidationSchema,
    url: ShareLink,
    createdAt: Type.String({ format: 'date-time' }),
    rosterSha256: Type.Optional(RosterSha256),
    sealed: Type.Optional(Type.Boolean({ description: 'True while the share link shows only the hash and the verdict.' })),
    sealedUntil: Type.Optional(Type.String({ format: 'date-time' })),
    receipt: Type.Optional(
      Type.String({
        description:
          'With `"receipt": true` (or `?receipt=true`): a compact JWS as of validate, whose payload also names `rosterId` (this list) and, for a sealed list, `sealedRosterSha256` (the salted `rosterSha256` its share link shows). Its `rosterSha256` is the plain hash of the list: keep the receipt private until the list is revealed.',
      }),
    ),
  },
  { title: 'StoredRosterCreated', description: '`validation`: the answer of POST /v1/eden/rosters/validate for the list, as answered now.' },
);

export const StoredRosterView = Type.Object(
  {
    id: Type.String(),
    roster: typedForGraphql(Open('The validate body as stored.'), RosterListSchema),
    validation: RosterValidationSchema,
    createdAt: Type.String({ format: 'date-time' }),
    rulesChanged: Type.Boolean({ description: 'True when validating the list today gives another result (the summary aside).' }),
    current: Type.Optional(RosterValidationSchema),
    url: ShareLink,
    sealed: Type.Optional(Type.Boolean({ description: 'False: the list is public (never sealed, its time passed, or revealed).' })),
    rosterSha256: Type.Optional(RosterSha256),
    salt: Type.Optional(Salt),
    sealedUntil: Type.Optional(Type.String({ format: 'date-time', description: 'When the list was sealed until.' })),
    revealedAt: Type.Optional(Type.String({ format: 'date-time', description: 'When its owner revealed it before that time.' })),
  },
  {
    title: 'StoredRoster',
    description: '`validation`: the answer of POST /v1/eden/rosters/validate when the list was stored; `current`: the answer today, present only when `rulesChanged`.',
  },
);

/** A sealed list as its share link shows it (CONTRACT §8.4): no member of the list, no path or message of its validation. */
export const SealedRosterView = Type.Object(
  {
    id: Type.String(),
    sealed: Type.Boolean({ description: 'True: the list is hidden until `sealedUntil` or its reveal.' }),
    rosterSha256: RosterSha256,
    validation: Type.Object(
      {
        valid: Type.Boolean(),
        codes: Type.Array(Type.String(), { description: 'The codes of its validation errors, in path order (no path or message: they would show the list).' }),
      },
      { title: 'SealedVerdict' },
    ),
    sealedUntil: Type.Optional(Type.String({ format: 'date-time', description: 'Until when (absent for a list that was never sealed: GraphQL `edenRosterSeal`).' })),
    revealedAt: Type.Optional(Type.String({ format: 'date-time' })),
    salt: Type.Optional({
      ...Salt,
      description: 'Only once the list is open (GraphQL `edenRosterSeal` of a revealed list): the salt of its `rosterSha256`. Never while `sealed` is true.',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    url: ShareLink,
  },
  { title: 'SealedRoster', description: 'A sealed list: its hash and verdict only, until `sealedUntil` or its reveal.' },
);

export const StoredRosterLink = Type.Union([StoredRosterView, SealedRosterView], {
  description: 'The list (`sealed: false`), or while it is sealed only its hash and verdict (`sealed: true`).',
});

export const RosterIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/** GraphQL: one input with the members of both shapes (a list, or a stored list's `id`); the diff tells them apart as REST does. */
const DiffSideInput = Type.Union([RosterBodySchema, Type.Object({ id: Type.String({ description: 'A stored list that is not sealed.' }) })], { title: 'RosterDiffSide' });

const DiffSide = typedForGraphql(
  Type.Unknown({
    description:
      'A list: a roster body (as POST /v1/eden/rosters/validate takes, `catalogRef` included), or `{"id"}` of a stored list that is not sealed (a sealed one → 422 `roster_sealed`; unknown → 400 `unknown_roster` at `…/id`).',
  }),
  DiffSideInput,
);

export const RosterDiffBody = Type.Object({ from: DiffSide, to: DiffSide }, { title: 'RosterDiffRequest' });

const ChangedValue = (side: string) =>
  Type.Unknown({
    description: `The member ${side} (null when absent there). (GraphQL: JSON, as its shape depends on \`path\`: a number, a string, a list or an object.)`,
  });
const Change = Type.Object(
  {
    path: Type.String({ description: 'JSON pointer into the fighter (or, in `band`, into the body).' }),
    from: ChangedValue('in `from`'),
    to: ChangedValue('in `to`'),
  },
  { title: 'RosterChange', description: 'One member that differs between the two lists.' },
);
const DiffFighter = Type.Object({
  name: Type.String(),
  index: Type.Integer({ description: "Position in its list's `fighters`." }),
  entry: typedForGraphql(Type.Unknown({ description: 'The entry as the list has it.' }), RosterEntrySchema),
});
const Totals = Type.Object({ value: Type.Integer(), budget: Type.Integer(), strategyPoints: Type.Integer() });

export const RosterDiffSchema = Type.Object(
  {
    added: Type.Array(DiffFighter, { description: 'Fighters of `to` with no fighter of that name in `from`.' }),
    removed: Type.Array(DiffFighter, { description: 'Fighters of `from` with no fighter of that name in `to`.' }),
    changed: Type.Array(
      Type.Object({
        name: Type.String(),
        fromIndex: Type.Integer(),
        toIndex: Type.Integer(),
        changes: Type.Array(Change, {
          description: 'Every member that differs, by JSON pointer into the resolved profile (`/value`, `/equipment/1/name`); a member absent on one side is null there.',
        }),
      }),
    ),
    band: Type.Array(Change, { description: 'Changes of the band itself: `/bandType`, `/affiliation`, `/budget`, `/edition`, `/catalogRef/…`.' }),
    totals: Type.Object({ from: Totals, to: Totals }, { description: "Each list's validation `totals`." }),
    valid: Type.Object({ from: Type.Boolean(), to: Type.Boolean() }, { description: 'Whether each list is legal.' }),
  },
  { title: 'RosterDiff' },
);

export const VerifyReceiptBody = Type.Object(
  {
    receipt: Type.String({ minLength: 1, maxLength: 20000, description: 'A compact JWS from Arbiter.' }),
    roster: Type.Optional(
      Type.Unknown({
        description:
          'The validate body the receipt is about: checked against its `rosterSha256`. (GraphQL: JSON, as every member sent counts in the hash, also members no schema declares.)',
      }),
    ),
  },
  { title: 'VerifyReceiptRequest' },
);

export const VerifiedReceiptSchema = Type.Object(
  {
    valid: Type.Boolean({ description: 'Signed by one of the published keys (GET /.well-known/jwks.json) and unaltered.' }),
    claims: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], {
      description:
        'The payload (also when the signature does not hold: never trust it then). (GraphQL: JSON, as an unverified payload can hold anything; a valid one holds the claims of a roster receipt or of a match result, told apart by `rosterSha256` or `matchId`.)',
    }),
    rosterMatches: Type.Optional(Type.Boolean({ description: "With `roster`: its canonical SHA-256 is the receipt's `rosterSha256`." })),
    reason: Type.Optional(
      Type.String({
        description: '`malformed`, `not_a_receipt` (a token signed for another use: its JWS `typ` is not `receipt+jwt`), `unknown_key` or `bad_signature` when not valid.',
      }),
    ),
    kid: Type.Optional(Type.String()),
  },
  { title: 'ReceiptVerification' },
);

export const JwksSchema = Type.Object(
  {
    keys: Type.Array(Type.Object({ kty: Type.String(), crv: Type.String(), x: Type.String(), kid: Type.String(), alg: Type.String(), use: Type.String() })),
  },
  { title: 'Jwks' },
);

export const CorrectionBody = Type.Object(
  {
    expectedVersion: Type.Integer({ minimum: 0, maximum: 2_000_000_000, description: 'The match version the correction is written against (409 otherwise).' }),
    reason: Type.String({ minLength: 1, maxLength: 1000 }),
    undo: Type.Integer({ minimum: 1, maximum: 1000, description: 'How many of the last events that still count to withdraw.' }),
  },
  { title: 'MatchCorrectionRequest' },
);

export const CorrectionResult = Type.Object(
  {
    version: Type.Integer(),
    events: Type.Array(EventOut, { description: 'The `match.corrected` event.' }),
    withdrawn: Type.Array(Type.Integer(), { description: 'The versions this correction withdrew.' }),
    state: Type.Unknown({ description: 'The projection after the correction. (GraphQL: JSON: each game projects its own state.)' }),
  },
  { title: 'MatchCorrection' },
);

export const MatchResultSchema = Type.Object(
  {
    ended: Type.Boolean(),
    winner: Type.Union([Type.String(), Type.Null()], {
      description:
        'The only winner (a player id), else null: not ended, a draw, a lost solo game, or several winners (a won The Spirit of Eden game with several players). Before v1.2 EDEN answered the side here (now `winningSide`) and The Spirit of Eden `players` / `goomz`.',
    }),
    winners: Type.Array(Type.String(), {
      description: 'Every winner by player id (`state.outcome.winners`, CONTRACT §8.2); empty until the end, on a draw and for a lost solo game.',
    }),
    score: Type.Optional(
      Type.Record(Type.String(), Type.Integer(), {
        description: 'EDEN: victory points by side `A` / `B` (EDEN-GAME-3); Exsilium: Baralytas points by player id (EXS-WIN-1).',
      }),
    ),
    version: Type.Integer({ description: 'The match version the result was read at.' }),
    game: Type.String(),
    players: Type.Optional(Type.Record(Type.String(), Type.Object({ id: Type.String(), name: Type.String() }), { description: 'The players by side.' })),
    winningSide: Type.Optional(
      Type.Union([Type.String(), Type.Null()], { description: 'EDEN: the winning side `A` / `B` (what `winner` held before v1.2); null before the end and on a draw.' }),
    ),
    reason: Type.Optional(
      Type.String({
        description:
          'How the match ended (`state.outcome.reason`): EDEN `turns` (EDEN-GAME-1) / `elimination` (EDEN-GAME-2), Ánima `ANIMA-MISSION-3`, Exsilium `EXS-WIN-1`, The Spirit of Eden `SOE-END-1` (won) / `SOE-END-2` (lost).',
      }),
    ),
    logSha256: Type.Optional(
      Type.String({
        description:
          'Once ended: SHA-256 (hex) of the canonical JSON (keys sorted, no spaces) of `[{version, type, schemaVersion, data}]` of every event 1…`version` (CONTRACT §8.1); also signed in `receipt`.',
      }),
    ),
    receipt: Type.Optional(
      Type.String({ description: 'Once ended: a compact JWS (EdDSA) over `matchId`, `game`, `version`, `winner`, `winners`, `score`, `logSha256`, `iat`, `iss`.' }),
    ),
  },
  { title: 'MatchResult' },
);
