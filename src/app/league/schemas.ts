/** Request and response schemas of the league routes (CONTRACT §7.4), shared by REST and GraphQL. */
import { Type } from '@sinclair/typebox';
import { RosterBodySchema, RosterValidationSchema } from '../eden/roster.operation.js';
import { DEFAULT_ROSTER_LIMITS } from './rosters.js';
import { EventOut } from '../matches/schemas.js';

const Open = (description: string) => Type.Object({}, { additionalProperties: true, description });

/** CONTRACT §8.5: absolute under PUBLIC_URL, else a relative path; never from the request's Host / X-Forwarded-*. */
const ShareLink = Type.String({
  format: 'uri-reference',
  description:
    'The share link (GET, no API key): `PUBLIC_URL` + `/v1/eden/rosters/{id}` when the service has a `PUBLIC_URL`, else the relative path `/v1/eden/rosters/{id}` (resolve it against the base URL you called).',
});

export const StoreRosterBody = Type.Object(
  { roster: RosterBodySchema },
  {
    title: 'StoreRosterRequest',
    description: `\`roster\` is stored as sent: at most MAX_STORED_ROSTER_BYTES (default ${DEFAULT_ROSTER_LIMITS.maxRosterBytes}) bytes of JSON, and at most MAX_STORED_ROSTERS_PER_KEY (default ${DEFAULT_ROSTER_LIMITS.maxStoredPerKey}) lists per API key.`,
  },
);

export const StoredRosterCreated = Type.Object(
  {
    id: Type.String({ description: 'Random and unguessable: the share link is the only way to the list.' }),
    validation: RosterValidationSchema,
    url: ShareLink,
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'StoredRosterCreated', description: '`validation`: the answer of POST /v1/eden/rosters/validate for the list, as answered now.' },
);

export const StoredRosterView = Type.Object(
  {
    id: Type.String(),
    roster: Open('The validate body as stored. (GraphQL: JSON, as its entries may be `{ref}` alone, without the members a fighter requires.)'),
    validation: RosterValidationSchema,
    createdAt: Type.String({ format: 'date-time' }),
    rulesChanged: Type.Boolean({ description: 'True when validating the list today gives another result (the summary aside).' }),
    current: Type.Optional(RosterValidationSchema),
    url: ShareLink,
  },
  {
    title: 'StoredRoster',
    description: '`validation`: the answer of POST /v1/eden/rosters/validate when the list was stored; `current`: the answer today, present only when `rulesChanged`.',
  },
);

export const RosterIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

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
      description: 'The payload (also when the signature does not hold: never trust it then). (GraphQL: JSON, as an unverified payload can hold anything.)',
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
        description:
          'EDEN: victory points by side `A` / `B` (EDEN-GAME-3); Exsilium: Baralytas points by player id (EXS-WIN-1). (GraphQL: JSON, as its keys are sides or player ids.)',
      }),
    ),
    version: Type.Integer({ description: 'The match version the result was read at.' }),
    game: Type.String(),
    players: Type.Optional(
      Type.Record(Type.String(), Type.Object({ id: Type.String(), name: Type.String() }), { description: 'The players by side. (GraphQL: JSON, as its keys are the sides.)' }),
    ),
    winningSide: Type.Optional(
      Type.Union([Type.String(), Type.Null()], { description: 'EDEN: the winning side `A` / `B` (what `winner` held before v1.2); null before the end and on a draw.' }),
    ),
    reason: Type.Optional(
      Type.String({
        description:
          'How the match ended (`state.outcome.reason`): EDEN `turns` (EDEN-GAME-1) / `elimination` (EDEN-GAME-2), Ánima `ANIMA-MISSION-3`, Exsilium `EXS-WIN-1`, The Spirit of Eden `SOE-END-1` (won) / `SOE-END-2` (lost).',
      }),
    ),
    receipt: Type.Optional(Type.String({ description: 'Once ended: a compact JWS (EdDSA) over `matchId`, `game`, `version`, `winner`, `winners`, `score`, `iat`, `iss`.' })),
  },
  { title: 'MatchResult' },
);
