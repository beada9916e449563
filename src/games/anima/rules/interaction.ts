/** Ánima Interaction phase: who may trade, who may or must fight (ANIMA-INTERACT-1..5, ANIMA-LOSE-2, ANIMA-AMB-8/9). */
import { RuleViolation } from '../../../kernel/errors.js';
import { HAND_LIMIT, MAX_CHARACTERS } from './group.js';

export interface InteractionGroup {
  id: string;
  /** The Location the Group is at; null when at no Location (ANIMA-LOSE-2, ANIMA-AMB-7). */
  location: string | null;
  characters: number;
  /** Lost its turn this turn (ANIMA-LOSE-1/2). */
  turnLost?: boolean;
  organisation?: string;
  /** From the Organisation card (card data). */
  enemyOrganisations?: string[];
  /** Groups it drew against this turn (ANIMA-INTERACT-5). */
  drewWith?: string[];
}

export interface InteractionLocation {
  name: string;
  trade?: boolean;
  combatAllowed?: boolean;
}

export type FightBlock = 'not_same_location' | 'combat_forbidden' | 'group_size_gap' | 'turn_lost' | 'no_rematch' | 'not_at_location';
export type TradeBlock = 'no_trade_icon' | 'turn_lost' | 'not_at_location';

export interface PairStatus {
  a: string;
  b: string;
  canTrade: boolean;
  tradeBlock?: TradeBlock;
  canFight: boolean;
  fightBlock?: FightBlock;
  /** ANIMA-INTERACT-4: enemy Organisations at the same Location must fight (when combat is legal, ANIMA-AMB-8). */
  mustFight: boolean;
  /** Who declares the forced combat: the first of the two in turn order. */
  declarer?: string;
}

function tradeBlock(a: InteractionGroup, b: InteractionGroup, locs: Map<string, InteractionLocation>): TradeBlock | undefined {
  // ANIMA-LOSE-2: only Groups at a Location take part.
  if (a.location === null || b.location === null) return 'not_at_location';
  if (a.turnLost || b.turnLost) return 'turn_lost';
  // ANIMA-INTERACT-1: both at Locations with the Trade icon, not necessarily the same one.
  if (!locs.get(a.location)?.trade || !locs.get(b.location)?.trade) return 'no_trade_icon';
  return undefined;
}

function fightBlock(a: InteractionGroup, b: InteractionGroup, locs: Map<string, InteractionLocation>): FightBlock | undefined {
  if (a.location === null || b.location === null) return 'not_at_location';
  // ANIMA-INTERACT-2: only a Group at the same Location.
  if (a.location !== b.location) return 'not_same_location';
  // ANIMA-LOSE-2: a Group that lost its turn cannot be attacked nor attack.
  if (a.turnLost || b.turnLost) return 'turn_lost';
  // ANIMA-INTERACT-2: unless the Location forbids combat (Arkángel, ANIMA-EX-5).
  if (locs.get(a.location)?.combatAllowed === false) return 'combat_forbidden';
  // ANIMA-INTERACT-3: Character counts differ by at most 1.
  if (Math.abs(a.characters - b.characters) > 1) return 'group_size_gap';
  // ANIMA-INTERACT-5: no rematch after a draw this turn.
  if (a.drewWith?.includes(b.id) || b.drewWith?.includes(a.id)) return 'no_rematch';
  return undefined;
}

const enemies = (a: InteractionGroup, b: InteractionGroup) =>
  Boolean((b.organisation && a.enemyOrganisations?.includes(b.organisation)) || (a.organisation && b.enemyOrganisations?.includes(a.organisation)));

/** Every pair of Groups, `groups` in turn order. */
export function interactions(groups: readonly InteractionGroup[], locations: readonly InteractionLocation[]): PairStatus[] {
  const locs = new Map(locations.map((l) => [l.name, l]));
  const pairs: PairStatus[] = [];
  for (let i = 0; i < groups.length; i++) {
    for (let j = i + 1; j < groups.length; j++) {
      const a = groups[i]!;
      const b = groups[j]!;
      const tb = tradeBlock(a, b, locs);
      const fb = fightBlock(a, b, locs);
      // ANIMA-INTERACT-4 / ANIMA-AMB-8: enemy Organisations must fight, only where combat is legal.
      const must = fb === undefined && enemies(a, b);
      pairs.push({
        a: a.id,
        b: b.id,
        canTrade: tb === undefined,
        ...(tb ? { tradeBlock: tb } : {}),
        canFight: fb === undefined,
        ...(fb ? { fightBlock: fb } : {}),
        mustFight: must,
        ...(must ? { declarer: a.id } : {}),
      });
    }
  }
  return pairs;
}

export interface Trader {
  characters: string[];
  handSize: number;
  gives: { gifts?: number; characters?: string[] };
}

/**
 * ANIMA-INTERACT-1: a trade both players agreed to. The caps still hold: 5 Gifts (ANIMA-AMB-9: a trade
 * that would exceed it is illegal), 4 Characters, and no Group left empty (RECOMMENDED).
 */
export function trade(a: Trader, b: Trader): { a: { characters: string[]; handSize: number }; b: { characters: string[]; handSize: number } } {
  const side = (self: Trader, other: Trader, who: 'a' | 'b') => {
    const gives = self.gives.characters ?? [];
    for (const name of gives) {
      if (!self.characters.includes(name)) throw new RuleViolation('not_held', `Group ${who} has no Character ${name} to give.`, { side: who, name });
    }
    if ((self.gives.gifts ?? 0) > self.handSize) throw new RuleViolation('not_held', `Group ${who} holds only ${self.handSize} Gift(s).`, { side: who });
    const characters = [...self.characters.filter((c) => !gives.includes(c)), ...(other.gives.characters ?? [])];
    const handSize = self.handSize - (self.gives.gifts ?? 0) + (other.gives.gifts ?? 0);
    if (handSize > HAND_LIMIT)
      throw new RuleViolation('hand_limit', `Group ${who} would hold ${handSize} Gifts; the maximum is ${HAND_LIMIT} (ANIMA-HAND-1, ANIMA-AMB-9).`, { side: who });
    if (characters.length > MAX_CHARACTERS)
      throw new RuleViolation('group_limit', `Group ${who} would have ${characters.length} Characters; the maximum is ${MAX_CHARACTERS} (ANIMA-GROUP-1, ANIMA-GROUP-6).`, {
        side: who,
      });
    if (characters.length === 0) throw new RuleViolation('empty_group', `Group ${who} would be left without Characters (ANIMA-INTERACT-1).`, { side: who });
    return { characters, handSize };
  };
  return { a: side(a, b, 'a'), b: side(b, a, 'b') };
}

export interface PickupCandidate {
  id: string;
  gifts: number;
  characters: number;
}

/**
 * ANIMA-START-4: a Gift discarded (or a Character dismissed) in the Start phase goes to the player with
 * strictly the fewest Gifts (Characters), below the cap, other than the one who let it go; on a tie
 * nobody takes it and it goes to its discard pile. The taker may still decline.
 */
export function pickupCandidate(
  kind: 'gift' | 'character',
  from: string,
  players: readonly PickupCandidate[],
): { taker: string | null; reason: 'fewest' | 'tie' | 'none_eligible' } {
  const count = (p: PickupCandidate) => (kind === 'gift' ? p.gifts : p.characters);
  const cap = kind === 'gift' ? HAND_LIMIT : MAX_CHARACTERS;
  const others = players.filter((p) => p.id !== from && count(p) < cap);
  if (others.length === 0) return { taker: null, reason: 'none_eligible' };
  const least = Math.min(...others.map(count));
  const fewest = others.filter((p) => count(p) === least);
  return fewest.length === 1 ? { taker: fewest[0]!.id, reason: 'fewest' } : { taker: null, reason: 'tie' };
}
