/**
 * GraphQL for the league tools (CONTRACT §7.4), over the same use cases and schemas as the REST
 * routes: stored lists (`edenRoster`, `storeEdenRoster`), receipts (`receiptKeys`, `verifyReceipt`),
 * match corrections (`correctMatch`) and results (`matchResult`). List validation and formatting
 * are operations, generated like every other.
 */
import type { GraphqlExtension } from '../extension.js';
import { publicLink } from '../../config.js';
import {
  CorrectionBody,
  CorrectionResult,
  JwksSchema,
  MatchResultSchema,
  RosterDiffBody,
  RosterDiffSchema,
  SealedRosterView,
  StoredRosterCreated,
  StoredRosterView,
  StoreRosterBody,
  VerifiedReceiptSchema,
  VerifyReceiptBody,
} from '../../app/league/schemas.js';
import { CatalogBodySchema, CatalogSaved, CatalogView } from '../../app/league/catalog-schemas.js';
import { attachCatalogRef } from '../../games/eden/operations/catalog-ref.js';
import { validate } from '../../kernel/validate.js';
import type { RosterBody } from '../../games/eden/operations/roster.operation.js';
import { RosterSealed } from '../../app/league/rosters.js';
import { InvalidInput, type InputProblem } from '../../kernel/errors.js';
import { gql } from '../types/graphql-js.js';
import { verifyReceipt } from '../../app/league/receipts.js';
import { signedResult } from '../../app/league/results.js';
import { matchesOf } from '../../transport/services.js';
import { unavailable } from '../../transport/problem.js';
import { callerLanguage as lang, owner, type GraphqlContext as Ctx } from '../caller.js';
import { guarded, idempotencyKey as key, input } from '../resolve.js';

/** As REST's (src/http/routes/league.ts): under PUBLIC_URL, else a relative path; never from the request's headers (CONTRACT §8.5). */
const shareUrl = (ctx: Ctx, id: string) => publicLink(ctx.app.config.publicUrl, `/v1/eden/rosters/${encodeURIComponent(id)}`);

function rosters(ctx: Ctx) {
  const r = ctx.app.services.rosters;
  if (!r) throw unavailable('Stored lists need a database; none is configured.');
  return r;
}

function catalogs(ctx: Ctx) {
  const c = ctx.app.services.catalogs;
  if (!c) throw unavailable('Stored catalogs need a database; none is configured.');
  return c;
}

const id = { type: new gql.GraphQLNonNull(gql.GraphQLID) };

/** A catalog's schema problems, listed with its own in one error (as REST does); other refusals as they are. */
function schemaProblems(body: unknown): InputProblem[] {
  try {
    validate(CatalogBodySchema, body);
    return [];
  } catch (error) {
    if (error instanceof InvalidInput && error.code === 'invalid_request') return error.errors;
    throw error;
  }
}

export const leagueGraphql: GraphqlExtension = {
  fields: (t) => ({
    query: {
      edenRoster: {
        type: t.output(StoredRosterView, 'StoredRoster').type,
        description:
          'A stored army list (public share link). Same as GET /v1/eden/rosters/{id}, except for a sealed list (CONTRACT §8.4): an error `roster_sealed` (422) instead; its hash and verdict are `edenRosterSeal`.',
        args: { id },
        resolve: (_: unknown, args: { id: string }, ctx: Ctx) =>
          guarded(async () => {
            const view = await rosters(ctx).get(args.id, lang(ctx));
            if (view.sealed) throw new RosterSealed(view.id, view.sealedUntil!);
            return { ...view, url: shareUrl(ctx, view.id) };
          }),
      },
      edenRosterSeal: {
        type: t.output(SealedRosterView, 'SealedRoster').type,
        description:
          "A stored list's public seal: `sealed`, `rosterSha256` and the verdict (`valid`, `codes`), whether it is sealed or not (CONTRACT §8.4); once a list stored sealed is open, also the `salt` of its `rosterSha256` (CONTRACT §9.4).",
        args: { id },
        resolve: (_: unknown, args: { id: string }, ctx: Ctx) =>
          guarded(async () => {
            const seal = await rosters(ctx).seal(args.id);
            return { ...seal, url: shareUrl(ctx, seal.id) };
          }),
      },
      edenRosterDiff: {
        type: t.output(RosterDiffSchema, 'RosterDiff').type,
        description: 'What changed between two army lists (input as POST /v1/eden/rosters/diff).',
        args: { input: { type: t.inputField(RosterDiffBody, 'EdenRosterDiff') } },
        resolve: (_: unknown, args: { input: unknown }, ctx: Ctx) =>
          guarded(async () => rosters(ctx).diff(input<{ from: unknown; to: unknown }>(RosterDiffBody, args.input), lang(ctx))),
      },
      edenLeagueCatalog: {
        type: t.output(CatalogView, 'LeagueCatalog').type,
        description: "A version of a league's stored catalog (public; the latest without `version`). Same as GET /v1/eden/catalogs/{id}.",
        args: { id, version: { type: gql.GraphQLInt } },
        resolve: (_: unknown, args: { id: string; version?: number | null }, ctx: Ctx) => guarded(async () => catalogs(ctx).get(args.id, args.version ?? undefined)),
      },
      matchResult: {
        type: t.output(MatchResultSchema, 'MatchResult').type,
        description: 'Whether the match has ended, winner, score, and a receipt once ended. Same as GET /v1/matches/{id}/result.',
        args: { id },
        resolve: (_: unknown, args: { id: string }, ctx: Ctx) =>
          guarded(async () => {
            const o = await owner(ctx);
            const { reads } = matchesOf(ctx.app);
            const view = await reads.view(o.id, args.id);
            return signedResult(view, ctx.app.services.receipts, () => reads.logDigest(o.id, view.id, view.version));
          }),
      },
      receiptKeys: {
        type: t.output(JwksSchema, 'ReceiptKeys').type,
        description: 'The public keys that sign receipts. Same as GET /.well-known/jwks.json.',
        resolve: (_: unknown, _args: unknown, ctx: Ctx) => guarded(() => ctx.app.services.receipts.jwks()),
      },
      verifyReceipt: {
        type: t.output(VerifiedReceiptSchema, 'VerifiedReceipt').type,
        description: 'Check a receipt (input as POST /v1/receipts/verify).',
        args: { input: { type: t.inputField(VerifyReceiptBody, 'VerifyReceipt') } },
        resolve: (_: unknown, args: { input: unknown }, ctx: Ctx) =>
          guarded(async () => {
            const body = input<{ receipt: string; roster?: unknown }>(VerifyReceiptBody, args.input);
            return verifyReceipt(ctx.app.services.receipts, body);
          }),
      },
    },
    mutation: {
      storeEdenRoster: {
        type: t.output(StoredRosterCreated, 'StoredRosterCreated').type,
        description: 'Store an army list for sharing (input as POST /v1/eden/rosters).',
        args: { input: { type: t.inputField(StoreRosterBody, 'StoreEdenRoster') } },
        resolve: (_: unknown, args: { input: unknown }, ctx: Ctx) =>
          guarded(async () => {
            const o = await owner(ctx);
            const given = structuredClone(args.input) as { roster?: unknown } | null;
            rosters(ctx).checkSize(given?.roster);
            await attachCatalogRef(given?.roster, ctx.app.services.catalogs);
            // validated in place (not a copy): the catalog found stays on its `catalogRef`
            const body = validate<{ roster: RosterBody; sealedUntil?: string }>(StoreRosterBody, given);
            const saved = await rosters(ctx).save(o.id, body.roster, lang(ctx), { sealedUntil: body.sealedUntil, receipt: body.roster.receipt === true });
            return { ...saved, url: shareUrl(ctx, saved.id) };
          }),
      },
      revealEdenRoster: {
        type: t.output(StoredRosterView, 'StoredRoster').type,
        description: 'Reveal a sealed list before its time (its owner). Same as POST /v1/eden/rosters/{id}/reveal.',
        args: { id },
        resolve: (_: unknown, args: { id: string }, ctx: Ctx) =>
          guarded(async () => {
            const o = await owner(ctx);
            const view = await rosters(ctx).reveal(o.id, args.id, lang(ctx));
            return { ...view, url: shareUrl(ctx, view.id) };
          }),
      },
      createEdenLeagueCatalog: {
        type: t.output(CatalogSaved, 'CatalogVersionSaved').type,
        description: "Store a league's catalog, version 1 (input as POST /v1/eden/catalogs).",
        args: { input: { type: t.inputField(CatalogBodySchema, 'CreateEdenLeagueCatalog') } },
        resolve: (_: unknown, args: { input: unknown }, ctx: Ctx) =>
          guarded(async () => {
            const o = await owner(ctx);
            const given = structuredClone(args.input);
            catalogs(ctx).checkSize(given);
            return catalogs(ctx).create(o.id, given, schemaProblems(given));
          }),
      },
      updateEdenLeagueCatalog: {
        type: t.output(CatalogSaved, 'CatalogVersionSaved').type,
        description: 'Store the next version of a catalog (its owner; input as PUT /v1/eden/catalogs/{id}).',
        args: { id, input: { type: t.inputField(CatalogBodySchema, 'UpdateEdenLeagueCatalog') } },
        resolve: (_: unknown, args: { id: string; input: unknown }, ctx: Ctx) =>
          guarded(async () => {
            const o = await owner(ctx);
            const given = structuredClone(args.input);
            catalogs(ctx).checkSize(given);
            return catalogs(ctx).update(o.id, args.id, given, schemaProblems(given));
          }),
      },
      correctMatch: {
        type: t.output(CorrectionResult, 'MatchCorrected').type,
        description: 'Withdraw the last events that still count (input as POST /v1/matches/{id}/corrections).',
        args: {
          id,
          input: { type: t.inputField(CorrectionBody, 'CorrectMatch') },
          idempotencyKey: { type: gql.GraphQLString, description: 'As the Idempotency-Key header.' },
        },
        resolve: (_: unknown, args: { id: string; input: unknown; idempotencyKey?: string }, ctx: Ctx) =>
          guarded(async () => {
            const o = await owner(ctx);
            const body = input<{ expectedVersion: number; reason: string; undo: number }>(CorrectionBody, args.input);
            return (await matchesOf(ctx.app).commands.correct(o.id, args.id, body, { id: o.id, name: o.name }, key(args.idempotencyKey))).body;
          }),
      },
    },
  }),
};
