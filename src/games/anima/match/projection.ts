/**
 * Ánima match projection (used by src/app/matches/resolution-log.ts): per player, the Group last
 * sent (with its Gift hand size as the result left it, ANIMA-HAND-1) and how many explorations,
 * combats and lost Characters it has had. A command names its player with `player` (a match
 * player id; default the first player); `anima.exploration`, `anima.combat`, `anima.speed`,
 * `anima.rewards` and `anima.priorEncounter` may omit `group` to use the kept one. When a
 * Character dies (ANIMA-COMBAT-4) the kept Group is dropped: which Character dies is the player's
 * choice, so the next command sends the Group again.
 */
import { RuleViolation } from '../../../kernel/errors.js';
import { own } from './state.js';

export interface AnimaPlayerRecord {
  group: Record<string, unknown> | null;
  explorations: number;
  /** Combats fought: anima.combat plus the Creature combats inside explorations and prior encounters. */
  combats: number;
  casualties: number;
}

export interface AnimaMatch {
  groups: Record<string, AnimaPlayerRecord>;
}

type State = AnimaMatch & { players: { id: string }[] };
type Request = Record<string, unknown>;

const GROUP_COMMANDS = ['anima.exploration', 'anima.combat', 'anima.speed', 'anima.rewards', 'anima.priorEncounter'];
const fresh = (): AnimaPlayerRecord => ({ group: null, explorations: 0, combats: 0, casualties: 0 });

function playerOf(request: Request, state: State): string {
  const id = request.player ?? state.players[0]?.id;
  if (typeof id !== 'string' || !state.players.some((p) => p.id === id)) {
    throw new RuleViolation('unknown_player', `No player "${String(id)}" in this match.`, { players: state.players.map((p) => p.id) });
  }
  return id;
}

export const animaProjection = {
  game: 'anima',
  label: 'Ánima',
  prefix: 'anima',
  note: '`player`: the match player whose Group this is (default: the first player).',
  initial: (setup: { players: { id: string }[] }): AnimaMatch => ({ groups: Object.fromEntries(setup.players.map((p) => [p.id, fresh()])) }),
  omittable: Object.fromEntries(GROUP_COMMANDS.map((c) => [c, ['group']])) as Record<string, readonly string[]>,

  fill(type: string, request: Request, state: State): Request {
    if (!GROUP_COMMANDS.includes(type)) return request;
    const player = playerOf(request, state);
    const kept = own(state.groups, player)?.group;
    return request.group === undefined && kept ? { ...request, group: structuredClone(kept) } : request;
  },

  apply(state: State, kind: string, request: Request, result: unknown): AnimaMatch {
    if (!GROUP_COMMANDS.includes(kind)) return { groups: state.groups };
    const player = typeof request.player === 'string' ? request.player : state.players[0]?.id;
    if (!player) return { groups: state.groups };
    const r = (result ?? {}) as {
      handSize?: number;
      characterDies?: boolean;
      casualty?: string | null;
      encounters?: { combat?: unknown }[];
      encounter?: { combat?: unknown };
    };
    const before = own(state.groups, player) ?? fresh();
    const sent = request.group as Record<string, unknown> | undefined;
    let group: Record<string, unknown> | null = sent ? { ...sent } : before.group;
    // ANIMA-HAND-1: the hand size after drawn Gifts, when the Group carried one
    if (group && typeof r.handSize === 'number') group = { ...group, handSize: r.handSize };
    let combats = 0;
    if (kind === 'anima.combat') combats = 1;
    if (kind === 'anima.exploration') combats = (r.encounters ?? []).filter((e) => e.combat).length;
    if (kind === 'anima.priorEncounter') combats = r.encounter?.combat ? 1 : 0;
    // ANIMA-COMBAT-4: a loss by 5 or more costs this Group a Character (vs a Group: `casualty` says whose)
    const dies = kind === 'anima.combat' ? r.casualty === 'group' : r.characterDies === true;
    const record: AnimaPlayerRecord = {
      group: dies ? null : group,
      explorations: before.explorations + (kind === 'anima.exploration' ? 1 : 0),
      combats: before.combats + combats,
      casualties: before.casualties + (dies ? 1 : 0),
    };
    return { groups: { ...state.groups, [player]: record } };
  },
};
