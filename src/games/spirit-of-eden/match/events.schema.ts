/**
 * The JSON Schema of the `data` of each spirit-of-eden full-match event type, generated from
 * SpiritEvent (evolve.ts) by `npm run events:schemas` (scripts/event-schemas.mjs): do not edit;
 * run the script again when an event type changes. Named shapes are `$defs` (`#/$defs/<name>`).
 */
export const SPIRIT_EVENT_SCHEMAS: { $defs: Record<string, object>; events: Record<string, object> } = {
  $defs: {
    Board: {
      type: 'object',
      properties: {
        ring: { type: 'array', items: { type: 'string' } },
        cards: { type: 'object', additionalProperties: { $ref: '#/$defs/Card' } },
        goomz: { type: 'array', items: { $ref: '#/$defs/Goomz' } },
        allies: { type: 'array', items: { $ref: '#/$defs/Ally' } },
        objectives: { type: 'array', items: { $ref: '#/$defs/ObjectivePile' } },
      },
      required: ['ring', 'cards', 'goomz', 'allies'],
    },
    Card: {
      type: 'object',
      properties: { terrain: { enum: ['forest', 'mountain', 'swamp', 'waterfall'] }, state: { enum: ['destroyed', 'devastated', 'healthy'] } },
      required: ['terrain', 'state'],
    },
    Goomz: {
      type: 'object',
      properties: { color: { enum: ['black', 'red', 'yellow'] }, at: { type: 'string' }, ambushedBy: { enum: ['fauna', 'flora', 'water', null] } },
      required: ['color', 'at'],
    },
    Ally: {
      type: 'object',
      properties: { kind: { enum: ['fauna', 'flora', 'water'] }, at: { type: 'string' }, protecting: { type: 'boolean' }, availableFromTurn: { type: 'number' } },
      required: ['kind', 'at'],
    },
    ObjectivePile: {
      type: 'object',
      properties: {
        color: { enum: ['black', 'red', 'yellow'] },
        pile: { type: 'array', items: { $ref: '#/$defs/ObjectiveCard' } },
        claimed: { type: 'array', items: { $ref: '#/$defs/ObjectiveCard' } },
      },
      required: ['color', 'pile'],
    },
    ObjectiveCard: {
      type: 'object',
      properties: { ally: { enum: ['fauna', 'flora', 'water'] }, terrain: { enum: ['forest', 'mountain', 'swamp', 'waterfall'] }, dieBonus: { type: 'boolean' } },
      additionalProperties: true,
    },
    DiceFact: { type: 'object', properties: { seed: { type: ['null', 'string'] }, values: { type: 'array', items: { type: 'number' } } }, required: ['seed', 'values'] },
    RawStep: {
      type: 'object',
      properties: {
        type: { enum: ['bonus', 'noa', 'place', 'reroll'] },
        die: { type: 'number' },
        card: { type: 'number' },
        discard: { type: 'number' },
        value: { type: 'number' },
        action: { $ref: '#/$defs/Action' },
      },
      required: ['type', 'die'],
    },
    Action: {
      anyOf: [
        {
          type: 'object',
          properties: { type: { const: 'move' }, ally: { enum: ['fauna', 'flora', 'water'] }, to: { type: 'string' }, steps: { enum: [1, 2, 3] } },
          required: ['type', 'ally', 'to', 'steps'],
        },
        {
          type: 'object',
          properties: { type: { const: 'attract' }, ally: { enum: ['fauna', 'flora', 'water'] }, target: { $ref: '#/$defs/Target' } },
          required: ['type', 'ally', 'target'],
        },
        {
          type: 'object',
          properties: { type: { const: 'push' }, ally: { enum: ['fauna', 'flora', 'water'] }, target: { $ref: '#/$defs/Target' }, to: { type: 'string' }, steps: { enum: [1, 2] } },
          required: ['type', 'ally', 'target', 'to', 'steps'],
        },
        { type: 'object', properties: { type: { const: 'protect' }, ally: { enum: ['fauna', 'flora', 'water'] } }, required: ['type', 'ally'] },
        { type: 'object', properties: { type: { const: 'recover' }, ally: { enum: ['fauna', 'flora', 'water'] } }, required: ['type', 'ally'] },
        {
          type: 'object',
          properties: { type: { const: 'ambush' }, ally: { enum: ['fauna', 'flora', 'water'] }, goomz: { enum: ['black', 'red', 'yellow'] } },
          required: ['type', 'ally', 'goomz'],
        },
        { type: 'object', properties: { type: { const: 'shortcut' }, ally: { enum: ['fauna', 'flora', 'water'] } }, required: ['type', 'ally'] },
        {
          type: 'object',
          properties: {
            type: { const: 'swapGoomz' },
            pair: { type: 'array', items: [{ enum: ['black', 'red', 'yellow'] }, { enum: ['black', 'red', 'yellow'] }], minItems: 2, maxItems: 2 },
          },
          required: ['type', 'pair'],
        },
        {
          type: 'object',
          properties: {
            type: { const: 'swapAllies' },
            pair: { type: 'array', items: [{ enum: ['fauna', 'flora', 'water'] }, { enum: ['fauna', 'flora', 'water'] }], minItems: 2, maxItems: 2 },
          },
          required: ['type', 'pair'],
        },
      ],
    },
    Target: {
      anyOf: [
        { type: 'object', properties: { goomz: { enum: ['black', 'red', 'yellow'] } }, required: ['goomz'] },
        { type: 'object', properties: { ally: { enum: ['fauna', 'flora', 'water'] } }, required: ['ally'] },
      ],
    },
    GoomzStep: {
      type: 'object',
      properties: {
        color: { enum: ['black', 'red', 'yellow'] },
        rule: { enum: ['A', 'B', 'C', 'D', 'E', 'F'] },
        card: { type: 'string' },
        to: { type: 'string' },
        ally: { enum: ['fauna', 'flora', 'water'] },
        allies: { type: 'array', items: { enum: ['fauna', 'flora', 'water'] } },
        effect: { enum: ['ally_to_noa', 'destroyed', 'devastated', 'moved', 'protection_used', 'withdrew'] },
        objective: { $ref: '#/$defs/ObjectiveClaim' },
      },
      required: ['color', 'rule', 'card', 'effect'],
    },
    ObjectiveClaim: {
      type: 'object',
      properties: { claimed: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/ObjectiveCard' }] }, remaining: { type: ['null', 'number'] }, goomzRemoved: { type: 'boolean' } },
      required: ['claimed', 'remaining', 'goomzRemoved'],
    },
  },
  events: {
    'soe.game_set_up': {
      type: 'object',
      properties: { board: { $ref: '#/$defs/Board' }, modes: { type: 'array', items: { enum: ['celestial', 'classic', 'devastator', 'fearless', 'resurrection', 'scarcity'] } } },
      required: ['board', 'modes'],
    },
    'soe.dice_rolled': {
      type: 'object',
      properties: {
        turn: { type: 'number' },
        returned: { type: 'array', items: { type: 'object', properties: { kind: { enum: ['fauna', 'flora', 'water'] }, to: { type: 'string' } }, required: ['kind', 'to'] } },
        allies: { type: 'array', items: { $ref: '#/$defs/Ally' } },
        disabledCard: { type: ['null', 'number'] },
        roll: { type: 'array', items: { type: 'number' } },
        dice: { $ref: '#/$defs/DiceFact' },
      },
      required: ['turn', 'returned', 'allies', 'disabledCard', 'roll', 'dice'],
    },
    'soe.player_step_taken': {
      type: 'object',
      properties: {
        roll: { $ref: '#/$defs/DiceFact' },
        turn: { type: 'number' },
        step: { $ref: '#/$defs/RawStep' },
        dice: {
          type: 'array',
          items: {
            type: 'object',
            properties: { index: { type: 'number' }, value: { type: 'number' }, state: { enum: ['discarded', 'placed', 'unused'] }, card: { type: 'number' } },
            required: ['index', 'value', 'state'],
          },
        },
        board: { $ref: '#/$defs/Board' },
        bonusesUsed: { type: 'number' },
        noaPowerUsed: { type: 'boolean' },
      },
      required: ['turn', 'step', 'dice', 'board', 'bonusesUsed', 'noaPowerUsed'],
    },
    'soe.goomz_phase_resolved': {
      type: 'object',
      properties: {
        turn: { type: 'number' },
        order: { type: 'array', items: { enum: ['black', 'red', 'yellow'] } },
        steps: { type: 'array', items: { $ref: '#/$defs/GoomzStep' } },
        skipped: { type: 'array', items: { enum: ['black', 'red', 'yellow'] } },
        won: { type: 'boolean' },
        lost: { type: 'boolean' },
        board: {
          type: 'object',
          properties: {
            ring: { type: 'array', items: { type: 'string' } },
            cards: { type: 'object', additionalProperties: { $ref: '#/$defs/Card' } },
            goomz: { type: 'array', items: { $ref: '#/$defs/Goomz' } },
            allies: { type: 'array', items: { $ref: '#/$defs/Ally' } },
            objectives: { type: 'array', items: { $ref: '#/$defs/ObjectivePile' } },
          },
          required: ['ring', 'cards', 'goomz', 'allies'],
        },
      },
      required: ['turn', 'order', 'steps', 'skipped', 'won', 'lost', 'board'],
    },
    'soe.game_ended': {
      type: 'object',
      properties: {
        turn: { type: 'number' },
        won: { type: 'boolean' },
        lost: { type: 'boolean' },
        destroyedPairs: { type: 'array', items: { enum: ['forest', 'mountain', 'swamp', 'waterfall'] } },
      },
      required: ['turn', 'won', 'lost', 'destroyedPairs'],
    },
  },
};
