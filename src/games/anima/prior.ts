/** Ánima prior encounters met when going to a Location in the Move phase (ANIMA-PRIOR). */
import type { Dice } from '../dice/index.js';
import { InvalidInput } from '../errors.js';
import { fightCreature } from './combat.js';
import type { EncounterCard, EncounterOutcome } from './exploration.js';
import { type Group, giftDraw } from './group.js';

export interface PriorEncounter {
  encounter: EncounterOutcome;
  /** The Group's token goes onto the Location (ANIMA-MOVE-3). */
  arrives: boolean;
  /** A winning Creature stays in front of the Location (ANIMA-PRIOR-5). */
  creatureStays: boolean;
  /** The Group can do nothing more this turn (ANIMA-MOVE-3, ANIMA-LOSE-1). */
  turnLost: boolean;
  characterDies: boolean;
  handSize?: number;
}

/** Dice: for a Creature, the group's d10 then the creature's d10; nothing otherwise. */
export function facePrior(location: { name: string; level: number }, group: Group, card: EncounterCard, dice: Dice): PriorEncounter {
  if (card.kind === 'creature' && card.combat === undefined) {
    throw new InvalidInput([{ path: '/encounter/combat', code: 'missing_combat', message: `Creature ${card.name} needs \`combat\`.` }]);
  }
  const hand = group.handSize !== undefined ? { handSize: group.handSize } : {};
  // ANIMA-PRIOR-3 / ANIMA-AMB-16: a card above the Location's level has no effect; the Group arrives.
  if (card.level > location.level) {
    return { encounter: { card, resolution: 'discarded_level' }, arrives: true, creatureStays: false, turnLost: false, characterDies: false, ...hand };
  }
  if (card.kind === 'event') {
    // ANIMA-PRIOR-4: the Group suffers the Event, then it is discarded; losing the turn means not arriving.
    const encounter: EncounterOutcome = { card, resolution: 'event' };
    let handSize = group.handSize;
    if (card.gifts !== undefined) {
      // ANIMA-HAND-1: Gifts from an Event obey the hand cap.
      encounter.giftsDrawn = giftDraw(card.gifts, handSize ?? 0);
      if (handSize !== undefined) handSize += encounter.giftsDrawn;
    }
    const stopped = Boolean(card.losesTurn || card.expels);
    return { encounter, arrives: !stopped, creatureStays: false, turnLost: stopped, characterDies: false, ...(handSize !== undefined ? { handSize } : {}) };
  }
  // ANIMA-PRIOR-5: combat; a defeated Creature is discarded, a winning one stays and the Group loses the turn.
  const combat = fightCreature(group, { name: card.name, combat: card.combat! }, dice);
  const won = combat.winner === 'group';
  return {
    encounter: { card, resolution: won ? 'won' : 'lost', combat },
    arrives: won,
    creatureStays: !won,
    turnLost: !won,
    characterDies: combat.characterDies,
    ...hand,
  };
}
