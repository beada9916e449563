/**
 * The Mission and end-of-combat events of a full Ánima match (a Mission completed, the Final
 * Mission revealed, a Character lost, the game won): each event type's data and its fold (fold.ts).
 */
import type { FoldTable } from '../../../kernel/folds.js';
import type { EventsOf } from './events.js';
import { removeCharacter, tableFolds } from './fold.js';
import type { AnimaTable } from './state.js';

export interface MissionEventData {
  /** ANIMA-MISSION-4: `benefit` as applied — Gifts drawn, lasting modifiers, the card's text. */
  'anima.mission_completed': { player: string; mission: string; final: boolean; benefit?: { text?: string; giftsDrawn?: number; combat?: number; speed?: number } };
  'anima.final_mission_revealed': { card: number; name: string };
  'anima.character_lost': { player: string; character: number };
  'anima.game_won': { player: string; mission: string };
}

export type MissionEvent = EventsOf<MissionEventData>;

export const MISSION_FOLDS: FoldTable<AnimaTable, MissionEvent> = tableFolds({
  'anima.mission_completed': (t, d) => {
    const g = t.groupsInPlay[d.player]!;
    const m = g.missions.find((x) => x.name === d.mission && !x.completed);
    if (m) m.completed = true;
    // ANIMA-MISSION-4: the Benefit (Gifts drawn are then dealt by name with a Gift deck, ANIMA-HAND-1).
    g.handSize += d.benefit?.giftsDrawn ?? 0;
    g.lasting.combat += d.benefit?.combat ?? 0;
    g.lasting.speed += d.benefit?.speed ?? 0;
  },
  'anima.final_mission_revealed': (t, d) => {
    t.finalMission = { card: d.card, name: d.name };
    t.finalDeck = t.finalDeck.filter((c) => c !== d.card);
  },
  'anima.character_lost': (t, d) => {
    removeCharacter(t.groupsInPlay[d.player]!, d.character);
    t.discards.characters.push(d.character);
    if (t.choosing?.kind === 'casualty' && t.choosing.player === d.player) t.choosing = null;
  },
  'anima.game_won': (t, d) => {
    // ANIMA-MISSION-3: the player who completes the Final Mission wins at once (CONTRACT §8.2 outcome)
    t.outcome = { ended: true, winners: [d.player], reason: 'ANIMA-MISSION-3', winner: d.player, mission: d.mission };
    t.phase = 'ended';
    t.choosing = null;
  },
});
