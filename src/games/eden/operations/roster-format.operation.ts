/** `eden.rosterFormat` — POST /v1/eden/rosters/format: a JSON army list written as plain text (CONTRACT §7.4). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { InvalidInput, prefixProblems } from '../../../kernel/errors.js';
import { formatRosterText } from '../rules/roster-text-format.js';
import { listed, ROSTER_BUDGETS_DOC, ROSTER_TEXT_DOC, RosterBodySchema } from './roster.operation.js';

export const edenRosterFormatOperation = defineOperation({
  id: 'eden.rosterFormat',
  method: 'POST',
  path: '/v1/eden/rosters/format',
  graphql: { name: 'edenFormatRoster' },
  tags: ['eden'],
  summary: 'Write an EDEN army list (a validate body) as plain text.',
  description: [
    "Answers `text/plain` in the format below (GraphQL: the text as a string); band keywords follow `Accept-Language`, fighter and item names are printed as the chosen edition spells them. Parsing the text gives the same body back (members the text has no words for, such as a fighter's state, are left out).",
    '- Only what the text can say is accepted: references `{"ref": id}`, catalog items and items with nothing but a name. Inline profiles, a request `catalog` or symbols with reserved characters are 400 `not_expressible` with `errors` naming each.',
    '',
    ROSTER_TEXT_DOC,
    '',
    ROSTER_BUDGETS_DOC.replace('plain-text list', 'plain-text list sent to validate'),
  ].join('\n'),
  body: Type.Object({
    roster: RosterBodySchema,
  }),
  examples: [
    {
      summary: 'Yuri with a helmet',
      value: {
        roster: {
          bandType: 'faction',
          affiliation: 'Jokers',
          budget: 100,
          fighters: [{ ref: 'yuri', equipment: [{ name: 'Helmet', categories: ['protection'], protection: { limbs: ['head'], value: 1 } }] }],
        },
      },
    },
  ],
  response: Type.String({ description: 'The list as text/plain.' }),
  handle(input, ctx) {
    const written = formatRosterText(input.roster as Record<string, unknown>, ctx.lang);
    if (!written.ok) {
      const { errors, errorsOmitted } = listed(prefixProblems('/roster', written.errors));
      throw new InvalidInput(errors, 'Parts of the list have no plain-text form (not_expressible).', 'invalid_request', errorsOmitted ? { errorsOmitted } : {});
    }
    return written.text;
  },
});
