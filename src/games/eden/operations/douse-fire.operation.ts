/** `eden.douseFire` — POST /v1/eden/states/douse-fire: remove Fire markers with AP (EDEN-STATE-FIRE-2). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { EditionSchema, FighterOutSchema, FighterSchema } from './schemas.js';
import { tr } from './phase-common.js';
import { douseFire } from '../rules/states.js';
import { assertFighters, assertInAction, ensureFighter } from '../rules/checks.js';
import { withOutOfAction, type FighterInput } from '../rules/fighter.js';
import { yuriExample } from './examples.js';

export const edenDouseFireOperation = defineOperation({
  id: 'eden.douseFire',
  method: 'POST',
  path: '/v1/eden/states/douse-fire',
  graphql: { name: 'edenDouseFire' },
  tags: ['eden'],
  summary: "EDEN Fire state: pay 1 AP per Fire marker removed during the fighter's activation.",
  description: [
    'EDEN-STATE-FIRE-2 (ES «Durante su activación, un combatiente puede retirar uno de sus marcadores de Incendio gastando 1 PA»; DE the same): each removed marker costs 1 AP. No dice.',
    '- `markers` (default 1) markers are removed at once for as many AP. EDEN-AMB-27: it is repeatable and is **not** an action, so it is allowed under Fear and does not count towards any action limit.',
    '- More markers than the fighter carries is 422 `no_fire`; more than its AP is 422 `no_ap`; a fighter out of action is 422 `out_of_action`.',
    '- "During its own activation" is the caller\'s bookkeeping (the endpoint is stateless). NPCs have no AP (EDEN-AMB-30) and so cannot douse themselves (422 `no_ap` when they have none).',
  ].join('\n'),
  body: Type.Object({
    edition: Type.Optional(EditionSchema),
    fighter: FighterSchema,
    markers: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 1, description: 'Fire markers to remove, 1 AP each.' })),
  }),
  examples: [
    { summary: 'Yûri removes one of two Fire markers', value: { fighter: { ...yuriExample, markers: { ...yuriExample.markers, fire: 2 } } } },
    { summary: 'Two markers for 2 AP', value: { fighter: { ...yuriExample, markers: { ...yuriExample.markers, fire: 3 } }, markers: 2 } },
  ],
  response: Type.Object({
    fighter: FighterOutSchema,
    removed: Type.Integer(),
    apSpent: Type.Integer(),
    rule: Type.String(),
    summary: SummarySchema,
  }),
  handle(input, ctx) {
    assertFighters([[input.fighter as FighterInput, 'fighter']]);
    const fighter = ensureFighter(input.fighter as FighterInput);
    assertInAction(fighter, 'fighter');
    const n = input.markers ?? 1;
    const after = douseFire(fighter, n);
    const name = fighter.name || fighter.id;
    const left = after.markers.fire;
    const summary = tr(
      {
        en: `${name} spends ${n} AP to remove ${n} Fire marker(s); ${left} left, ${after.ap} AP left (EDEN-STATE-FIRE-2, not an action: EDEN-AMB-27).`,
        es: `${name} gasta ${n} PA para retirar ${n} marcador(es) de Incendio; quedan ${left}, con ${after.ap} PA (EDEN-STATE-FIRE-2, no es una acción: EDEN-AMB-27).`,
        de: `${name} gibt ${n} AP aus, um ${n} Brandmarker zu entfernen; ${left} verbleiben, ${after.ap} AP übrig (EDEN-STATE-FIRE-2, keine Aktion: EDEN-AMB-27).`,
      },
      ctx.lang,
    );
    return { fighter: withOutOfAction(after), removed: n, apSpent: n, rule: 'EDEN-STATE-FIRE-2', summary };
  },
});
