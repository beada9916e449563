/** `eden.upkeep` — POST /v1/eden/upkeep: upkeep steps 3–9 (EDEN-UPKEEP-3..9, EDEN-STATE-*). */
import { Type } from '@sinclair/typebox';
import { UpkeepLogEntrySchema } from './upkeep-schemas.js';
import { defineOperation } from '../../../kernel/operation.js';
import { DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { DiceSpecSchema, EditionSchema, FighterOutSchema, FighterSchema } from './schemas.js';
import { BandsOutSchema, BandsSchema, PlayerSchema, tr } from './phase-common.js';
import { upkeep, type UpkeepLogEntry } from '../rules/upkeep.js';
import { tableFighters, type TableFighters } from '../rules/checks.js';
import type { FighterInput } from '../rules/fighter.js';
import type { Lang } from '../../../kernel/i18n.js';

function logText(e: UpkeepLogEntry, lang: Lang): string {
  const who = e.fighterId ?? '';
  switch (e.step) {
    case 3:
      return tr(
        {
          en: `${who}: fire dice [${(e.damageDice as number[]).join(', ')}] > VIG ${e.vig} → ${e.hits} wound(s) on ${e.limb}, ${e.marked} PC lost (EDEN-UPKEEP-3)`,
          es: `${who}: dados de incendio [${(e.damageDice as number[]).join(', ')}] > VIG ${e.vig} → ${e.hits} herida(s) en ${e.limb}, ${e.marked} PC perdidos (EDEN-UPKEEP-3)`,
          de: `${who}: Brandwürfel [${(e.damageDice as number[]).join(', ')}] > WID ${e.vig} → ${e.hits} Wunde(n) an ${e.limb}, ${e.marked} KP verloren (EDEN-UPKEEP-3)`,
        },
        lang,
      );
    case 4:
      return tr(
        {
          en: `${who}: PSI roll vs 5, ${e.successes} success(es), ${e.removed} Fear marker(s) removed (EDEN-UPKEEP-4)`,
          es: `${who}: tirada de PSI contra 5, ${e.successes} éxito(s), ${e.removed} marcador(es) de Miedo retirado(s) (EDEN-UPKEEP-4)`,
          de: `${who}: PSI-Wurf gegen 5, ${e.successes} Erfolg(e), ${e.removed} Furchtmarker entfernt (EDEN-UPKEEP-4)`,
        },
        lang,
      );
    case 5:
      return tr(
        {
          en: `${who}: one Poison marker removed (EDEN-UPKEEP-5)`,
          es: `${who}: se retira un marcador de Veneno (EDEN-UPKEEP-5)`,
          de: `${who}: ein Giftmarker entfernt (EDEN-UPKEEP-5)`,
        },
        lang,
      );
    case 6:
      return tr(
        {
          en: `${who}: ${e.removed} Rage marker removed (EDEN-UPKEEP-6)`,
          es: `${who}: ${e.removed} marcador de Rabia retirado (EDEN-UPKEEP-6)`,
          de: `${who}: ${e.removed} Wutmarker entfernt (EDEN-UPKEEP-6)`,
        },
        lang,
      );
    case 7:
      return tr(
        { en: `unspent AP lost: ${e.apLost} (EDEN-UPKEEP-7)`, es: `PA sin usar perdidos: ${e.apLost} (EDEN-UPKEEP-7)`, de: `verfallene AP: ${e.apLost} (EDEN-UPKEEP-7)` },
        lang,
      );
    case 8:
      return tr(
        {
          en: `${e.fighters} fighter(s) receive 3 AP (EDEN-UPKEEP-8)`,
          es: `${e.fighters} combatiente(s) reciben 3 PA (EDEN-UPKEEP-8)`,
          de: `${e.fighters} Kämpfer erhalten 3 AP (EDEN-UPKEEP-8)`,
        },
        lang,
      );
    default:
      return tr(
        {
          en: `${who}: Slow, −${e.apLost} AP and one marker (EDEN-UPKEEP-9)`,
          es: `${who}: Ralentizamiento, −${e.apLost} PA y un marcador (EDEN-UPKEEP-9)`,
          de: `${who}: Verzögerung, −${e.apLost} AP und ein Marker (EDEN-UPKEEP-9)`,
        },
        lang,
      );
  }
}

export const edenUpkeepOperation = defineOperation({
  id: 'eden.upkeep',
  method: 'POST',
  path: '/v1/eden/upkeep',
  graphql: { name: 'edenUpkeep' },
  tags: ['eden'],
  summary: 'EDEN upkeep steps 3–9: Fire, Fear, Poison, Rage, AP reset and grant, Slow.',
  description: [
    "Applies EDEN-UPKEEP-3..9 in order and returns both bands in the order sent, with `outOfAction`, plus a `log` citing the rule of each entry. Steps 1–2 (card effects, NPC activation) and 10–12 are the caller's (UPKEEP-1 EDITION NOTE: in DE step 1 is only a review).",
    '- EDEN-UPKEEP-3 / EDEN-STATE-FIRE-1: burning fighters alternate A, B, A… from `firstPlayer`, each band in listed order; when one side has none left the other continues (EDEN-AMB-18: each player picks his own fighters; `npcs` burn after both players). Per fighter: 3 damage dice then 1 location die (CONTRACT §1); each die **strictly above** the current VIG is a wound (not a characteristic roll: VIG ≥ 6 immune, VIG ≤ 0 takes every die), all on the one located limb, protection subtracted once from the total (EDEN-WOUND-5); then one Fire marker goes, however many there are. Dice are rolled even when no die can hit, so transcripts have a fixed shape.',
    "- EDEN-UPKEEP-4 / EDEN-STATE-FEAR-2: fighters with Fear, same alternation, one PSI roll (difficulty 5, current PSI after this upkeep's fire) each; each success removes one marker. Fighters put out of action by fire do not roll.",
    '- EDEN-UPKEEP-5: one Poison marker off every poisoned fighter. EDEN-UPKEEP-6 / EDEN-STATE-RAGE-2: removal is optional: one Rage marker off each fighter listed in `removeRage` (ids of band fighters; unknown → 400).',
    '- EDEN-UPKEEP-7/8: unspent AP lost, then 3 AP. EDEN-UPKEEP-9 / EDEN-STATE-SLOW-1: with any Slow markers, −1 AP and −1 marker (also with the last marker, DE explicit); EDEN-AMB-28: Slow acts only here.',
    '- EDEN-AMB-30: NPCs (`npcs`) have no AP (steps 7–9 leave their AP alone; Slow only loses the marker), and nobody removes their Rage. Fighters already out of action are off the table and untouched.',
    '- `edition` is accepted; the printings do not differ in steps 3–9 (ES alternates picks, DE treats every burning/afraid fighter — same outcome).',
  ].join('\n'),
  body: Type.Object({
    edition: Type.Optional(EditionSchema),
    firstPlayer: PlayerSchema,
    bands: BandsSchema,
    npcs: Type.Optional(Type.Array(FighterSchema, { maxItems: 50, description: 'NPCs on the table (Infestation, EDEN-NPC).' })),
    removeRage: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100, description: 'Ids whose owner removes one Rage marker (EDEN-UPKEEP-6).' })),
    dice: Type.Optional(DiceSpecSchema),
  }),
  examples: [
    {
      summary: 'A burning, frightened fighter against a slowed one',
      value: {
        firstPlayer: 'A',
        bands: {
          A: [
            {
              id: 'y',
              name: 'Yûri',
              value: 25,
              limbs: {
                head: { white: 2, red: 2, faces: [1], normal: 4, wounded: 3 },
                arms: { white: 2, red: 1, faces: [2, 3], normal: 4, wounded: 3 },
                torso: { white: 3, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
                legs: { white: 2, red: 1, faces: [6], normal: 5, wounded: 4 },
              },
              markers: { fire: 2, fear: 1 },
            },
          ],
          B: [
            {
              id: 'g',
              name: 'Grunt',
              limbs: {
                head: { white: 2, red: 1, faces: [1], normal: 3, wounded: 2 },
                arms: { white: 2, red: 1, faces: [2, 3], normal: 4, wounded: 3 },
                torso: { white: 2, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
                legs: { white: 2, red: 1, faces: [6], normal: 4, wounded: 3 },
              },
              markers: { slow: 2, rage: 1 },
            },
          ],
        },
        removeRage: ['g'],
        dice: { seed: 'upkeep-example' },
      },
    },
  ],
  response: Type.Object(
    {
      bands: BandsOutSchema,
      npcs: Type.Array(FighterOutSchema),
      log: Type.Array(UpkeepLogEntrySchema, { description: 'One entry per effect applied, in order.' }),
      dice: DiceTranscriptSchema,
      summary: SummarySchema,
    },
    { additionalProperties: true },
  ),
  handle(input, ctx) {
    const table = tableFighters({ bands: input.bands, npcs: input.npcs ?? [] } as TableFighters<FighterInput>);
    const dice = ctx.dice(input.dice);
    const r = upkeep({ firstPlayer: input.firstPlayer, ...table, removeRage: input.removeRage }, dice);
    const head = tr(
      {
        en: `Upkeep steps 3–9, First player ${input.firstPlayer} (EDEN-UPKEEP-3..9): `,
        es: `Fase de Intendencia, etapas 3–9, Primer jugador ${input.firstPlayer} (EDEN-UPKEEP-3..9): `,
        de: `Abschlussphase, Schritte 3–9, Startspieler ${input.firstPlayer} (EDEN-UPKEEP-3..9): `,
      },
      ctx.lang,
    );
    const summary = head + r.log.map((e) => logText(e, ctx.lang)).join('; ') + '.';
    return { ...r, dice: dice.transcript(), summary };
  },
});
