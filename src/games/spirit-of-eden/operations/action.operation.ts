/** soe.action — POST /v1/spirit-of-eden/actions: one player action on the board (SOE-ACT-*). */
import { Type, type Static } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import type { Lang } from '../../../kernel/i18n.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { InvalidInput, pointer, type InputProblem } from '../../../kernel/errors.js';
import { ACTION_TYPES, applyAction, type Action, type ActionResult, type Board, type Mode } from '../rules/index.js';
import { actionExamples } from './examples.js';
import { AllyKindSchema, AlliesSchema, CardsSchema, ColorSchema, GoomzSchema, ModesSchema, ObjectivesSchema, RingSchema } from './schemas.js';

const CardId = Type.String({ minLength: 1, maxLength: 100 });

export const ActionSchema = Type.Object(
  {
    type: Type.Union(
      ACTION_TYPES.map((t) => Type.Literal(t)),
      { description: 'Mover, Atraer, Echar, Proteger, Recuperar, Emboscar, Atajar, Intercambiar dos Goomz, Intercambiar dos Aliados.' },
    ),
    ally: Type.Optional(AllyKindSchema),
    to: Type.Optional(CardId),
    steps: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: 'move: 1..3 icons; push: 1..2 icons.' })),
    target: Type.Optional(
      Type.Object({ goomz: Type.Optional(ColorSchema), ally: Type.Optional(AllyKindSchema) }, { description: 'attract/push: exactly one of `goomz` or `ally`.' }),
    ),
    goomz: Type.Optional(ColorSchema),
    pair: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { minItems: 2, maxItems: 2, description: 'swapGoomz: two colours; swapAllies: two Ally kinds.' })),
  },
  {
    title: 'SpiritOfEdenAction',
    description:
      'One action (SOE-ACT-*). Members per type: move {ally, to, steps}; attract {ally, target}; push {ally, target, to, steps}; protect/recover/shortcut {ally}; ambush {ally, goomz}; swapGoomz/swapAllies {pair}.',
  },
);
export type ActionInput = Static<typeof ActionSchema>;

const NEEDS: Record<Action['type'], (keyof ActionInput)[]> = {
  move: ['ally', 'to', 'steps'],
  attract: ['ally', 'target'],
  push: ['ally', 'target', 'to', 'steps'],
  protect: ['ally'],
  recover: ['ally'],
  ambush: ['ally', 'goomz'],
  shortcut: ['ally'],
  swapGoomz: ['pair'],
  swapAllies: ['pair'],
};
const COLORS = ['yellow', 'red', 'black'];
const KINDS = ['water', 'fauna', 'flora'];

/** Shape problems of an action (400), paths under `base`. */
export function actionProblems(a: ActionInput, base: (string | number)[]): InputProblem[] {
  const problems: InputProblem[] = [];
  const add = (m: string, code: string, message: string) => problems.push({ path: pointer(...base, m), code, message });
  for (const m of NEEDS[a.type as Action['type']]) if (a[m] === undefined) add(m, 'required', `A ${a.type} action needs \`${m}\`.`);
  if (a.type === 'push' && a.steps !== undefined && a.steps > 2) add('steps', 'push_steps', 'Push shows 1 or 2 icons (SOE-ACT-PUSH-1).');
  if (a.target && (a.target.goomz === undefined) === (a.target.ally === undefined)) add('target', 'one_target', 'Give exactly one of `goomz` or `ally`.');
  if (a.pair) {
    const legal = a.type === 'swapAllies' ? KINDS : COLORS;
    a.pair.forEach((p, i) => {
      if (!legal.includes(p)) problems.push({ path: pointer(...base, 'pair', i), code: 'enum', message: `Expected one of ${legal.join(', ')}.` });
    });
  }
  return problems;
}

export function toAction(a: ActionInput): Action {
  return a as unknown as Action;
}

const Body = Type.Object({
  ring: RingSchema,
  cards: CardsSchema,
  goomz: GoomzSchema,
  allies: AlliesSchema,
  objectives: Type.Optional(ObjectivesSchema),
  modes: Type.Optional(ModesSchema),
  action: ActionSchema,
});

const Response = Type.Object({
  ring: RingSchema,
  cards: CardsSchema,
  goomz: GoomzSchema,
  allies: AlliesSchema,
  objectives: Type.Optional(ObjectivesSchema),
  action: ActionSchema,
  moved: Type.Array(Type.Object({ piece: Type.String(), from: Type.String(), to: Type.String() })),
  summary: SummarySchema,
});

function actionText(r: Pick<ActionResult, 'action' | 'moved'>, lang: Lang): string {
  const moves = r.moved.map((m) => `${m.piece} ${m.from}→${m.to}`).join(', ');
  const rule = `SOE-ACT-${{ move: 'MOVE', attract: 'ATTRACT', push: 'PUSH', protect: 'PROTECT', recover: 'RECOVER', ambush: 'AMBUSH', shortcut: 'SHORTCUT', swapGoomz: 'SWAPG', swapAllies: 'SWAPA' }[r.action.type]}-1`;
  return {
    en: `${r.action.type} is legal${moves ? `: ${moves}` : ''} (${rule}).`,
    es: `${r.action.type} es legal${moves ? `: ${moves}` : ''} (${rule}).`,
    de: `${r.action.type} ist zulässig${moves ? `: ${moves}` : ''} (${rule}).`,
  }[lang];
}

export const spiritOfEdenActionOperation = defineOperation({
  id: 'soe.action',
  method: 'POST',
  path: '/v1/spirit-of-eden/actions',
  graphql: { name: 'soeAction' },
  tags: ['spirit-of-eden'],
  summary: 'Check and apply one player action (Move, Attract, Push, Protect, Recover, Ambush, Shortcut, Swap).',
  description: `Applies one action to the board and answers the new board in the request's shapes and array order, or 422 with the reason it has no legal effect (SOE-ACT-0). Which action a die face gives is printed on the Action cards and not in the rulebook text, so the caller names the action (see \`soe.playerPhase\` for checking it against card data).

- The acting \`ally\` must be on the grid: an Ally on Noa cannot act (422 \`ally_unavailable\`, SOE-PLACE-5). Protecting and ambushing Allies and ambushed Goomz are never moved (422 \`ally_pinned\`/\`goomz_pinned\`, SOE-ACT-MOVE-3, SOE-AMB-5).
- **move** {ally, to, steps 1..3}: up to \`steps\` orthogonal steps over Terrain slots = ring distance 1..steps, destroyed slots included, never onto or through Noa (\`too_far\`, \`no_move\`, \`not_a_terrain\`; SOE-ACT-MOVE-1/2, SOE-GRID-3, SOE-AMB-3).
- **attract** {ally, target}: a Goomz or another Ally on an adjacent slot comes onto the acting Ally's card (\`not_adjacent\`; SOE-ACT-ATTRACT-1).
- **push** {ally, target, to, steps 1..2}: a Goomz or another Ally on the acting Ally's card goes to a slot at ring distance 1..steps (\`not_on_card\`, \`too_far\`; SOE-ACT-PUSH-1, SOE-AMB-4).
- **protect** {ally}: blank side up; not on a destroyed slot (\`card_destroyed\`), not twice (\`already_protecting\`) (SOE-ACT-PROTECT-1).
- **recover** {ally}: the card under it must be devastated (\`not_devastated\`; SOE-ACT-RECOVER-1).
- **ambush** {ally, goomz}: the Goomz is on the Ally's card, not yet ambushed, the card is standing and the pile's current objective (\`objectives\`, required: \`objective_unknown\`) names this Ally and this terrain (\`ambush_not_objective\`); Celestial: healthy card (\`ambush_not_healthy\`, SOE-MODE-2); Devastator: an empty pile has no objective (\`no_objective\`, SOE-MODE-5). Ambushing ends protection (SOE-ACT-AMBUSH-1..3). The objective is claimed in the Goomz phase, rule F (SOE-AMB-2).
- **shortcut** {ally}: to the other card of the same terrain, healthy or devastated; fails if either is destroyed (\`card_destroyed\`; SOE-ACT-SHORTCUT-1).
- **swapGoomz** {pair}: any two Goomz in play (SOE-ACT-SWAPG-1). **swapAllies** {pair}: any two Allies on the grid (SOE-ACT-SWAPA-1).
- Board problems are 400, as for the Goomz phase; a board already won or lost is 422 \`game_over\`. No dice.`,
  body: Body,
  examples: actionExamples,
  response: Response,
  handle(input, ctx) {
    const problems = actionProblems(input.action, ['action']);
    if (problems.length > 0) throw new InvalidInput(problems);
    const board: Board = { ring: input.ring, cards: input.cards, goomz: input.goomz, allies: input.allies, ...(input.objectives ? { objectives: input.objectives } : {}) };
    const r = applyAction(board, toAction(input.action), (input.modes ?? []) as Mode[]);
    return { ...r, action: input.action, summary: actionText(r, ctx.lang) };
  },
});
