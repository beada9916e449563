/** Ánima reward eligibility after a successful exploration (ANIMA-REWARD, ANIMA-HAND-1). */
import { MAX_CHARACTERS, giftDraw } from './group.js';

export type Reward =
  { kind: 'gift'; name?: string } | { kind: 'recruit'; name?: string } | { kind: 'mission'; name?: string; mission: string } | { kind: 'special'; name?: string };

export interface RewardQuery {
  location: { name: string; level: number; rewards: Reward[] };
  characters: number;
  handSize: number;
  /** The current turn number (needed for the Recruit limit). */
  turn?: number;
  /** This player's last Recruit (ANIMA-REWARD-4). */
  lastRecruit?: { location: string; turn: number };
  /** Missions this player holds and has not completed (ANIMA-REWARD-5). */
  missions?: string[];
}

export type RewardBlock = 'hand_full' | 'group_full' | 'recruited_here_last_turn' | 'no_linked_mission';

export interface RewardOption {
  index: number;
  kind: Reward['kind'];
  name?: string;
  allowed: boolean;
  reason?: RewardBlock;
  /** Gift: how many cards would be drawn. */
  draw?: number;
  mission?: string;
}

function check(reward: Reward, q: RewardQuery): { allowed: boolean; reason?: RewardBlock; draw?: number } {
  switch (reward.kind) {
    case 'gift': {
      // ANIMA-REWARD-2 / ANIMA-HAND-1: draw min(level, 5 − hand); a full hand draws nothing.
      const draw = giftDraw(q.location.level, q.handSize);
      return draw > 0 ? { allowed: true, draw } : { allowed: false, reason: 'hand_full', draw: 0 };
    }
    case 'recruit':
      // ANIMA-REWARD-3: not with 4 Characters already (ANIMA-GROUP-1).
      if (q.characters >= MAX_CHARACTERS) return { allowed: false, reason: 'group_full' };
      // ANIMA-REWARD-4: not at the same Location as this player's Recruit of the previous turn.
      if (q.lastRecruit && q.turn !== undefined && q.lastRecruit.location === q.location.name && q.lastRecruit.turn === q.turn - 1) {
        return { allowed: false, reason: 'recruited_here_last_turn' };
      }
      return { allowed: true };
    case 'mission':
      // ANIMA-REWARD-5: only for a player holding a Mission linked to it.
      return (q.missions ?? []).includes(reward.mission) ? { allowed: true } : { allowed: false, reason: 'no_linked_mission' };
    case 'special':
      // ANIMA-REWARD-6: the Location's (EX) text applies; always selectable.
      return { allowed: true };
  }
}

/** ANIMA-REWARD-1: the Group claims exactly one listed reward; this lists which ones it may claim. */
export function rewardOptions(q: RewardQuery): RewardOption[] {
  return q.location.rewards.map((reward, index) => ({
    index,
    kind: reward.kind,
    ...(reward.name !== undefined ? { name: reward.name } : {}),
    ...(reward.kind === 'mission' ? { mission: reward.mission } : {}),
    ...check(reward, q),
  }));
}
