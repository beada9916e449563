/** Folding attacks: changed fighters, Attacks / Turn (EDEN-ATTACK-2), Engages (EDEN-ENGAGE-1), weapon uses (EDEN-EFFECT-LIMIT). */
import { own, type EdenMatchState, type FighterEntry } from '../state.js';
import { countAttack, mapFighter, updateFighters, type EventData, type EvolverTable } from './fold.js';

function countUse(e: FighterEntry, weapon: string | null): FighterEntry {
  if (!weapon) return e;
  const uses = own(e.itemUses, weapon) ?? { turn: 0, game: 0 };
  return { ...e, itemUses: { ...e.itemUses, [weapon]: { turn: uses.turn + 1, game: uses.game + 1 } } };
}

/** A shot, a throw or a spray: one Attack and one use of the weapon. */
const weaponAttack = (state: EdenMatchState, d: EventData<'eden.shot_resolved' | 'eden.throw_resolved' | 'eden.spray_resolved'>): EdenMatchState => {
  const next = updateFighters(state, d.fighters);
  return mapFighter(next, d.attackerId, (e) => countUse({ ...e, turn: { ...e.turn, attacks: e.turn.attacks + 1 } }, d.weapon));
};

export const ATTACK_EVENTS: EvolverTable<'eden.melee_resolved' | 'eden.shot_resolved' | 'eden.throw_resolved' | 'eden.spray_resolved'> = {
  'eden.melee_resolved': (state, d) => {
    let next = updateFighters(state, d.fighters);
    next = mapFighter(next, d.attackerId, (e) => ({
      ...e,
      turn: { ...e.turn, attacks: e.turn.attacks + 1, engages: e.turn.engages + (d.via === 'engage' ? 1 : 0) },
    }));
    // EDEN-ATTACK-2: a Response counts towards the target's Attacks
    return d.responded ? countAttack(next, d.targetId) : next;
  },
  'eden.shot_resolved': (state, d) =>
    // EDEN-RANGED-2 (DE, seed 001 Fernkampf step 1): with no eligible target no ranged attack takes
    // place: it is neither one of the 2 Attacks nor a use of the weapon (ES: a paid failure, counted)
    d.targetId === null && state.edition === 'de' ? updateFighters(state, d.fighters) : weaponAttack(state, d),
  'eden.throw_resolved': weaponAttack,
  'eden.spray_resolved': weaponAttack,
};
