/** `eden.npc` — POST /v1/eden/npcs/decide: an NPC's action in upkeep step 2 (EDEN-NPC-3/4). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { EditionSchema } from './schemas.js';
import { OPTIONAL_RULES_NOTE, optionalRulesSource, tr } from './phase-common.js';
import { decideNpc } from '../rules/npc.js';

const Id = Type.String({ minLength: 1, maxLength: 100 });

export const edenNpcOperation = defineOperation({
  id: 'eden.npc',
  method: 'POST',
  path: '/v1/eden/npcs/decide',
  graphql: { name: 'edenNpcDecide' },
  tags: ['eden'],
  summary: 'EDEN NPC (CNJ) activation: Attack, Charge or Wander, and its target.',
  description: [
    'EDEN-NPC-4, exactly one action, in priority order:',
    '1. `attack` — mandatory when a fighter is in contact (`contacts`); the activating player picks which (`targetId`, default the first listed).',
    '2. `charge` — mandatory when the NPC is free and a fighter in its line of sight is **strictly** less than 10 cm away («a menos de 10 cm»); it charges the **nearest** fighter in line of sight. EDEN-AMB-22: equally near fighters are all `candidates` and the activating player picks (`targetId`).',
    "3. `wander` — otherwise: 5 cm in a direction of the activating player's choice (no target).",
    '- A `targetId` that is not among the `candidates` is 422 `illegal_target` with `legalTargets`.',
    '- EDEN-AMB-30: only player fighters count: entries flagged `npc: true` are ignored (other NPCs neither are targets nor stop it being free). EDEN-AMB-8: `distance` is edge to edge, as the caller measured it.',
    '- EDEN-TERRAIN-R-CONCEALMENT: a `visible` fighter flagged `concealed` more than 5 cm away can be neither the charge target nor its trigger (NPCs count as adversaries, EDEN-AMB-30).',
    '- ' + OPTIONAL_RULES_NOTE,
  ].join('\n'),
  body: Type.Object({
    edition: Type.Optional(EditionSchema),
    npc: Type.Object({ id: Id, name: Type.Optional(Type.String({ maxLength: 200 })) }, { description: 'The NPC being activated (a Fighter; only id and name are used).' }),
    contacts: Type.Array(Type.Object({ id: Id, npc: Type.Optional(Type.Boolean()) }), { maxItems: 100, description: "Fighters whose base touches the NPC's." }),
    visible: Type.Array(
      Type.Object({
        id: Id,
        distance: Type.Number({ minimum: 0, maximum: 10000 }),
        lineOfSight: Type.Boolean(),
        npc: Type.Optional(Type.Boolean()),
        concealed: Type.Optional(Type.Boolean({ description: 'Hidden by Concealment (EDEN-TERRAIN-R-CONCEALMENT): ignored unless within 5 cm.' })),
      }),
      { maxItems: 100, description: 'Other fighters with their distance and whether the NPC sees them.' },
    ),
    targetId: Type.Optional(Id),
  }),
  examples: [
    {
      summary: 'Charge the nearest',
      value: {
        npc: { id: 'mutant' },
        contacts: [],
        visible: [
          { id: 'a', distance: 7, lineOfSight: true },
          { id: 'b', distance: 4, lineOfSight: true },
        ],
      },
    },
    { summary: 'Wander', value: { npc: { id: 'mutant' }, contacts: [], visible: [{ id: 'a', distance: 12, lineOfSight: true }] } },
  ],
  response: Type.Object(
    {
      action: Type.Union([Type.Literal('attack'), Type.Literal('charge'), Type.Literal('wander')]),
      targetId: Type.Optional(Type.String()),
      candidates: Type.Array(Type.String()),
      distance: Type.Optional(Type.Number()),
      rule: Type.String(),
      edition: Type.Optional(EditionSchema),
      rulesFrom: Type.Optional(Type.String()),
      summary: SummarySchema,
    },
    { additionalProperties: true },
  ),
  handle(input, ctx) {
    const r = decideNpc({ contacts: input.contacts, visible: input.visible, targetId: input.targetId });
    const name = input.npc.name ?? input.npc.id;
    const summary = tr(
      {
        attack: {
          en: `${name} attacks ${r.targetId}, in contact (EDEN-NPC-4).`,
          es: `${name} ataca a ${r.targetId}, en contacto (EDEN-NPC-4).`,
          de: `${name} greift ${r.targetId} an, in Kontakt (EDEN-NPC-4).`,
        },
        charge: {
          en: `${name} charges ${r.targetId}, the nearest fighter in sight under 10 cm (EDEN-NPC-4).`,
          es: `${name} carga contra ${r.targetId}, el combatiente visible más próximo a menos de 10 cm (EDEN-NPC-4).`,
          de: `${name} stürmt auf ${r.targetId}, den nächsten sichtbaren Kämpfer unter 10 cm (EDEN-NPC-4).`,
        },
        wander: {
          en: `${name} wanders 5 cm in a direction of the activating player's choice (EDEN-NPC-4).`,
          es: `${name} vagabundea 5 cm en la dirección que elija el jugador (EDEN-NPC-4).`,
          de: `${name} streunt 5 cm in eine Richtung nach Wahl des Spielers (EDEN-NPC-4).`,
        },
      }[r.action],
      ctx.lang,
    );
    return { ...r, ...optionalRulesSource(input.edition), summary };
  },
});
