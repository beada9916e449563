/** Ánima prior encounters met when going to a Location in the Move phase (ANIMA-PRIOR). */
import type { Dice } from '../../../kernel/dice/index.js';
import { InvalidInput } from '../../../kernel/errors.js';
import { fightCreature } from './combat.js';
import type { EncounterCard, EncounterOutcome } from './exploration.js';
import { applyEvent, effectCounts, type EventState } from './events.js';
import { type Group, groupSize, withCombatCards } from './group.js';

export interface PriorEncounter {
  encounter: EncounterOutcome;
  /** The Group's token goes onto the Location (ANIMA-MOVE-3). */
  arrives: boolean;
  /** A winning Creature stays in front of the Location (ANIMA-PRIOR-5). */
  creatureStays: boolean;
  /** The Group can do nothing more this turn (ANIMA-MOVE-3, ANIMA-LOSE-1). */
  turnLost: boolean;
  characterDies: boolean;
  /** The last Character died: a new Group starts (ANIMA-GROUP-5). */
  groupEliminated: boolean;
  /** The Event also costs the next turn (ANIMA-LOSE-1). */
  losesNextTurn: boolean;
  /** Characters in the Group afterwards, before any death (ANIMA-GROUP-6). */
  groupSize: number;
  handSize?: number;
}

/** Dice: for a Creature, the group's d10 then the creature's d10; nothing otherwise. */
export function facePrior(location: { name: string; level: number }, group: Group, card: EncounterCard, dice: Dice): PriorEncounter {
  if (card.kind === 'creature' && card.combat === undefined) {
    throw new InvalidInput([{ path: '/encounter/combat', code: 'missing_combat', message: `Creature ${card.name} needs \`combat\`.` }]);
  }
  const size = groupSize(group);
  const hand = group.handSize !== undefined ? { handSize: group.handSize } : {};
  const calm = { creatureStays: false, characterDies: false, groupEliminated: false };
  // ANIMA-PRIOR-3 / ANIMA-AMB-16: a card above the Location's level has no effect; the Group arrives.
  if (card.level > location.level) {
    return { encounter: { card, resolution: 'discarded_level' }, arrives: true, turnLost: false, losesNextTurn: false, groupSize: size, ...calm, ...hand };
  }
  if (card.kind === 'event') {
    // ANIMA-PRIOR-4: the Group suffers the Event, then it is discarded; losing the turn means not arriving.
    const state: EventState = { hand: group.handSize, characters: size };
    const effect = applyEvent(card, state);
    const encounter: EncounterOutcome = { card, resolution: 'event', ...effectCounts(effect) };
    return {
      encounter,
      arrives: !effect.stopped,
      turnLost: effect.stopped,
      losesNextTurn: effect.losesNextTurn,
      groupSize: state.characters,
      ...calm,
      ...(state.hand !== undefined ? { handSize: state.hand } : {}),
    };
  }
  // ANIMA-PRIOR-5: combat; a defeated Creature is discarded, a winning one stays and the Group loses the turn.
  // ANIMA-TIMING-3: with the Combat cards committed for it (they leave the hand).
  const fighter = withCombatCards(group);
  const combat = fightCreature(fighter, { name: card.name, combat: card.combat! }, dice);
  const won = combat.winner === 'group';
  return {
    encounter: { card, resolution: won ? 'won' : 'lost', combat },
    arrives: won,
    creatureStays: !won,
    turnLost: !won,
    characterDies: combat.characterDies,
    // ANIMA-GROUP-5: the last Character died.
    groupEliminated: combat.characterDies && size <= 1,
    losesNextTurn: false,
    groupSize: size,
    ...(fighter.handSize !== undefined ? { handSize: fighter.handSize } : {}),
  };
}
