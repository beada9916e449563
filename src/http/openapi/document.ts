/**
 * The last step of the OpenAPI document (@fastify/swagger `transformObject`): shared problem
 * responses, examples (registry operations computed, hand-written routes from ./route-examples.ts),
 * the `text/plain` bodies of operations that accept them, then titled schemas moved to
 * `components.schemas` and tuples in 3.1 form (./shared-schemas.ts).
 */
import { operations } from '../../app/registry.js';
import { documentProblems } from '../openapi-info.js';
import { documentOperationExamples, namedExamples, type ExampleMedia } from './operation-examples.js';
import { ROUTE_EXAMPLES, TEXT_BODY_ROUTES } from './route-examples.js';
import { shareTitledSchemas, type Document } from './shared-schemas.js';
import { requiredUnlessByRef } from '../../kernel/validate.js';
import { documentMatchCommands } from './match-commands.js';
import { documentMatchTypes } from './match-types.js';

interface Operation3 {
  operationId?: string;
  requestBody?: { content?: Record<string, ExampleMedia & { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, ExampleMedia> }>;
}
type Paths = Record<string, Record<string, Operation3>>;

/** The hand-written examples, on the first media type of each documented answer. */
function documentRouteExamples(paths: Paths): void {
  for (const methods of Object.values(paths)) {
    for (const op of Object.values(methods)) {
      const examples = op.operationId ? ROUTE_EXAMPLES[op.operationId] : undefined;
      for (const [status, example] of Object.entries(examples ?? {})) {
        const content = op.responses?.[status]?.content;
        const media = content && Object.values(content)[0];
        if (!media) throw new Error(`OpenAPI: ${op.operationId} documents no ${status} answer for its example.`);
        media.examples = namedExamples([example]);
      }
    }
  }
}

/** Operations with a `text` form also take `text/plain` bodies (on REST). */
function documentTextBodies(paths: Paths): void {
  const texts = new Map<string, { summary: string; value: string }[]>(operations.filter((op) => op.text).map((op) => [op.id, op.text!.examples ?? []]));
  for (const [id, examples] of Object.entries(TEXT_BODY_ROUTES)) texts.set(id, examples);
  for (const methods of Object.values(paths)) {
    for (const op of Object.values(methods)) {
      const content = op.requestBody?.content;
      const examples = op.operationId ? texts.get(op.operationId) : undefined;
      if (content && examples) {
        content['text/plain'] = {
          schema: { type: 'string', description: 'The body as plain text (format in the operation description), answered like the JSON body.' },
          ...(examples.length ? { examples: namedExamples(examples) } : {}),
        };
      }
    }
  }
}

/** Resolved schemas sent by reference (`{"ref"}` fighters) say so: kernel requiredUnlessByRef. */
function documentResolvedShapes(doc: Document): void {
  for (const schema of Object.values((doc.components?.schemas ?? {}) as Record<string, object>)) requiredUnlessByRef(schema);
}

export function finishDocument({ openapiObject }: { openapiObject: Document }): Document {
  const doc = documentProblems({ openapiObject: openapiObject as never }) as Document;
  const paths = (doc.paths ?? {}) as Paths;
  documentOperationExamples(paths as never);
  documentRouteExamples(paths);
  documentTextBodies(paths);
  shareTitledSchemas(doc);
  documentMatchCommands(doc);
  documentMatchTypes(doc);
  documentResolvedShapes(doc);
  return doc;
}
