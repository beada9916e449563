/** `eden.terrain` — POST /v1/eden/terrain/tests: Territory tests (EDEN-TERRAIN-R-CLIMB/SWIM/JUMP/HOSTILE/OBSTRUCTION). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { DiceSpecSchema, EditionSchema, FighterOutSchema, FighterSchema, RollSchema } from './schemas.js';
import { OPTIONAL_RULES_NOTE, WeatherInputSchema, optionalRulesSource, tr, weatherList } from './phase-common.js';
import { InvalidInput, RuleViolation, type InputProblem } from '../../../kernel/errors.js';
import { SCENERY, sceneryById, sceneryRuleValue, type SceneryRuleId } from '../rules/catalog/scenery.js';
import { effectiveRules, ruleValue } from '../rules/scenery.js';
import { climb, hostilePresence, jump, obstruction, swim } from '../rules/terrain.js';
import { assertFighters, ensureFighter } from '../rules/checks.js';
import { withOutOfAction, type Fighter, type FighterInput } from '../rules/fighter.js';

const TESTS = ['climb', 'swim', 'jump', 'hostile_presence', 'obstruction'] as const;
type TestName = (typeof TESTS)[number];
const RULE: Record<TestName, string> = {
  climb: 'EDEN-TERRAIN-R-CLIMB',
  swim: 'EDEN-TERRAIN-R-SWIM',
  jump: 'EDEN-TERRAIN-R-JUMP',
  hostile_presence: 'EDEN-TERRAIN-R-HOSTILE',
  obstruction: 'EDEN-TERRAIN-R-OBSTRUCTION',
};

export const edenTerrainOperation = defineOperation({
  id: 'eden.terrain',
  method: 'POST',
  path: '/v1/eden/terrain/tests',
  graphql: { name: 'edenTerrainTest' },
  tags: ['eden'],
  summary: 'EDEN Territory tests: climb, swim, jump, hostile presence, obstruction cost.',
  description: [
    'X comes from `value`, else from `element` (a scenery id of GET /v1/eden/catalog: `lake` Swim 4, `deep_river` Swim 5, `dark_forest`/`pond`/`lake` Hostile Presence 1, Obstruction 2 for `bushes`, `dark_forest`, `pond`, `devastated_zone`, `rubbish_heap`); an element without that rule is 422 `rule_not_on_element`. Rolls are characteristic rolls (EDEN-ROLL-1..3; difficulty above 6 lowers the pool).',
    '- `climb` (EDEN-TERRAIN-R-CLIMB): a Move costing 2 AP (422 `no_ap`); RAP vs X; 0 successes → stays, then VIG vs X; 0 → one wound on each limb, protection ignored (EDEN-AMB-13: all four marked, then one out-of-action check).',
    '- `swim` (EDEN-TERRAIN-R-SWIM): a Move costing 2 AP; VIG minus one per item carried (a Complete protection counts 2) vs X; each failure is one Head wound ignoring protection and the roll repeats until a success or out of action. With that VIG ≤ 0 every roll fails without dice (EDEN-ROLL-3). Success: placed touching the element within 20 cm.',
    '- `jump` (EDEN-TERRAIN-R-JUMP): a Move action (1 AP); RAP vs X; 0 successes → automatically out of action (`outOfAction: true`, wounds unchanged). EDEN-AMB-32: on success land touching the far side, ≤ 10 cm counted like a Move.',
    '- `hostile_presence` (EDEN-TERRAIN-R-HOSTILE): X wounds, protection ignored, one location die per wound; once the fighter is out of action the remaining wounds are discarded and not rolled. No AP.',
    "- `obstruction` (EDEN-TERRAIN-R-OBSTRUCTION, EDEN-EX-6): no dice; each cm `inside` costs X, cm `outside` cost 1; `allowance` defaults to the Move's 10 cm, 8 cm under Headwind (`weather`, EDEN-WEATHER-3).",
    '- EDEN-TERRAIN-R-INFLAMMABLE: with `elementFire` ≥ 1 on an Inflammable `element`, its Obstruction is lost (422 `rule_not_on_element`, e.g. burning bushes no longer slow a Move; see POST /v1/eden/terrain/scenery).',
    '- Fighters out of action are 422 `out_of_action`. ' + OPTIONAL_RULES_NOTE,
  ].join('\n'),
  body: Type.Object({
    edition: Type.Optional(EditionSchema),
    test: Type.Union(TESTS.map((t) => Type.Literal(t))),
    fighter: Type.Optional(FighterSchema),
    value: Type.Optional(Type.Integer({ minimum: 0, maximum: 20, description: 'X of the rule.' })),
    element: Type.Optional(
      Type.Union(
        SCENERY.map((s) => Type.Literal(s.id)),
        { description: 'A catalog scenery element providing X.' },
      ),
    ),
    elementFire: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, description: 'Fire markers on `element`: a burning Inflammable element has lost Obstruction (EDEN-TERRAIN-R-INFLAMMABLE).' }),
    ),
    inside: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, description: '`obstruction`: cm moved inside the element.' })),
    outside: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, description: '`obstruction`: cm moved outside it (default 0).' })),
    allowance: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, description: '`obstruction`: cm available (default 10; 8 under Headwind).' })),
    weather: Type.Optional(WeatherInputSchema),
    dice: Type.Optional(DiceSpecSchema),
  }),
  examples: [
    {
      summary: 'Swim the lake',
      value: {
        test: 'swim',
        element: 'lake',
        fighter: {
          id: 'g',
          name: 'Grunt',
          limbs: {
            head: { white: 2, red: 1, faces: [1], normal: 3, wounded: 2 },
            arms: { white: 2, red: 1, faces: [2, 3], normal: 4, wounded: 3 },
            torso: { white: 2, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
            legs: { white: 2, red: 1, faces: [6], normal: 4, wounded: 3 },
          },
        },
        dice: { seed: 'lake' },
      },
    },
    { summary: 'EDEN-EX-6 swamp', value: { test: 'obstruction', value: 2, inside: 5 } },
  ],
  response: Type.Object(
    {
      test: Type.String(),
      rule: Type.String(),
      value: Type.Number(),
      fighter: Type.Optional(FighterOutSchema),
      rolls: Type.Optional(Type.Array(Type.Object({ purpose: Type.String(), roll: RollSchema }))),
      wounds: Type.Optional(Type.Array(Type.Object({ limb: Type.String(), face: Type.Optional(Type.Integer()), marked: Type.Integer() }))),
      apSpent: Type.Optional(Type.Integer()),
      outOfAction: Type.Optional(Type.Boolean()),
      climbed: Type.Optional(Type.Boolean({ description: '`climb`.' })),
      crossed: Type.Optional(Type.Boolean({ description: '`swim`.' })),
      penalty: Type.Optional(Type.Integer({ description: '`swim`: the VIG penalty, one per item carried.' })),
      jumped: Type.Optional(Type.Boolean({ description: '`jump`.' })),
      cost: Type.Optional(Type.Number({ description: '`obstruction`: movement spent, cm outside + X × cm inside.' })),
      allowance: Type.Optional(Type.Number()),
      allowed: Type.Optional(Type.Boolean()),
      maxInside: Type.Optional(Type.Number()),
      edition: Type.Optional(EditionSchema),
      rulesFrom: Type.Optional(Type.String()),
      dice: DiceTranscriptSchema,
      summary: SummarySchema,
    },
    { additionalProperties: true },
  ),
  handle(input, ctx) {
    const test = input.test as TestName;
    const problems: InputProblem[] = [];
    const needsFighter = test !== 'obstruction';
    if (needsFighter && !input.fighter) problems.push({ path: '/fighter', code: 'required', message: `must have required property 'fighter' for test "${test}"` });
    if (test === 'obstruction' && input.inside === undefined)
      problems.push({ path: '/inside', code: 'required', message: 'must have required property \'inside\' for test "obstruction"' });
    let x = input.value;
    if (x === undefined && input.element !== undefined) {
      const entry = sceneryById(input.element)!;
      // EDEN-TERRAIN-R-INFLAMMABLE: a burning element loses Crossable, Occupation and Obstruction
      x = ruleValue(effectiveRules({ rules: entry.rules, fire: input.elementFire ?? 0 }), test as SceneryRuleId);
      if (x === undefined) {
        if (problems.length) throw new InvalidInput(problems, 'The request does not match the schema.');
        const lost = sceneryRuleValue(entry, test as SceneryRuleId) !== undefined;
        throw new RuleViolation(
          'rule_not_on_element',
          lost ? `${entry.names.en} is burning and has lost its ${test} rule (EDEN-TERRAIN-R-INFLAMMABLE).` : `${entry.names.en} has no ${test} rule (${entry.rule}).`,
          { element: entry.id, rules: entry.rules },
        );
      }
    }
    if (x === undefined) problems.push({ path: '/value', code: 'required', message: "must have required property 'value' (or an 'element' that has the rule)" });
    else if (test === 'obstruction' && x < 1) problems.push({ path: '/value', code: 'minimum', message: 'Obstruction (X) needs X ≥ 1' });
    if (problems.length) throw new InvalidInput(problems, 'The request does not match the schema.');
    const X = x!;
    const src = optionalRulesSource(input.edition);
    const dice = ctx.dice(input.dice);

    if (test === 'obstruction') {
      const allowance = input.allowance ?? (weatherList(input.weather).includes('headwind') ? 8 : 10);
      const r = obstruction(X, input.inside!, input.outside ?? 0, allowance);
      const summary = tr(
        {
          en: `Obstruction (${X}): ${input.outside ?? 0} cm outside + ${X} × ${input.inside} cm inside = ${r.cost} of ${allowance} cm → ${r.allowed ? 'allowed' : 'too far'}; at most ${r.maxInside} cm inside (EDEN-TERRAIN-R-OBSTRUCTION).`,
          es: `Obstrucción (${X}): ${input.outside ?? 0} cm fuera + ${X} × ${input.inside} cm dentro = ${r.cost} de ${allowance} cm → ${r.allowed ? 'permitido' : 'demasiado lejos'}; como máximo ${r.maxInside} cm dentro (EDEN-TERRAIN-R-OBSTRUCTION).`,
          de: `Behinderung (${X}): ${input.outside ?? 0} cm außerhalb + ${X} × ${input.inside} cm innerhalb = ${r.cost} von ${allowance} cm → ${r.allowed ? 'erlaubt' : 'zu weit'}; höchstens ${r.maxInside} cm innerhalb (EDEN-TERRAIN-R-OBSTRUCTION).`,
        },
        ctx.lang,
      );
      return { test, rule: RULE[test], value: X, ...r, ...src, dice: dice.transcript(), summary };
    }

    assertFighters([[input.fighter as FighterInput, 'fighter']]);
    const fighter = ensureFighter(input.fighter as FighterInput);
    const outcome =
      test === 'climb' ? climb(fighter, X, dice) : test === 'swim' ? swim(fighter, X, dice) : test === 'jump' ? jump(fighter, X, dice) : hostilePresence(fighter, X, dice);
    const out: Fighter = { ...withOutOfAction(outcome.fighter), outOfAction: outcome.outOfAction };
    const name = fighter.name || fighter.id;
    const passed = 'climbed' in outcome ? outcome.climbed : 'crossed' in outcome ? outcome.crossed : 'jumped' in outcome ? outcome.jumped : null;
    const wounds = outcome.wounds.reduce((n, w) => n + w.marked, 0);
    const verdict =
      passed === null
        ? tr(
            {
              en: `${outcome.wounds.length} wound(s) located, protection ignored`,
              es: `${outcome.wounds.length} herida(s) localizadas, sin protección`,
              de: `${outcome.wounds.length} Wunde(n) lokalisiert, Rüstung ignoriert`,
            },
            ctx.lang,
          )
        : passed
          ? tr({ en: 'passed', es: 'superada', de: 'bestanden' }, ctx.lang)
          : tr({ en: 'failed', es: 'fallida', de: 'misslungen' }, ctx.lang);
    const summary = tr(
      {
        en: `${name}, ${test} (${X}) (${RULE[test]}): ${verdict}; ${outcome.rolls.length} roll(s), ${wounds} PC lost, ${outcome.apSpent} AP${outcome.outOfAction ? '; out of action (EDEN-WOUND-4)' : ''}.`,
        es: `${name}, ${test} (${X}) (${RULE[test]}): ${verdict}; ${outcome.rolls.length} tirada(s), ${wounds} PC perdidos, ${outcome.apSpent} PA${outcome.outOfAction ? '; fuera de combate (EDEN-WOUND-4)' : ''}.`,
        de: `${name}, ${test} (${X}) (${RULE[test]}): ${verdict}; ${outcome.rolls.length} Wurf/Würfe, ${wounds} KP verloren, ${outcome.apSpent} AP${outcome.outOfAction ? '; außer Gefecht (EDEN-WOUND-4)' : ''}.`,
      },
      ctx.lang,
    );
    return { test, rule: RULE[test], value: X, ...outcome, fighter: out, ...src, dice: dice.transcript(), summary };
  },
});
