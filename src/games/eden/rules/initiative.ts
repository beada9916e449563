/**
 * Bidding for First player (EDEN-PREP-3, every turn by EDEN-FIRST-1) and the Leader-lost skip
 * (EDEN-FIRST-2). CONTRACT §1: tie-break dice are A's die then B's die, repeated on ties.
 */
import type { Dice } from '../../../kernel/dice/index.js';
import { RuleViolation } from '../../../kernel/errors.js';
import type { EditionId } from './catalog/types.js';

export type Player = 'A' | 'B';

export interface InitiativeInput {
  pools: Record<Player, number>;
  bids: Record<Player, number>;
  /** Whom the player who decides names First player; default: himself. */
  choice?: Player;
  /** Each side's choice, applied if that side decides (seated bids: each part names its own); wins over `choice`. */
  choices?: Partial<Record<Player, Player>>;
  /** EDEN-FIRST-2: whose Leader was put out of action during the previous turn. */
  leaderLost?: Partial<Record<Player, boolean>>;
  edition?: EditionId;
}

export interface InitiativeResult {
  /** The player who won the bid, the roll-off, or (Leader lost) the right to choose. */
  winner: Player;
  by: 'bid' | 'roll' | 'leader_lost';
  /** Whether the winner chooses the First player (false: he is First player). */
  winnerChooses: boolean;
  firstPlayer: Player;
  /** Pools after paying both bids (EDEN-PREP-3 step 5). */
  pools: Record<Player, number>;
  bids: Record<Player, number>;
  /** Roll-off pairs (A, B), the last one decisive. */
  rollOff: { A: number; B: number }[];
  rule: string;
}

export function resolveInitiative(input: InitiativeInput, dice: Dice): InitiativeResult {
  const { pools, bids } = input;
  const edition = input.edition ?? 'es';
  const lostA = input.leaderLost?.A === true;
  const lostB = input.leaderLost?.B === true;

  // EDEN-FIRST-2: exactly one Leader lost last turn → no bid, no SP spent; his opponent chooses
  if (lostA !== lostB) {
    const winner: Player = lostA ? 'B' : 'A';
    return {
      winner,
      by: 'leader_lost',
      winnerChooses: true,
      firstPlayer: input.choices?.[winner] ?? input.choice ?? winner,
      pools: { ...pools },
      bids: { A: 0, B: 0 },
      rollOff: [],
      rule: 'EDEN-FIRST-2',
    };
  }

  // EDEN-PREP-3 step 1 / EDEN-AMB-36: a bid lies in [0, own pool]; SP never go negative
  for (const p of ['A', 'B'] as const) {
    if (bids[p] > pools[p]) {
      throw new RuleViolation('bid_exceeds_pool', `Player ${p} bid ${bids[p]} SP but has only ${pools[p]} (EDEN-PREP-3).`, { player: p, bid: bids[p], pool: pools[p] });
    }
  }
  // EDEN-PREP-3 step 5: both bids are lost, whoever wins
  const after = { A: pools.A - bids.A, B: pools.B - bids.B };

  // EDEN-PREP-3 step 3: the higher bidder chooses the First player
  if (bids.A !== bids.B) {
    const winner: Player = bids.A > bids.B ? 'A' : 'B';
    return {
      winner,
      by: 'bid',
      winnerChooses: true,
      firstPlayer: input.choices?.[winner] ?? input.choice ?? winner,
      pools: after,
      bids: { ...bids },
      rollOff: [],
      rule: 'EDEN-PREP-3',
    };
  }

  // EDEN-PREP-3 step 4: equal bids → 1D6 each, re-rolled while equal
  const rollOff: { A: number; B: number }[] = [];
  let winner: Player;
  for (;;) {
    const a = dice.roll('initiative roll-off A', 1, 6)[0]!;
    const b = dice.roll('initiative roll-off B', 1, 6)[0]!;
    rollOff.push({ A: a, B: b });
    if (a !== b) {
      winner = a > b ? 'A' : 'B';
      break;
    }
  }
  // EDEN-AMB-11: ES «el resultado más elevado es el Primer jugador» (the die winner is First player);
  // DE «die höhere Zahl gewinnt» read as winning the bid, i.e. the right to choose.
  const winnerChooses = edition === 'de';
  const firstPlayer = winnerChooses ? (input.choices?.[winner] ?? input.choice ?? winner) : winner;
  return { winner, by: 'roll', winnerChooses, firstPlayer, pools: after, bids: { ...bids }, rollOff, rule: 'EDEN-PREP-3' };
}
