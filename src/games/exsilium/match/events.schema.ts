/**
 * The JSON Schema of the `data` of each exsilium full-match event type, generated from
 * ExsiliumEvent (evolve.ts) by `npm run events:schemas` (scripts/event-schemas.mjs): do not edit;
 * run the script again when an event type changes. Named shapes are `$defs` (`#/$defs/<name>`).
 */
export const EXSILIUM_EVENT_SCHEMAS: { $defs: Record<string, object>; events: Record<string, object> } = {
  $defs: {
    PendingCombat: {
      anyOf: [
        {
          type: 'object',
          properties: {
            kind: { const: 'pvp' },
            attacker: { type: 'object', properties: { player: { type: 'string' }, miniature: { type: 'string' } }, required: ['player', 'miniature'] },
            defender: { type: 'object', properties: { player: { type: 'string' }, miniature: { type: 'string' } }, required: ['player', 'miniature'] },
          },
          required: ['kind', 'attacker', 'defender'],
        },
        {
          type: 'object',
          properties: {
            kind: { const: 'newaru' },
            attacker: { enum: ['newaru', 'player'] },
            player: { type: 'string' },
            miniature: { type: 'string' },
            newaru: { type: 'string' },
          },
          required: ['kind', 'attacker', 'player', 'miniature', 'newaru'],
        },
      ],
    },
    CombatFacts: {
      type: 'object',
      properties: {
        combat: { $ref: '#/$defs/PendingCombat' },
        winner: { type: ['null', 'string'] },
        effects: { $ref: '#/$defs/CombatEffects' },
        draws: { type: 'array', items: { $ref: '#/$defs/DeckDraw' } },
        dice: { type: 'object', properties: { seed: { type: ['null', 'string'] }, values: { type: 'array', items: { type: 'number' } } }, required: ['seed', 'values'] },
        choices: { $ref: '#/$defs/ConclusionChoices' },
      },
      required: ['combat', 'winner', 'effects', 'draws', 'dice'],
    },
    CombatEffects: {
      type: 'object',
      properties: {
        baralytas: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, value: { type: 'number' } }, required: ['from', 'to', 'value'] },
        connection: { type: 'object', properties: { from: { type: ['null', 'string'] }, to: { type: 'string' } }, required: ['from', 'to'] },
        factionToken: { type: 'string' },
        discards: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        retreat: { type: 'object', properties: { player: { type: 'string' }, miniature: { type: 'string' } }, required: ['player', 'miniature'] },
        marker: {
          type: 'object',
          properties: { player: { type: 'string' }, node: { type: ['null', 'string'] }, fromReserve: { type: 'boolean' } },
          required: ['player', 'node', 'fromReserve'],
        },
        supplyCard: { type: 'object', properties: { player: { type: 'string' }, card: { type: 'string' } }, required: ['player', 'card'] },
        returned: {
          type: 'object',
          properties: { player: { type: 'string' }, value: { type: 'number' }, deposit: { type: ['null', 'string'] } },
          required: ['player', 'value', 'deposit'],
        },
        newaru: { type: 'object', properties: { id: { type: 'string' }, to: { type: ['null', 'string'] } }, required: ['id', 'to'] },
        enemyDeck: {
          type: 'object',
          properties: {
            tier: { enum: ['advanced', 'basic', 'intermediate'] },
            drawPile: { type: 'array', items: { $ref: '#/$defs/EnemyCard' } },
            discard: { type: 'array', items: { $ref: '#/$defs/EnemyCard' } },
          },
          required: ['tier', 'drawPile', 'discard'],
        },
      },
    },
    EnemyCard: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        kind: { enum: ['attack', 'effect'] },
        damage: { type: 'number' },
        evadable: { type: 'boolean' },
        chain: { type: 'boolean' },
        drawOutcome: { type: 'boolean' },
        bonus: { type: 'number' },
      },
      required: ['name', 'kind'],
      additionalProperties: true,
    },
    DeckDraw: { type: 'object', properties: { deck: { type: 'string' }, card: {}, for: { type: 'string' } }, required: ['deck', 'card'] },
    ConclusionChoices: {
      type: 'object',
      properties: {
        combat: { $ref: '#/$defs/PendingCombat' },
        winner: { type: 'string' },
        loser: { type: 'string' },
        discards: { type: 'number' },
        give: { type: 'array', items: { type: 'number' } },
        supplyCard: { anyOf: [{ const: 'hand' }, { type: 'array', items: { type: 'string' } }] },
        markerNode: { type: 'array', items: { type: 'string' } },
      },
      required: ['combat', 'winner', 'loser'],
    },
    Figure: {
      anyOf: [
        { type: 'object', properties: { player: { type: 'string' }, miniature: { type: 'string' } }, required: ['player', 'miniature'] },
        { type: 'object', properties: { newaru: { type: 'string' } }, required: ['newaru'] },
      ],
    },
  },
  events: {
    'exsilium.start_player_bid': {
      type: 'object',
      properties: {
        bids: { type: 'object', additionalProperties: { type: 'number' } },
        startPlayer: { type: ['null', 'string'] },
        tied: { type: 'array', items: { type: 'string' } },
        order: { type: 'array', items: { type: 'string' } },
        baralytasDeck: { type: 'array', items: { type: 'number' } },
      },
      required: ['bids', 'startPlayer', 'tied', 'order', 'baralytasDeck'],
    },
    'exsilium.tile_revealed': {
      type: 'object',
      properties: {
        tile: { type: 'string' },
        deposits: { type: 'object', additionalProperties: { type: 'number' } },
        terminals: { type: 'array', items: { type: 'string' } },
        newaru: { anyOf: [{ type: 'null' }, { type: 'object', properties: { id: { type: 'string' }, node: { type: 'string' } }, required: ['id', 'node'] }] },
      },
      required: ['tile', 'deposits', 'terminals', 'newaru'],
    },
    'exsilium.round_started': {
      type: 'object',
      properties: {
        round: { type: 'number' },
        refills: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            properties: { drawn: { type: 'array', items: { type: 'string' } }, reshuffled: { anyOf: [{ type: 'null' }, { type: 'array', items: { type: 'string' } }] } },
            required: ['drawn', 'reshuffled'],
          },
        },
      },
      required: ['round', 'refills'],
    },
    'exsilium.turn_started': {
      type: 'object',
      properties: { player: { type: 'string' }, combats: { type: 'array', items: { $ref: '#/$defs/PendingCombat' } } },
      required: ['player', 'combats'],
    },
    'exsilium.card_played': {
      type: 'object',
      properties: {
        player: { type: 'string' },
        card: { type: 'string' },
        use: { enum: ['action', 'activate', 'move'] },
        miniature: { type: 'string' },
        action: { type: 'string' },
      },
      required: ['player', 'card', 'use'],
    },
    'exsilium.miniature_activated': {
      type: 'object',
      properties: { player: { type: 'string' }, miniature: { type: 'string' }, node: { type: 'string' }, tokens: { type: 'number' } },
      required: ['player', 'miniature', 'node'],
    },
    'exsilium.miniature_stepped': {
      type: 'object',
      properties: { player: { type: 'string' }, miniature: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
      required: ['player', 'miniature', 'from', 'to'],
    },
    'exsilium.baralytas_collected': {
      type: 'object',
      properties: { player: { type: 'string' }, deposit: { type: 'string' }, value: { type: 'number' }, points: { type: 'number' } },
      required: ['player', 'deposit', 'value', 'points'],
    },
    'exsilium.connection_token_taken': { type: 'object', properties: { player: { type: 'string' }, node: { type: 'string' } }, required: ['player', 'node'] },
    'exsilium.marker_picked_up': {
      type: 'object',
      properties: { player: { type: 'string' }, node: { type: 'string' }, faction: { enum: ['keber', 'syl', 'vinsan', 'wardun'] }, card: { type: ['null', 'string'] } },
      required: ['player', 'node', 'faction', 'card'],
    },
    'exsilium.combats_triggered': { type: 'object', properties: { combats: { type: 'array', items: { $ref: '#/$defs/PendingCombat' } } }, required: ['combats'] },
    'exsilium.combat_resolved': { $ref: '#/$defs/CombatFacts' },
    'exsilium.conclusion_chosen': {
      type: 'object',
      properties: { player: { type: 'string' }, combat: { $ref: '#/$defs/PendingCombat' }, effects: { $ref: '#/$defs/CombatEffects' } },
      required: ['player', 'combat', 'effects'],
    },
    'exsilium.game_won': {
      type: 'object',
      properties: { player: { type: 'string' }, points: { type: 'number' }, target: { type: 'number' } },
      required: ['player', 'points', 'target'],
    },
    'exsilium.turn_ended': { type: 'object', properties: { player: { type: 'string' } }, required: ['player'] },
    'exsilium.newaru_moved': {
      type: 'object',
      properties: {
        id: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        adjacentTo: { type: 'array', items: { type: 'string' } },
        rules: { type: 'array', items: { type: 'string' } },
      },
      required: ['id', 'from', 'to', 'adjacentTo', 'rules'],
    },
    'exsilium.newaru_spawned': { type: 'object', properties: { id: { type: 'string' }, tile: { type: 'string' }, node: { type: 'string' } }, required: ['id', 'tile', 'node'] },
    'exsilium.terminal_controlled': { type: 'object', properties: { player: { type: 'string' }, node: { type: 'string' } }, required: ['player', 'node'] },
    'exsilium.terminal_cracked': {
      type: 'object',
      properties: { player: { type: 'string' }, node: { type: 'string' }, owner: { type: 'string' } },
      required: ['player', 'node', 'owner'],
    },
    'exsilium.upgrades_refreshed': {
      type: 'object',
      properties: { player: { type: 'string' }, removed: { type: 'array', items: { type: 'string' } }, revealed: { type: 'array', items: { type: 'string' } } },
      required: ['player', 'removed', 'revealed'],
    },
    'exsilium.upgrades_bought': {
      type: 'object',
      properties: {
        player: { type: 'string' },
        terminal: { type: 'string' },
        spent: { type: 'array', items: { type: 'string' } },
        bought: { type: 'array', items: { type: 'string' } },
        budget: { type: 'number' },
        cost: { type: 'number' },
        revealed: { type: 'array', items: { type: 'string' } },
      },
      required: ['player', 'terminal', 'spent', 'bought', 'budget', 'cost', 'revealed'],
    },
    'exsilium.cards_drawn': {
      type: 'object',
      properties: {
        player: { type: 'string' },
        cards: { type: 'array', items: { type: 'string' } },
        reshuffled: { anyOf: [{ type: 'null' }, { type: 'array', items: { type: 'string' } }] },
      },
      required: ['player', 'cards', 'reshuffled'],
    },
    'exsilium.card_exchanged': {
      type: 'object',
      properties: { player: { type: 'string' }, discarded: { type: 'string' }, taken: { type: 'string' } },
      required: ['player', 'discarded', 'taken'],
    },
    'exsilium.card_eliminated': {
      type: 'object',
      properties: { player: { type: 'string' }, card: { type: 'string' }, from: { enum: ['discard', 'hand'] } },
      required: ['player', 'card', 'from'],
    },
    'exsilium.mine_removed': {
      type: 'object',
      properties: { player: { type: 'string' }, card: { type: 'string' }, node: { type: 'string' } },
      required: ['player', 'card', 'node'],
    },
    'exsilium.dodged': {
      type: 'object',
      properties: {
        player: { type: 'string' },
        card: { type: 'string' },
        against: { enum: ['combat', 'faction_card', 'keber_strike'] },
        combat: { $ref: '#/$defs/PendingCombat' },
      },
      required: ['player', 'card', 'against'],
    },
    'exsilium.card_dropped': {
      type: 'object',
      properties: {
        player: { type: 'string' },
        card: { type: 'string' },
        node: { type: 'string' },
        mode: { enum: ['face_down', 'face_up', 'supply'] },
        tokens: { type: 'number' },
      },
      required: ['player', 'card', 'node', 'mode', 'tokens'],
    },
    'exsilium.ability_slot_filled': { type: 'object', properties: { player: { type: 'string' }, slots: { type: 'number' } }, required: ['player', 'slots'] },
    'exsilium.ability_fired': {
      type: 'object',
      properties: {
        player: { type: 'string' },
        ability: { enum: ['keber_strike', 'syl_drone', 'vinsan_sinkhole', 'wardun_paralysis'] },
        miniature: { type: 'string' },
        tile: { type: 'string' },
        nodes: { type: 'array', items: { type: 'string' } },
        displaced: {
          type: 'array',
          items: { type: 'object', properties: { figure: { $ref: '#/$defs/Figure' }, from: { type: 'string' }, to: { type: 'string' } }, required: ['figure', 'from', 'to'] },
        },
        trapped: { type: 'object', properties: { player: { type: 'string' }, miniature: { type: 'string' } }, required: ['player', 'miniature'] },
      },
      required: ['player', 'ability'],
    },
    'exsilium.eliminated': {
      type: 'object',
      properties: {
        player: { type: 'string' },
        cause: { enum: ['keber_strike', 'mine', 'syl_drone', 'vinsan_sinkhole', 'wardun_paralysis'] },
        miniatures: { type: 'array', items: { type: 'string' } },
        supplyCards: { type: 'array', items: { type: 'string' } },
        markers: {
          type: 'array',
          items: { type: 'object', properties: { node: { type: ['null', 'string'] }, fromReserve: { type: 'boolean' } }, required: ['node', 'fromReserve'] },
        },
      },
      required: ['player', 'cause', 'miniatures', 'supplyCards', 'markers'],
    },
    'exsilium.newaru_eliminated': {
      type: 'object',
      properties: { ids: { type: 'array', items: { type: 'string' } }, cause: { enum: ['keber_strike', 'syl_drone', 'vinsan_sinkhole', 'wardun_paralysis'] } },
      required: ['ids', 'cause'],
    },
    'exsilium.mine_exploded': {
      type: 'object',
      properties: {
        node: { type: 'string' },
        owner: { type: 'string' },
        card: { type: 'string' },
        rule: { type: 'string' },
        eliminated: { type: 'array', items: { type: 'string' } },
      },
      required: ['node', 'owner', 'card', 'rule', 'eliminated'],
    },
    'exsilium.hologram_set': {
      type: 'object',
      properties: { player: { type: 'string' }, miniature: { type: 'string' }, node: { type: 'string' }, card: { type: 'string' } },
      required: ['player', 'miniature', 'node', 'card'],
    },
    'exsilium.hologram_revealed': {
      type: 'object',
      properties: { player: { type: 'string' }, miniature: { type: 'string' }, node: { type: 'string' }, returned: { type: 'boolean' } },
      required: ['player', 'miniature', 'node', 'returned'],
    },
    'exsilium.ability_released': {
      type: 'object',
      properties: {
        player: { type: 'string' },
        tokens: { type: 'number' },
        freed: { anyOf: [{ type: 'null' }, { type: 'object', properties: { player: { type: 'string' }, miniature: { type: 'string' } }, required: ['player', 'miniature'] }] },
      },
      required: ['player', 'tokens', 'freed'],
    },
  },
};
