/** The attack events: their data and their folds (event schema v2, event-versions.ts; v1 data is upcast first): what changed on fighters, Attacks / Turn (EDEN-ATTACK-2), Engages (EDEN-ENGAGE-1), weapon uses (EDEN-EFFECT-LIMIT). */
import type { EventData, FoldTable } from '../../../../kernel/folds.js';
import type { DiceFact } from '../../../../kernel/dice/facts.js';
import { current } from '../event-versions.js';
import { own, type EdenMatchState, type FighterChanges, type FighterEntry } from '../state.js';
import { applyChanges, countAttack, mapFighter } from './fold.js';

/** The facts of an attack (schema v2): who, with what, what it changed, the dice drawn; no rules-core answer. */
export interface AttackData {
  /** The acting fighter (attacker, shooter, thrower). */
  attackerId: string;
  weapon: string | null;
  success: boolean;
  /** What the attack changed on each fighter, by id: wounds, markers, AP after it (EDEN-WOUND-5, EDEN-ACT-3). */
  changes: FighterChanges;
  dice: DiceFact;
}

export type AttackEvent =
  | { type: 'eden.melee_resolved'; data: AttackData & { via: 'attack' | 'engage' | 'disengage'; reaction: string; targetId: string; responded: boolean } }
  | { type: 'eden.shot_resolved'; data: AttackData & { targetId: string | null } }
  | { type: 'eden.throw_resolved'; data: AttackData }
  | { type: 'eden.spray_resolved'; data: AttackData };

function countUse(e: FighterEntry, weapon: string | null): FighterEntry {
  if (!weapon) return e;
  const uses = own(e.itemUses, weapon) ?? { turn: 0, game: 0 };
  return { ...e, itemUses: { ...e.itemUses, [weapon]: { turn: uses.turn + 1, game: uses.game + 1 } } };
}

/** A shot, a throw or a spray: one Attack and one use of the weapon. */
const weaponAttack = (state: EdenMatchState, d: EventData<AttackEvent, 'eden.shot_resolved' | 'eden.throw_resolved' | 'eden.spray_resolved'>): EdenMatchState => {
  const next = applyChanges(state, d.changes);
  return mapFighter(next, d.attackerId, (e) => countUse({ ...e, turn: { ...e.turn, attacks: e.turn.attacks + 1 } }, d.weapon));
};

export const ATTACK_FOLDS: FoldTable<EdenMatchState, AttackEvent> = {
  'eden.melee_resolved': (state, data) => {
    const d = current('eden.melee_resolved', data);
    let next = applyChanges(state, d.changes);
    next = mapFighter(next, d.attackerId, (e) => ({
      ...e,
      turn: { ...e.turn, attacks: e.turn.attacks + 1, engages: e.turn.engages + (d.via === 'engage' ? 1 : 0) },
    }));
    // EDEN-ATTACK-2: a Response counts towards the target's Attacks
    return d.responded ? countAttack(next, d.targetId) : next;
  },
  'eden.shot_resolved': (state, data) => {
    const d = current('eden.shot_resolved', data);
    // EDEN-RANGED-2 (DE, seed 001 Fernkampf step 1): with no eligible target no ranged attack takes
    // place: it is neither one of the 2 Attacks nor a use of the weapon (ES: a paid failure, counted)
    return d.targetId === null && state.edition === 'de' ? applyChanges(state, d.changes) : weaponAttack(state, d);
  },
  'eden.throw_resolved': (state, d) => weaponAttack(state, current('eden.throw_resolved', d)),
  'eden.spray_resolved': (state, d) => weaponAttack(state, current('eden.spray_resolved', d)),
};
