/**
 * CONTRACT §9.3 on GraphQL: match commands typed. GraphQL has no input unions; `playCommand` takes
 * `MatchCommandInput`, a `@oneOf` input with one field per command type of every game — the field
 * named after the type (`eden.bid` → `edenBid`), its input type converted from the schema that
 * validates that command — and runs it as `runCommand` does with `{type, ...members}`. `runCommand`
 * (the command as JSON) stays.
 */
import type { GraphQLInputType } from 'graphql';
import type { GraphqlExtension } from '../extension.js';
import { commandUnion } from '../../app/matches/games.js';
import { RunCommandBody } from '../../app/matches/schemas.js';
import { commandViewer } from '../../app/matches/views.js';
import { matchesOf } from '../../transport/services.js';
import { gql } from '../types/graphql-js.js';
import { inputAsRest } from '../types/rest-shape.js';
import { callerLanguage as lang, matchCaller, type GraphqlContext as Ctx } from '../caller.js';
import { guarded, idempotencyKey as key, input } from '../resolve.js';
import { InvalidInput } from '../../kernel/errors.js';
import { typedCommandResult, withGameState } from './matches.js';

const { GraphQLID, GraphQLInputObjectType, GraphQLInt, GraphQLNonNull, GraphQLString } = gql;

/** `eden.register_band` → `edenRegisterBand`. */
const fieldName = (type: string) => type.replace(/[._-]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());

export const typedCommandsGraphql: GraphqlExtension = {
  fields: (t) => {
    // the canonical types only: the deprecated aliases stay reachable through runCommand
    const commands = commandUnion().filter((c) => !c.deprecated);
    const byField = new Map<string, { type: string; input: GraphQLInputType }>();
    for (const c of commands) {
      // the command's members without `type` (the field says it) and without `dice` (a JSON member of every command)
      const schema = c.schema as { properties?: Record<string, unknown>; required?: string[] };
      const members = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => k !== 'type'));
      const body = { ...schema, properties: members, required: (schema.required ?? []).filter((k) => k !== 'type'), title: c.name };
      const empty = Object.keys(members).length === 0;
      byField.set(fieldName(c.type), { type: c.type, input: empty ? gql.GraphQLBoolean : t.input(body as never, c.name).type });
    }
    const command = new GraphQLInputObjectType({
      name: 'MatchCommandInput',
      description:
        'One command: exactly one field, named after its type (`eden.bid` → `edenBid`), holding its members. (CONTRACT §9.3; runCommand takes the same command as JSON.)',
      isOneOf: true,
      fields: Object.fromEntries(
        [...byField].map(([name, f]) => [name, { type: f.input, description: `\`${f.type}\`${f.input === gql.GraphQLBoolean ? ' (no members: send true)' : ''}.` }]),
      ),
    });
    return {
      mutation: {
        playCommand: {
          type: typedCommandResult(t),
          description: 'Run a rules command, typed: as runCommand (POST /v1/matches/{id}/commands), the command given as its own input type.',
          args: {
            id: { type: new GraphQLNonNull(GraphQLID) },
            command: { type: new GraphQLNonNull(command) },
            expectedVersion: { type: GraphQLInt, description: 'When given, a match at another version → 409 (as on REST).' },
            idempotencyKey: { type: GraphQLString, description: 'As the Idempotency-Key header.' },
            as: { type: GraphQLString, description: 'Owner only: send the command for one player (as `?as=`, CONTRACT §9.1).' },
          },
          resolve: (_: unknown, args: { id: string; command: Record<string, unknown>; expectedVersion?: number | null; idempotencyKey?: string; as?: string | null }, ctx: Ctx) =>
            guarded(async () => {
              const [name, value] = Object.entries(args.command)[0] ?? [];
              const field = name === undefined ? undefined : byField.get(name);
              if (!field) throw new InvalidInput([{ path: '/command', code: 'required', message: 'give exactly one command field' }]);
              const members = field.input === gql.GraphQLBoolean ? {} : (inputAsRest(value, field.input) as Record<string, unknown>);
              const body = input(RunCommandBody, { ...(args.expectedVersion != null ? { expectedVersion: args.expectedVersion } : {}), command: { type: field.type, ...members } });
              const caller = await matchCaller(ctx, args.id);
              const viewer = commandViewer(caller.viewer, args.as ?? undefined);
              return withGameState((await matchesOf(ctx.app).commands.command(caller.ownerId, args.id, body as never, key(args.idempotencyKey), viewer, lang(ctx))).body);
            }),
        },
      },
    };
  },
};
