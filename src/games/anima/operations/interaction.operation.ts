/** anima.interactions, anima.trade, anima.pickup — Interaction and Start phase helpers (ANIMA-INTERACT, ANIMA-START-4). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { InvalidInput, RuleViolation, pointer, type InputProblem } from '../../../kernel/errors.js';
import { interactions, pickupCandidate, trade } from '../rules/index.js';
import { interactionExamples, pickupExamples, tradeExamples } from './examples.js';
import { GroupSchema } from './schemas.js';

const Id = Type.String({ minLength: 1, maxLength: 200 });

const InteractionBody = Type.Object({
  groups: Type.Array(
    Type.Object({
      id: Id,
      location: Type.Union([Id, Type.Null()], { description: 'The Location the Group is at; null: at no Location.' }),
      characters: Type.Integer({ minimum: 1, maximum: 4, description: 'Characters in the Group, incapacitated ones included (ANIMA-GROUP-3).' }),
      turnLost: Type.Optional(Type.Boolean({ description: 'Lost its turn this turn (ANIMA-LOSE-2).' })),
      organisation: Type.Optional(Id),
      enemyOrganisations: Type.Optional(Type.Array(Id, { maxItems: 20, description: 'Enemies printed on its Organisation card (card data).' })),
      drewWith: Type.Optional(Type.Array(Id, { maxItems: 5, description: 'Groups it drew against this turn (ANIMA-INTERACT-5).' })),
    }),
    { minItems: 2, maxItems: 5, description: 'Every Group, in this turn’s order (ANIMA-ORDER-3).' },
  ),
  locations: Type.Array(
    Type.Object({
      name: Id,
      trade: Type.Optional(Type.Boolean({ description: 'Trade icon (ANIMA-CARD-2).' })),
      combatAllowed: Type.Optional(Type.Boolean({ description: 'false when the card forbids combat (e.g. Arkángel).' })),
    }),
    { maxItems: 14 },
  ),
});

const InteractionResponse = Type.Object({
  pairs: Type.Array(
    Type.Object({
      a: Type.String(),
      b: Type.String(),
      canTrade: Type.Boolean(),
      tradeBlock: Type.Optional(Type.String()),
      canFight: Type.Boolean(),
      fightBlock: Type.Optional(Type.String()),
      mustFight: Type.Boolean(),
      declarer: Type.Optional(Type.String()),
    }),
  ),
  summary: SummarySchema,
});

export const animaInteractionOperation = defineOperation({
  id: 'anima.interactions',
  method: 'POST',
  path: '/v1/anima/interactions',
  graphql: { name: 'animaInteractions' },
  tags: ['anima'],
  summary: 'Interaction phase: which Groups may trade, which may fight, which must fight.',
  description: `For every pair of \`groups\` (sent in turn order):

- **canTrade** (ANIMA-INTERACT-1): both at Locations with the Trade icon, not necessarily the same one. Blocks: \`not_at_location\`, \`turn_lost\` (ANIMA-LOSE-2), \`no_trade_icon\`.
- **canFight** (ANIMA-INTERACT-2/3/5): same Location, the Location allows combat, Character counts differ by at most 1, neither lost its turn, no draw between them this turn. Blocks: \`not_at_location\`, \`not_same_location\`, \`turn_lost\`, \`combat_forbidden\`, \`group_size_gap\`, \`no_rematch\`.
- **mustFight** (ANIMA-INTERACT-4): Groups of enemy Organisations at the same Location must fight — only when combat is legal there (ANIMA-AMB-8); the \`declarer\` is the first of the two in turn order. Organisations and their enemies are card data from the caller.
- Unknown Locations count as without Trade icon and allowing combat. Duplicate ids, or a \`location\` not in \`locations\`, are 400. No dice.`,
  body: InteractionBody,
  examples: interactionExamples,
  response: InteractionResponse,
  handle(input, ctx) {
    const problems: InputProblem[] = [];
    const ids = new Set<string>();
    const names = new Set(input.locations.map((l) => l.name));
    input.groups.forEach((g, i) => {
      if (ids.has(g.id)) problems.push({ path: pointer('groups', i, 'id'), code: 'duplicate_id', message: `Group ${g.id} appears twice.` });
      ids.add(g.id);
      if (g.location !== null && !names.has(g.location))
        problems.push({ path: pointer('groups', i, 'location'), code: 'unknown_location', message: `${g.location} is not in \`locations\`.` });
    });
    if (problems.length > 0) throw new InvalidInput(problems);
    const pairs = interactions(input.groups, input.locations);
    const forced = pairs.filter((p) => p.mustFight).map((p) => `${p.declarer}→${p.a === p.declarer ? p.b : p.a}`);
    const n = (f: (p: (typeof pairs)[number]) => boolean) => pairs.filter(f).length;
    const summary = {
      en: `${n((p) => p.canTrade)} pair(s) may trade (ANIMA-INTERACT-1), ${n((p) => p.canFight)} may fight (ANIMA-INTERACT-2/3)${forced.length ? `; forced combats: ${forced.join(', ')} (ANIMA-INTERACT-4)` : ''}.`,
      es: `${n((p) => p.canTrade)} pareja(s) pueden comerciar (ANIMA-INTERACT-1), ${n((p) => p.canFight)} pueden combatir (ANIMA-INTERACT-2/3)${forced.length ? `; combates obligados: ${forced.join(', ')} (ANIMA-INTERACT-4)` : ''}.`,
      de: `${n((p) => p.canTrade)} Paar(e) dürfen handeln (ANIMA-INTERACT-1), ${n((p) => p.canFight)} dürfen kämpfen (ANIMA-INTERACT-2/3)${forced.length ? `; Pflichtkämpfe: ${forced.join(', ')} (ANIMA-INTERACT-4)` : ''}.`,
    }[ctx.lang];
    return { pairs, summary };
  },
});

const Trader = Type.Object({
  group: GroupSchema,
  tradeIcon: Type.Boolean({ description: 'The Group is at a Location with the Trade icon (ANIMA-INTERACT-1).' }),
  turnLost: Type.Optional(Type.Boolean({ description: 'Lost its turn (ANIMA-LOSE-2): cannot trade.' })),
  gives: Type.Object({
    gifts: Type.Optional(Type.Integer({ minimum: 0, maximum: 5, description: 'Gift cards handed over.' })),
    characters: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 4, uniqueItems: true, description: 'Names of Characters handed over.' })),
  }),
});

const TradeResponse = Type.Object({
  a: Type.Object({ group: GroupSchema }, { description: 'Group `a` after the trade: Characters moved with all their members, `handSize` updated.' }),
  b: Type.Object({ group: GroupSchema }, { description: 'Group `b` after the trade.' }),
  summary: SummarySchema,
});

export const animaTradeOperation = defineOperation({
  id: 'anima.trade',
  method: 'POST',
  path: '/v1/anima/trades',
  graphql: { name: 'animaTrade' },
  tags: ['anima'],
  summary: 'Trade Gifts and Characters between two Groups at Trade Locations.',
  description: `A trade both players agreed to (ANIMA-INTERACT-1): any Gifts and/or Characters, between two Groups that are both at Locations with the Trade icon (not necessarily the same one).

- 422 \`no_trade_icon\` unless both \`tradeIcon\`; 422 \`turn_lost\` for a Group that lost its turn (ANIMA-LOSE-2).
- Caps (ANIMA-HAND-1, ANIMA-GROUP-1): a trade leaving a hand above 5 Gifts is illegal (422 \`hand_limit\`, ANIMA-AMB-9), above 4 Characters 422 \`group_limit\`, with no Character 422 \`empty_group\` (RECOMMENDED). Giving what is not held (a Character not in the Group, more Gifts than \`handSize\`, default 0) is 422 \`not_held\`.
- Answers both Groups afterwards (Characters moved with all their members, \`handSize\` updated). No dice.`,
  body: Type.Object({ a: Trader, b: Trader }),
  examples: tradeExamples,
  response: TradeResponse,
  handle(input, ctx) {
    for (const side of ['a', 'b'] as const) {
      const t = input[side];
      // ANIMA-LOSE-2 / ANIMA-INTERACT-1
      if (t.turnLost) throw new RuleViolation('turn_lost', `Group ${side} lost its turn and cannot trade (ANIMA-LOSE-2).`);
      if (!t.tradeIcon) throw new RuleViolation('no_trade_icon', `Group ${side} is not at a Location with the Trade icon (ANIMA-INTERACT-1).`);
    }
    const names = (t: typeof input.a) => t.group.characters.map((c) => c.name);
    const r = trade(
      { characters: names(input.a), handSize: input.a.group.handSize ?? 0, gives: input.a.gives },
      { characters: names(input.b), handSize: input.b.group.handSize ?? 0, gives: input.b.gives },
    );
    // Characters keep all their members; each side keeps its own and receives the other's given ones.
    const rebuild = (self: typeof input.a, other: typeof input.a, handSize: number) => ({
      ...self.group,
      characters: [
        ...self.group.characters.filter((c) => !(self.gives.characters ?? []).includes(c.name)),
        ...other.group.characters.filter((c) => (other.gives.characters ?? []).includes(c.name)),
      ],
      handSize,
    });
    const summary = {
      en: 'Trade done (ANIMA-INTERACT-1, ANIMA-HAND-1, ANIMA-GROUP-1).',
      es: 'Comercio realizado (ANIMA-INTERACT-1, ANIMA-HAND-1, ANIMA-GROUP-1).',
      de: 'Handel durchgeführt (ANIMA-INTERACT-1, ANIMA-HAND-1, ANIMA-GROUP-1).',
    }[ctx.lang];
    return { a: { group: rebuild(input.a, input.b, r.a.handSize) }, b: { group: rebuild(input.b, input.a, r.b.handSize) }, summary };
  },
});

const PickupBody = Type.Object({
  kind: Type.Union([Type.Literal('gift'), Type.Literal('character')], { description: 'A discarded Gift or a dismissed Character.' }),
  from: Id,
  players: Type.Array(
    Type.Object({
      id: Id,
      gifts: Type.Integer({ minimum: 0, maximum: 5, description: 'Gift cards in hand.' }),
      characters: Type.Integer({ minimum: 0, maximum: 4, description: 'Characters in the Group.' }),
    }),
    { minItems: 2, maxItems: 5 },
  ),
});

export const animaPickupOperation = defineOperation({
  id: 'anima.pickup',
  method: 'POST',
  path: '/v1/anima/start/pick-ups',
  graphql: { name: 'animaPickup' },
  tags: ['anima'],
  summary: 'Start phase: who may take a discarded Gift or a dismissed Character.',
  description: `ANIMA-START-4: a Gift discarded in the Start phase may be taken by the player with strictly the fewest Gifts in hand (below 5); a dismissed Character by the player with strictly the fewest Characters (below 4). The player who let it go is not a candidate. A tie for fewest means nobody takes it and it goes to its discard pile (worked example ANIMA-EX-3). The \`taker\` may still decline (the card is then discarded). \`from\` must be one of \`players\` (400). No dice.`,
  body: PickupBody,
  examples: pickupExamples,
  response: Type.Object({
    taker: Type.Union([Type.String(), Type.Null()]),
    reason: Type.Union([Type.Literal('fewest'), Type.Literal('tie'), Type.Literal('none_eligible')]),
    summary: SummarySchema,
  }),
  handle(input, ctx) {
    const problems: InputProblem[] = [];
    if (!input.players.some((p) => p.id === input.from)) problems.push({ path: '/from', code: 'unknown_player', message: `${input.from} is not one of \`players\`.` });
    const seen = new Set<string>();
    input.players.forEach((p, i) => {
      if (seen.has(p.id)) problems.push({ path: pointer('players', i, 'id'), code: 'duplicate_id', message: `Player ${p.id} appears twice.` });
      seen.add(p.id);
    });
    if (problems.length > 0) throw new InvalidInput(problems);
    const r = pickupCandidate(input.kind, input.from, input.players);
    const summary = r.taker
      ? { en: `${r.taker} may take it (ANIMA-START-4).`, es: `${r.taker} puede quedársela (ANIMA-START-4).`, de: `${r.taker} darf sie nehmen (ANIMA-START-4).` }[ctx.lang]
      : {
          en: 'Nobody takes it: it goes to its discard pile (ANIMA-START-4).',
          es: 'Nadie se la queda: va a su mazo de descarte (ANIMA-START-4).',
          de: 'Niemand nimmt sie: sie kommt auf den Ablagestapel (ANIMA-START-4).',
        }[ctx.lang];
    return { ...r, summary };
  },
});
