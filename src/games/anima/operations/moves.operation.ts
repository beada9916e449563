/** anima.move — POST /v1/anima/moves; anima.seek — POST /v1/anima/seek-new-horizons (ANIMA-MOVE, ANIMA-OPT-TREE). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import type { Lang } from '../../../kernel/i18n.js';
import { DiceSpecSchema, DiceTranscriptSchema, SummarySchema } from '../../../kernel/schemas/common.js';
import { InvalidInput } from '../../../kernel/errors.js';
import { go, seek, type GoResult, type SeekResult } from '../rules/index.js';
import { EncounterCardSchema, EncounterOutcomeSchema } from './exploration.operation.js';
import { moveExamples, seekExamples } from './examples.js';
import { GroupSchema } from './schemas.js';
import { priorText } from './summaries.js';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Place = Type.Object({ name: Name, level: Type.Integer({ minimum: 1, maximum: 3 }) });

const priorMembers = {
  encounter: Type.Optional(EncounterOutcomeSchema),
  creatureStays: Type.Optional(Type.Boolean()),
  characterDies: Type.Optional(Type.Boolean()),
  groupEliminated: Type.Optional(Type.Boolean({ description: 'The last Character died (ANIMA-GROUP-5).' })),
  losesNextTurn: Type.Optional(Type.Boolean({ description: 'The Event also costs the next turn (ANIMA-LOSE-1).' })),
  groupSize: Type.Optional(Type.Integer()),
  handSize: Type.Optional(Type.Integer()),
};

const MoveBody = Type.Object({
  declaration: Type.Optional(
    Type.Union([Type.Literal('go'), Type.Literal('rest')], { description: 'go (default) or rest (ANIMA-MOVE-11). Seek new horizons has its own operation.' }),
  ),
  group: GroupSchema,
  from: Type.Optional(Type.Union([Place, Type.Null()], { description: 'Where the Group is; absent/null: at no Location.' })),
  to: Type.Optional(Place),
  encounter: Type.Optional(
    Type.Union([EncounterCardSchema, Type.Null()], {
      description: 'The prior encounter in front of `to` (absent/null: none), or in the tree the Encounter card drawn for a level change.',
    }),
  ),
  tree: Type.Optional(Type.Boolean({ description: 'Optional rule: Locations as a tree (ANIMA-OPT-TREE).' })),
  zeppelin: Type.Optional(Type.Boolean({ description: 'Zeppelin Travel played for this move (ANIMA-OPT-TREE-5).' })),
  dice: Type.Optional(DiceSpecSchema),
});

const MoveResponse = Type.Object({
  declaration: Type.Union([Type.Literal('go'), Type.Literal('rest')]),
  need: Type.Union([Type.Literal('none'), Type.Literal('prior'), Type.Literal('level_change')]),
  arrives: Type.Boolean(),
  at: Type.Union([Type.String(), Type.Null()]),
  turnLost: Type.Boolean(),
  restartAtLevel1: Type.Boolean({ description: 'Defeated while changing level: next turn it starts again at level 1 (ANIMA-OPT-TREE-4).' }),
  restedNextTurn: Type.Boolean({ description: 'Rest: +2 Combat and +2 Speed next turn only (ANIMA-MOVE-12).' }),
  ...priorMembers,
  dice: DiceTranscriptSchema,
  summary: SummarySchema,
});

function moveText(r: GoResult | null, lang: Lang): string {
  if (!r) {
    return {
      en: 'Rest: the Group is at no Location this turn and has +2 Combat and +2 Speed next turn (ANIMA-MOVE-11, ANIMA-MOVE-12).',
      es: 'Descansar: el Grupo no está en ninguna Localización este turno y tiene +2 al Combate y +2 a la Velocidad el siguiente (ANIMA-MOVE-11, ANIMA-MOVE-12).',
      de: 'Rasten: Die Gruppe ist diese Runde an keinem Ort und hat in der nächsten Runde +2 Kampf und +2 Geschwindigkeit (ANIMA-MOVE-11, ANIMA-MOVE-12).',
    }[lang];
  }
  if (r.encounter)
    return priorText({ encounter: r.encounter, arrives: r.arrives, creatureStays: r.creatureStays ?? false }, lang) + (r.restartAtLevel1 ? ' (ANIMA-OPT-TREE-4)' : '');
  return { en: `The Group arrives at ${r.at} (ANIMA-MOVE-3).`, es: `El Grupo llega a ${r.at} (ANIMA-MOVE-3).`, de: `Die Gruppe erreicht ${r.at} (ANIMA-MOVE-3).` }[lang];
}

export const animaMoveOperation = defineOperation({
  id: 'anima.move',
  method: 'POST',
  path: '/v1/anima/moves',
  graphql: { name: 'animaMove' },
  tags: ['anima'],
  summary: 'Move phase: go to an active Location (classic or tree rule) or Rest.',
  description: `Resolves one Move declaration other than Seek new horizons (see \`anima.seek\`).

- **go** (ANIMA-MOVE-3): \`to\` is required (400 otherwise). Any active Location may be chosen. Choosing the Location the Group is already at (\`from.name\` = \`to.name\`) means staying: no encounter (ANIMA-AMB-5). Otherwise the prior \`encounter\` in front of \`to\`, if any, is faced exactly as \`anima.priorEncounter\` (level filter, Event, Creature; ANIMA-PRIOR-3..5): losing or losing the turn means not arriving (\`at\`: null) and no further action this turn.
- **Tree rule** (\`tree\`, ANIMA-OPT-TREE): from no Location only level 1 may be entered, without encounter (422 \`tree_start_level_1\`, ANIMA-OPT-TREE-3); from level k only k−1..k+1 (422 \`tree_level_jump\`, ANIMA-OPT-TREE-2). The same level is free; changing level draws an Encounter card as a prior encounter — send it as \`encounter\` (missing → 422 \`encounters_exhausted\`), level filter judged against the destination. Defeated while changing level → \`restartAtLevel1\` (ANIMA-OPT-TREE-4). \`zeppelin\` (Zeppelin Travel) lifts the level restriction (ANIMA-OPT-TREE-5); RECOMMENDED: a level change still draws its encounter.
- **rest** (ANIMA-MOVE-11/12, ANIMA-AMB-7): the Group is at no Location, takes no part in Interaction or Exploration this turn, and next turn has +2 Combat and +2 Speed (send \`group.rested\` then). No dice.
- Dice: only a Creature encounter rolls (the Group's d10, then the Creature's).`,
  body: MoveBody,
  examples: moveExamples,
  response: MoveResponse,
  handle(input, ctx) {
    const dice = ctx.dice(input.dice);
    if (input.declaration === 'rest') {
      return {
        declaration: 'rest',
        need: 'none',
        arrives: false,
        at: null,
        turnLost: false,
        restartAtLevel1: false,
        restedNextTurn: true,
        dice: dice.transcript(),
        summary: moveText(null, ctx.lang),
      };
    }
    if (!input.to) throw new InvalidInput([{ path: '/to', code: 'required', message: 'A go declaration names its destination `to`.' }]);
    const r = go({ from: input.from ?? null, to: input.to, tree: input.tree ?? false, zeppelin: input.zeppelin ?? false }, input.group, input.encounter ?? undefined, dice);
    return { declaration: 'go', ...r, restedNextTurn: false, dice: dice.transcript(), summary: moveText(r, ctx.lang) };
  },
});

const SeekBody = Type.Object({
  players: Type.Integer({ minimum: 2, maximum: 5, description: 'Players in the game (ANIMA-MOVE-2: at most 2 × players active Locations).' }),
  group: GroupSchema,
  source: Type.Union([Type.Literal('deck'), Type.Literal('discard')], {
    description: 'Top of the Location deck, or a Location of the player’s choice from its discard pile (ANIMA-MOVE-5).',
  }),
  location: Place,
  encounter: EncounterCardSchema,
  active: Type.Array(
    Type.Object({
      name: Name,
      occupied: Type.Optional(Type.Boolean({ description: 'A Group is there now.' })),
      priorPending: Type.Optional(Type.Boolean({ description: 'Its prior encounter is still there (face down or an undefeated Creature).' })),
    }),
    { maxItems: 14, description: 'The Locations on the table before this one.' },
  ),
  removal: Type.Optional(Type.Array(Name, { maxItems: 14, description: 'The seeking player’s removal choices, in order (ANIMA-MOVE-7).' })),
  saves: Type.Optional(
    Type.Array(Type.Object({ location: Name, by: Type.String({ minLength: 1, maxLength: 200 }) }), {
      maxItems: 14,
      description: 'Locations a player saves by discarding one Gift each (ANIMA-MOVE-8).',
    }),
  ),
  seekTakenThisTurn: Type.Optional(Type.Boolean({ description: 'A player earlier in turn order already sought this turn (ANIMA-MOVE-4).' })),
  deckSize: Type.Optional(Type.Integer({ minimum: 0, maximum: 14, description: 'Cards left in the Location deck (ANIMA-DECK-3).' })),
  discardPile: Type.Optional(Type.Array(Name, { maxItems: 14, description: 'Location discard pile (checked when sent).' })),
  tree: Type.Optional(Type.Boolean({ description: 'Optional tree rule in use (ANIMA-OPT-TREE-1): Seek is not used.' })),
  dice: Type.Optional(DiceSpecSchema),
});

const SeekResponse = Type.Object({
  location: Type.String(),
  source: Type.Union([Type.Literal('deck'), Type.Literal('discard')]),
  active: Type.Array(Type.String(), { description: 'Active Locations afterwards; the new one last.' }),
  maximum: Type.Integer(),
  removed: Type.Union([Type.String(), Type.Null()]),
  saved: Type.Array(Type.Object({ location: Type.String(), by: Type.String() })),
  overCap: Type.Boolean({ description: 'No eligible Location was left to remove (ANIMA-AMB-6).' }),
  arrives: Type.Boolean(),
  at: Type.Union([Type.String(), Type.Null()]),
  turnLost: Type.Boolean(),
  ...priorMembers,
  dice: DiceTranscriptSchema,
  summary: SummarySchema,
});

function seekText(r: SeekResult, lang: Lang): string {
  const removed = r.removed
    ? { en: ` ${r.removed} goes to the discard pile (ANIMA-MOVE-7).`, es: ` ${r.removed} va al descarte (ANIMA-MOVE-7).`, de: ` ${r.removed} wird abgelegt (ANIMA-MOVE-7).` }[lang]
    : r.overCap
      ? { en: ' No Location can be removed (ANIMA-AMB-6).', es: ' No se puede retirar ninguna Localización (ANIMA-AMB-6).', de: ' Kein Ort kann entfernt werden (ANIMA-AMB-6).' }[
          lang
        ]
      : '';
  const head = {
    en: `Seek new horizons: ${r.location} enters play (${r.active.length}/${r.maximum}, ANIMA-MOVE-5).`,
    es: `Buscar nuevos horizontes: ${r.location} entra en juego (${r.active.length}/${r.maximum}, ANIMA-MOVE-5).`,
    de: `Neue Horizonte: ${r.location} kommt ins Spiel (${r.active.length}/${r.maximum}, ANIMA-MOVE-5).`,
  }[lang];
  return `${head}${removed} ${priorText(r, lang)}`;
}

export const animaSeekOperation = defineOperation({
  id: 'anima.seek',
  method: 'POST',
  path: '/v1/anima/seek-new-horizons',
  graphql: { name: 'animaSeekNewHorizons' },
  tags: ['anima'],
  summary: 'Seek new horizons: a new Location, the Location cap with sacrifices, and its face-up prior encounter.',
  description: `Resolves ANIMA-MOVE-4..10 in the rulebook's order. The Location and Encounter cards come from the caller (the card lists are not in the rulebook text).

1. **Availability**: one player per turn (\`seekTakenThisTurn\` → 422 \`seek_taken\`, ANIMA-MOVE-4); not with the tree rule (422 \`seek_unavailable\`, ANIMA-OPT-TREE-1). \`source\`: \`deck\` or \`discard\` (ANIMA-MOVE-5). The Location deck is never reshuffled: with \`deckSize\` 0, \`deck\` is 422 \`location_deck_empty\`, or \`no_location\` when \`discardPile\` is empty too (ANIMA-DECK-3). A \`discard\` Location not in \`discardPile\` (when sent) is 422 \`not_in_discard\`.
2. The new Location is active at once (ANIMA-MOVE-6) with \`encounter\` face up as its prior encounter (ANIMA-MOVE-10, ANIMA-PRIOR-1).
3. **Maximum** 2 × \`players\` (ANIMA-MOVE-2). Above it, the seeking player's \`removal\` choices are tried in order: each must be eligible — no Group on it, no pending prior encounter, not the new Location (else 422 \`not_eligible\`, ANIMA-MOVE-7). A choice listed in \`saves\` is saved by that player's Gift discard (ANIMA-MOVE-8, any player, ANIMA-AMB-14) and cannot be chosen again (422 \`already_saved\`); the first unsaved choice is \`removed\`. If eligible unsaved Locations remain but no choice is left → 422 \`removal_choice_needed\` (with \`eligible\`). If none remain, nothing is removed and \`overCap\` is true (ANIMA-AMB-6). Its prior encounter card, if any, goes to the Encounter discard (ANIMA-MOVE-9).
4. The prior encounter is resolved against the seeking Group exactly as \`anima.priorEncounter\` (level filter ANIMA-PRIOR-3, Event, Creature). If the Group loses or loses its turn it does not arrive (\`at\`: null); the Location stays anyway, and a surviving Creature stays in front of it.
- 400: a Location listed twice, the new Location already active, a removal choice that is not active. Dice: only a Creature rolls (the Group's d10, then the Creature's).`,
  body: SeekBody,
  examples: seekExamples,
  response: SeekResponse,
  handle(input, ctx) {
    const dice = ctx.dice(input.dice);
    const r = seek(
      {
        players: input.players,
        source: input.source,
        location: input.location,
        encounter: input.encounter,
        active: input.active,
        ...(input.removal ? { removal: input.removal } : {}),
        ...(input.saves ? { saves: input.saves } : {}),
        ...(input.seekTakenThisTurn !== undefined ? { seekTakenThisTurn: input.seekTakenThisTurn } : {}),
        ...(input.deckSize !== undefined ? { deckSize: input.deckSize } : {}),
        ...(input.discardPile ? { discardPile: input.discardPile } : {}),
        ...(input.tree !== undefined ? { tree: input.tree } : {}),
      },
      input.group,
      dice,
    );
    return { ...r, dice: dice.transcript(), summary: seekText(r, ctx.lang) };
  },
});
