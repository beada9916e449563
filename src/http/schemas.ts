/** Documentation schemas shared by routes. */
import { Type } from '@sinclair/typebox';

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.Optional(Type.String({ description: 'Machine-readable code, e.g. dice_exhausted, illegal_target, no_ap.' })),
    errors: Type.Optional(
      Type.Array(
        Type.Object(
          {
            path: Type.String({ description: 'JSON pointer into the request' }),
            code: Type.String(),
            message: Type.String(),
            in: Type.Optional(Type.String({ description: 'Where the member is when not in the body: querystring, params or headers.' })),
            line: Type.Optional(Type.Integer({ description: 'Text bodies: the line (from 1) the problem is about.' })),
            column: Type.Optional(Type.Integer({ description: 'Text bodies: the column (from 1).' })),
            limit: Type.Optional(Type.Number({ description: 'The bound that was crossed (maxItems, lines, …).' })),
            count: Type.Optional(Type.Number({ description: 'How many were sent.' })),
          },
          { additionalProperties: true },
        ),
      ),
    ),
    errorsOmitted: Type.Optional(Type.Integer({ description: 'Problems found but not listed (the list is capped).' })),
    instance: Type.Optional(Type.String()),
    requestId: Type.Optional(Type.String()),
  },
  { title: 'Problem', additionalProperties: true, description: 'RFC 9457 problem details (application/problem+json).' },
);

const DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed JSON or schema violations (every problem listed in `errors`).',
  401: 'Missing or unknown API key.',
  403: 'Wrong admin token.',
  404: 'Unknown id (or owned by another API key).',
  409: 'Version conflict (`currentVersion` tells the current one).',
  422: 'Rule violation on well-formed input; see `code`.',
  429: 'Rate limit exceeded.',
  503: 'Overloaded or not ready; retry after Retry-After seconds.',
};

export function problemResponses(statuses: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const s of statuses) out[s] = { description: DESCRIPTIONS[s] ?? 'Error', content: { 'application/problem+json': { schema: ProblemSchema } } };
  return out;
}
