/**
 * `eden.scenery` — POST /v1/eden/terrain/scenery: scenery state under Territory management
 * (EDEN-TERRAIN-R-DESTRUCTION, -INFLAMMABLE, -CONCEALMENT; ES optional rules).
 */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { EditionSchema, FighterOutSchema, FighterSchema } from './schemas.js';
import { OPTIONAL_RULES_NOTE, optionalRulesSource, tr } from './phase-common.js';
import { InvalidInput } from '../../../kernel/errors.js';
import { SCENERY, SCENERY_RULES } from '../rules/catalog/scenery.js';
import {
  attackScenery,
  conceal,
  destructionCount,
  effectiveRules,
  igniteScenery,
  isBurning,
  printedRules,
  ruleValue,
  sceneryUpkeep,
  touchBurning,
  type SceneryOutcome,
  type SceneryState,
} from '../rules/scenery.js';
import { assertFighters, ensureFighter } from '../rules/checks.js';
import { withOutOfAction, type Fighter, type FighterInput } from '../rules/fighter.js';
import { yuriExample } from './examples.js';

const EVENTS = ['state', 'attack', 'ignite', 'upkeep', 'contact', 'conceal'] as const;
type SceneryEvent = (typeof EVENTS)[number];
const RULE: Record<SceneryEvent, string> = {
  state: 'EDEN-TERRAIN-R-INFLAMMABLE',
  attack: 'EDEN-TERRAIN-R-DESTRUCTION',
  ignite: 'EDEN-TERRAIN-R-INFLAMMABLE',
  upkeep: 'EDEN-TERRAIN-R-INFLAMMABLE',
  contact: 'EDEN-TERRAIN-R-INFLAMMABLE',
  conceal: 'EDEN-TERRAIN-R-CONCEALMENT',
};

const SceneryRuleSchema = Type.Object(
  {
    rule: Type.Union(SCENERY_RULES.map((r) => Type.Literal(r.id))),
    value: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, description: 'X; absent → 1 (EDEN-TERRAIN-2).' })),
  },
  { title: 'SceneryRule', description: 'A special rule of a scenery element (EDEN-TERRAIN-R-*), with its X.' },
);

const SceneryBodySchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    element: Type.Optional(
      Type.Union(
        SCENERY.map((s) => Type.Literal(s.id)),
        { description: 'Catalog element (EDEN-TERRAIN-LIST-*) supplying the rules.' },
      ),
    ),
    rules: Type.Optional(Type.Array(SceneryRuleSchema, { maxItems: 20, description: "The printed special rules; overrides the catalog element's." })),
    attacks: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Attacks suffered so far this game.' })),
    fire: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Fire markers on the element.' })),
    destroyed: Type.Optional(Type.Boolean()),
  },
  { description: 'A scenery element and its state. Give `element` or `rules`.' },
);

const SceneryOutSchema = Type.Object(
  {
    id: Type.String(),
    element: Type.Optional(Type.String({ description: 'The catalog element, when the body named one.' })),
    rules: Type.Array(SceneryRuleSchema, { description: "The printed special rules (the catalog element's unless the body gave `rules`)." }),
    effectiveRules: Type.Array(SceneryRuleSchema, { description: 'The rules in force now (a burning element loses Crossable, Occupation and Obstruction and gains Obstacle +1).' }),
    attacks: Type.Integer(),
    fire: Type.Integer(),
    burning: Type.Boolean(),
    destroyed: Type.Boolean(),
    destruction: Type.Union([Type.Object({ value: Type.Integer(), count: Type.Integer() }), Type.Null()]),
  },
  { additionalProperties: true },
);

function describe(s: SceneryState) {
  const x = ruleValue(s.rules, 'destruction');
  return {
    ...s,
    destroyed: s.destroyed === true,
    burning: isBurning(s),
    effectiveRules: effectiveRules(s),
    destruction: x === undefined ? null : { value: x, count: destructionCount(s) },
  };
}

export const edenSceneryOperation = defineOperation({
  id: 'eden.scenery',
  method: 'POST',
  path: '/v1/eden/terrain/scenery',
  graphql: { name: 'edenScenery' },
  tags: ['eden'],
  summary: 'EDEN Territory scenery: Destruction, Inflammable (fire, contact, upkeep), burning rules, Concealment.',
  description: [
    'One event on one scenery element (`scenery`: a catalog `element` or its own `rules`, with `attacks` and `fire` so far). No dice. Returns the element with `effectiveRules`, `burning` and `destruction {value, count}`.',
    '- `state`: only reports. EDEN-TERRAIN-R-INFLAMMABLE: while an Inflammable element has ≥ 1 Fire marker it **loses Crossable, Occupation and Obstruction** and gains Obstacle (1), or +1 to its Obstacle value («si ya la posee, se añade 1 a su valor»).',
    '- `attack` (EDEN-TERRAIN-R-DESTRUCTION): the element is the target of an Attack action: no dice, automatic success, one more attack counted. With `fighter` (the attacker): 1 AP (422 `no_ap`), counts towards the 2 Attacks (`attacksThisTurn`, 422 `attack_limit`), forbidden under Fear (422 `under_fear`) — EDEN-AMB-33. Fighters of the Matriarchy cannot attack the Quadristic idol (EDEN-TERRAIN-LIST-11, 422 `illegal_target`). An element without Destruction (X) is 422 `not_destructible`.',
    '- Destruction: the element is destroyed once attacks + Fire markers on it ≥ X («Cada marcador de Incendio presente en el elemento cuenta como un Ataque»); `destroyedNow: true` and `replacedBy` is a Devastated zone (EDEN-TERRAIN-LIST-8: Obstruction (2), Occupation) of the same size. Events on a destroyed element are 422 `scenery_destroyed` (except `state`, `upkeep`, `contact`, which change nothing).',
    '- `ignite` (EDEN-TERRAIN-R-INFLAMMABLE): the element receives `markers` Fire markers (default 1), e.g. from a Fire (X) weapon or a thrown Molotov on it; not Inflammable → 422 `not_inflammable`.',
    '- `upkeep`: an element with ≥ 1 Fire marker gains another one (recommended at upkeep step 3, before fighters burn); the new marker counts towards Destruction.',
    '- `contact`: `fighter` starts its activation or ends a move in contact with the element; if it is burning, the fighter immediately receives 1 Fire marker (`fireAdded`).',
    '- `conceal` (EDEN-TERRAIN-R-CONCEALMENT, «Disimulación»): `fighter` hides with a Move action (1 AP; allowed under Fear): it must be in contact (`inContact`, default true; else 422 `not_in_contact`) and more than 15 cm from every adversary (`nearestAdversary` in cm; ≤ 15 → 422 `adversary_too_close`); the element needs the Concealment rule (422 `rule_not_on_element`; no catalog element has it, so send `rules`). Afterwards no adversary more than 5 cm away may choose it as target: send `concealed: true` on ranged candidates and NPC `visible` entries. EDEN-AMB-31: it ends when the fighter leaves contact, Attacks or Engages.',
    '- ' + OPTIONAL_RULES_NOTE,
  ].join('\n'),
  body: Type.Object({
    edition: Type.Optional(EditionSchema),
    event: Type.Union(EVENTS.map((e) => Type.Literal(e))),
    scenery: SceneryBodySchema,
    fighter: Type.Optional(FighterSchema),
    markers: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: '`ignite`: Fire markers placed (default 1).' })),
    attacksThisTurn: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    inContact: Type.Optional(Type.Boolean({ description: '`conceal`: the fighter touches the element (default true).' })),
    nearestAdversary: Type.Optional(
      Type.Union([Type.Number({ minimum: 0, maximum: 10000 }), Type.Null()], { description: '`conceal`: cm to the nearest adversary (null or absent: none on the table).' }),
    ),
  }),
  examples: [
    { summary: 'Third attack on a tree: destroyed', value: { event: 'attack', scenery: { id: 'tree-1', element: 'tree', attacks: 2 }, fighter: yuriExample } },
    { summary: 'Burning bushes in upkeep', value: { event: 'upkeep', scenery: { id: 'bushes-1', element: 'bushes', fire: 1 } } },
    {
      summary: 'Yûri hides in ruins with Concealment',
      value: { event: 'conceal', scenery: { id: 'ruins', rules: [{ rule: 'concealment' }, { rule: 'obstacle', value: 1 }] }, fighter: yuriExample, nearestAdversary: 22 },
    },
  ],
  response: Type.Object(
    {
      event: Type.String(),
      rule: Type.String(),
      scenery: SceneryOutSchema,
      destroyedNow: Type.Boolean(),
      replacedBy: Type.Union([SceneryOutSchema, Type.Null()]),
      fighter: Type.Optional(
        Type.Intersect([FighterOutSchema, Type.Object({ concealed: Type.Optional(Type.Boolean({ description: '`conceal`: the fighter is now concealed.' })) })]),
      ),
      apSpent: Type.Integer(),
      fireAdded: Type.Integer(),
      edition: Type.Optional(EditionSchema),
      rulesFrom: Type.Optional(Type.String()),
      summary: SummarySchema,
    },
    { additionalProperties: true },
  ),
  handle(input, ctx) {
    const event = input.event as SceneryEvent;
    const body = input.scenery;
    if (body.element === undefined && body.rules === undefined) {
      throw new InvalidInput([{ path: '/scenery', code: 'required', message: "must have property 'element' or 'rules'" }]);
    }
    if ((event === 'contact' || event === 'conceal') && !input.fighter) {
      throw new InvalidInput([{ path: '/fighter', code: 'required', message: `must have required property 'fighter' for event "${event}"` }]);
    }
    if (input.fighter) assertFighters([[input.fighter as FighterInput, 'fighter']]);
    const fighterIn = input.fighter ? ensureFighter(input.fighter as FighterInput) : null;
    const state: SceneryState = {
      id: body.id,
      ...(body.element !== undefined ? { element: body.element } : {}),
      rules: printedRules(body.element, body.rules),
      attacks: body.attacks ?? 0,
      fire: body.fire ?? 0,
      destroyed: body.destroyed === true,
    };
    const unchanged = (s: SceneryState): SceneryOutcome => ({
      scenery: s,
      destroyedNow: false,
      replacedBy: null,
      destruction: ruleValue(s.rules, 'destruction') ?? null,
      count: destructionCount(s),
    });

    let out: SceneryOutcome;
    let fighter: Fighter | null = fighterIn;
    let apSpent = 0;
    let fireAdded = 0;
    switch (event) {
      case 'attack': {
        const r = attackScenery(state, fighterIn, input.attacksThisTurn);
        out = r;
        fighter = r.attacker;
        apSpent = r.apSpent;
        break;
      }
      case 'ignite':
        out = igniteScenery(state, input.markers ?? 1);
        break;
      case 'upkeep':
        out = sceneryUpkeep(state);
        break;
      case 'contact': {
        const r = touchBurning(state, fighterIn!);
        fighter = r.fighter;
        fireAdded = r.fireAdded;
        out = unchanged(state);
        break;
      }
      case 'conceal': {
        const r = conceal(state, fighterIn!, input.inContact ?? true, input.nearestAdversary ?? null);
        fighter = { ...r.fighter, concealed: true } as Fighter;
        apSpent = r.apSpent;
        out = unchanged(state);
        break;
      }
      default:
        out = unchanged(state);
    }

    const s = out.scenery;
    const who = fighter ? fighter.name || fighter.id : '';
    const count = out.destruction === null ? '' : ` ${out.count}/${out.destruction}`;
    const texts: Record<SceneryEvent, { en: string; es: string; de: string }> = {
      state: {
        en: `${s.id}: ${isBurning(s) ? 'burning' : 'not burning'}`,
        es: `${s.id}: ${isBurning(s) ? 'en llamas' : 'sin fuego'}`,
        de: `${s.id}: ${isBurning(s) ? 'brennt' : 'brennt nicht'}`,
      },
      attack: {
        en: `${who || 'an attacker'} attacks ${s.id}: automatic success, attacks${count}`,
        es: `${who || 'un atacante'} ataca ${s.id}: éxito automático, ataques${count}`,
        de: `${who || 'ein Angreifer'} greift ${s.id} an: automatischer Erfolg, Angriffe${count}`,
      },
      ignite: {
        en: `${s.id} receives ${input.markers ?? 1} Fire marker(s), now ${s.fire}`,
        es: `${s.id} recibe ${input.markers ?? 1} marcador(es) de Incendio, ahora ${s.fire}`,
        de: `${s.id} erhält ${input.markers ?? 1} Brandmarker, jetzt ${s.fire}`,
      },
      upkeep: {
        en: `${s.id}: ${s.fire} Fire marker(s) after upkeep`,
        es: `${s.id}: ${s.fire} marcador(es) de Incendio tras la Intendencia`,
        de: `${s.id}: ${s.fire} Brandmarker nach der Abschlussphase`,
      },
      contact: {
        en: `${who} in contact with ${s.id}: +${fireAdded} Fire marker`,
        es: `${who} en contacto con ${s.id}: +${fireAdded} marcador de Incendio`,
        de: `${who} in Kontakt mit ${s.id}: +${fireAdded} Brandmarker`,
      },
      conceal: { en: `${who} hides at ${s.id} (1 AP)`, es: `${who} se esconde en ${s.id} (1 PA)`, de: `${who} versteckt sich bei ${s.id} (1 AP)` },
    };
    const destroyedText = out.destroyedNow
      ? tr(
          {
            en: '; destroyed, replaced by a Devastated zone (EDEN-TERRAIN-R-DESTRUCTION)',
            es: '; destruido, se reemplaza por una Zona devastada (EDEN-TERRAIN-R-DESTRUCTION)',
            de: '; zerstört, ersetzt durch eine verwüstete Zone (EDEN-TERRAIN-R-DESTRUCTION)',
          },
          ctx.lang,
        )
      : '';
    const summary = `${tr(texts[event], ctx.lang)} (${RULE[event]})${destroyedText}.`;
    return {
      event,
      rule: RULE[event],
      scenery: describe(s),
      destroyedNow: out.destroyedNow,
      replacedBy: out.replacedBy ? describe(out.replacedBy) : null,
      ...(fighter ? { fighter: { ...withOutOfAction(fighter), outOfAction: withOutOfAction(fighter).outOfAction || fighter.outOfAction === true } } : {}),
      apSpent,
      fireAdded,
      ...optionalRulesSource(input.edition),
      summary,
    };
  },
});
