/** Player-versus-player combat (EXS-COMBAT-PVP-1…6, EXS-COMBAT-DISCARD). */
import { RuleViolation } from '../../../kernel/errors.js';
import type { Pile } from './decks.js';
import { breakTie, type OutcomeCard, type OutcomeDraw } from './outcome.js';
import { type BaralytasChange, type Consequences, type DiscardRounding, giveAway, loserDiscard, markerTokens, receiveFrom, unchanged, winnerDiscard } from './consequences.js';
import { retreat } from './retreat.js';
import { checkVictory, type PlayerCount, type VictoryCheck } from './victory.js';

export type Role = 'attacker' | 'defender';

export interface Combatant {
  committed: number[];
  /** Cards in hand when the combat starts, laid cards included (default: the laid cards). */
  hand?: number;
  baralytasTokens?: number[];
  connectionTokens?: number;
  factionTokens?: number;
  /** This player's faction tokens in the game reserve (EXS-TOKEN-4, EXS-AMB-13). */
  reserveFactionTokens?: number;
  /** The Baralytas token value this player hands over if they lose (their choice; default the lowest). */
  give?: number;
  /** Faction (SYL, Keber, Vinsan, Wardun): the release slot for the check on a loss (EXS-PBOARD-5). */
  faction?: string;
  /** Miniatures already on the player board before this combat (0–3). */
  inactiveMiniatures?: number;
  /** Faction tokens on the ability slots (0–2). */
  abilityTokens?: number;
}

export interface PlayerCombatInput {
  attacker: Combatant;
  defender: Combatant;
  /** Terrain "+2 TO THE ATTACKER IN THIS ZONE" and similar (EXS-BOARD-5). */
  attackerBonus?: number;
  discardRounding?: DiscardRounding;
  playerCount?: PlayerCount;
  harder?: boolean;
}

export interface PlayerCombatResult {
  attackerStrength: number;
  defenderStrength: number;
  outcomeDraws: OutcomeDraw<Role>[];
  totals: Record<Role, number>;
  winner: Role;
  endedBy: 'strength' | 'outcome' | 'no_defence';
  consequences: Record<Role, Consequences>;
  victory: VictoryCheck | null;
  rules: string[];
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function handOf(c: Combatant, role: Role): number {
  const hand = c.hand ?? c.committed.length;
  if (hand < c.committed.length) {
    throw new RuleViolation('not_enough_cards', `The ${role} lays ${c.committed.length} cards but holds ${hand}.`, { path: `/${role}/hand` });
  }
  return hand;
}

function checkLaying(input: PlayerCombatInput, hands: Record<Role, number>): void {
  const k = input.attacker.committed.length;
  const j = input.defender.committed.length;
  // EXS-COMBAT-PVP-1: an attacker with cards lays at least 1 (EXS-AMB-21: with none, k = 0).
  if (k === 0 && hands.attacker > 0) {
    throw new RuleViolation('must_commit', 'The attacker holds cards and must lay at least one face down.', { path: '/attacker/committed' });
  }
  // EXS-COMBAT-PVP-2: the defender lays at most as many cards as the attacker…
  if (j > k) {
    throw new RuleViolation('reply_too_large', `The defender may lay at most ${k} cards (the attacker laid ${k}); ${j} were laid.`, { path: '/defender/committed', max: k });
  }
  // EXS-COMBAT-PVP-2: …and with k or fewer cards lays the whole hand.
  if (hands.defender <= k && j !== hands.defender) {
    throw new RuleViolation('whole_hand_required', `The defender holds ${hands.defender} cards (no more than the attacker's ${k}) and must lay them all.`, {
      path: '/defender/committed',
    });
  }
  for (const role of ['attacker', 'defender'] as const) {
    const c = input[role];
    if (c.give !== undefined && c.baralytasTokens && !c.baralytasTokens.includes(c.give)) {
      throw new RuleViolation('token_not_held', `The ${role} holds no Baralytas token of value ${c.give}.`, { path: `/${role}/give` });
    }
  }
}

/** EXS-COMBAT-PVP-5 step 1: the loser hands 1 Baralytas token of their choice to the winner, if they have any. */
function baralytasTransfer(winner: Combatant, loser: Combatant): Record<'won' | 'lost', BaralytasChange> {
  const held = loser.baralytasTokens;
  const points = (c: Combatant) => (c.baralytasTokens ? sum(c.baralytasTokens) : null);
  if (held && held.length === 0) {
    return {
      won: { delta: 0, ifAny: false, value: null, to: null, points: points(winner) },
      lost: { delta: 0, ifAny: false, value: null, to: null, points: 0 },
    };
  }
  const value = loser.give ?? (held ? Math.min(...held) : null);
  const ifAny = held === undefined;
  const wp = points(winner);
  const lp = points(loser);
  return {
    won: { delta: 1, ifAny, value, to: null, points: wp !== null && value !== null ? wp + value : null },
    lost: { delta: -1, ifAny, value, to: 'winner', points: lp !== null && value !== null ? lp - value : null },
  };
}

/** Resolve a combat between two players' miniatures: reveal, Outcome on ties, Conclusion. */
export function resolvePlayerCombat(input: PlayerCombatInput, outcome: Pile<OutcomeCard>): PlayerCombatResult {
  const hands = { attacker: handOf(input.attacker, 'attacker'), defender: handOf(input.defender, 'defender') };
  checkLaying(input, hands);
  const rules = ['EXS-COMBAT-PVP-1', 'EXS-COMBAT-PVP-2'];
  const attackerStrength = sum(input.attacker.committed) + (input.attackerBonus ?? 0);
  const defenderStrength = sum(input.defender.committed);
  let winner: Role;
  let totals: Record<Role, number> = { attacker: attackerStrength, defender: defenderStrength };
  let outcomeDraws: OutcomeDraw<Role>[] = [];
  let endedBy: PlayerCombatResult['endedBy'];
  if (hands.defender === 0) {
    // EXS-COMBAT-PVP-2 [OCR-17]: a defender with no cards loses automatically.
    winner = 'attacker';
    endedBy = 'no_defence';
  } else if (attackerStrength !== defenderStrength) {
    // EXS-COMBAT-PVP-3: the higher total wins.
    rules.push('EXS-COMBAT-PVP-3');
    winner = attackerStrength > defenderStrength ? 'attacker' : 'defender';
    endedBy = 'strength';
  } else {
    // EXS-COMBAT-PVP-4: equal totals → Outcome cards, attacker first, repeated until they differ.
    rules.push('EXS-COMBAT-PVP-3', 'EXS-COMBAT-PVP-4');
    const tie = breakTie(outcome, 'attacker', 'defender', attackerStrength);
    ({ winner, totals } = tie);
    outcomeDraws = tie.draws;
    endedBy = 'outcome';
  }
  const loser: Role = winner === 'attacker' ? 'defender' : 'attacker';
  const w = input[winner];
  const l = input[loser];
  const baralytas = baralytasTransfer(w, l);
  // EXS-COMBAT-PVP-5 (1) connection token from the loser, (2) faction token from the reserve,
  // (3) fatigue and penalty discards on the hands the laid cards returned to (EXS-COMBAT-PVP-6),
  // (4) the loser's miniature retreats.
  const won: Consequences = {
    result: 'won',
    baralytas: baralytas.won,
    connectionTokens: receiveFrom(w.connectionTokens, l.connectionTokens),
    factionTokens: receiveFrom(w.factionTokens, w.reserveFactionTokens),
    discard: winnerDiscard(hands[winner], input.discardRounding ?? 'up'),
    miniature: 'stays',
    retreat: null,
    rules: ['EXS-COMBAT-PVP-5', 'EXS-TOKEN-4', 'EXS-COMBAT-DISCARD-1', 'EXS-COMBAT-PVP-6'],
  };
  // EXS-COMBAT-PVP-5 (4): the loser's miniature retreats; the release check (EXS-PBOARD-5).
  const back = retreat({ faction: l.faction, inactiveMiniatures: l.inactiveMiniatures, abilityTokens: l.abilityTokens, path: `/${loser}/inactiveMiniatures` });
  const lost: Consequences = {
    result: 'lost',
    baralytas: baralytas.lost,
    connectionTokens: l.connectionTokens === undefined || l.connectionTokens > 0 ? giveAway(l.connectionTokens) : unchanged(0),
    factionTokens: markerTokens(l.factionTokens),
    discard: loserDiscard(hands[loser], l.factionTokens),
    miniature: 'retreats',
    retreat: back,
    rules: ['EXS-COMBAT-PVP-5', 'EXS-COMBAT-DISCARD-2', 'EXS-AMB-27', ...back.rules],
  };
  // EXS-WIN-3: a Baralytas token won in combat is checked against the target.
  const victory = input.playerCount !== undefined && won.baralytas.points !== null ? checkVictory(won.baralytas.points, input.playerCount, input.harder ?? false) : null;
  if (victory) rules.push('EXS-WIN-3');
  return {
    attackerStrength,
    defenderStrength,
    outcomeDraws,
    totals,
    winner,
    endedBy,
    consequences: { [winner]: won, [loser]: lost } as Record<Role, Consequences>,
    victory,
    rules: [...rules, 'EXS-COMBAT-PVP-5', 'EXS-COMBAT-DISCARD-1', 'EXS-COMBAT-DISCARD-2', ...back.rules],
  };
}
