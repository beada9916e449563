/**
 * The events of decisions sent from the players' own seats (CONTRACT §9.1) in a full Ánima match: a
 * trade proposal refused (ANIMA-INTERACT-1), and the removal a Seek new horizons leaves open over
 * the maximum — the new Location shown, the Location the seeker chose, each save or refusal to save
 * (ANIMA-MOVE-7/8): each event type's data and its fold (fold.ts). The seek itself is still the one
 * `anima.sought` event of the bundled form, appended once the removal is settled.
 */
import type { FoldTable } from '../../../kernel/folds.js';
import type { EventsOf } from './events.js';
import { tableFolds } from './fold.js';
import type { AnimaTable, RemovalPending } from './state.js';

export interface SeatEventData {
  /** ANIMA-INTERACT-1: `with` did not agree to the trade `player` proposed; nothing changes hands. */
  'anima.trade_refused': { player: string; with: string };
  /** ANIMA-MOVE-5.1/5.2 / ANIMA-MOVE-7: the new Location and its face-up prior encounter, shown while the removal waits; `gifts`: the seeker's committed Combat cards (the seeker's eyes only). */
  'anima.removal_opened': { player: string; source: 'deck' | 'discard'; location: number; encounter: number; gifts?: { gift: string; character?: string }[] };
  /** ANIMA-MOVE-7: the seeker chose `location`; `asked`: the players who may save it (ANIMA-MOVE-8). */
  'anima.removal_chosen': { player: string; location: string; asked: string[] };
  /** ANIMA-MOVE-8: `player` saved `location`, sacrificing a Gift (`gift`: the card, with a Gift deck; discarded when the seek resolves). */
  'anima.location_saved': { player: string; location: string; gift?: number };
  /** ANIMA-MOVE-8: `player` lets `location` go. */
  'anima.save_declined': { player: string; location: string };
}

export type SeatEvent = EventsOf<SeatEventData>;

const pendingRemoval = (t: AnimaTable): RemovalPending | null => (t.choosing?.kind === 'removal' ? t.choosing : null);

export const SEAT_FOLDS: FoldTable<AnimaTable, SeatEvent> = tableFolds({
  'anima.trade_refused': () => {},
  'anima.removal_opened': (t, d) => {
    t.choosing = {
      kind: 'removal',
      player: d.player,
      source: d.source,
      location: d.location,
      encounter: d.encounter,
      ...(d.gifts ? { gifts: d.gifts } : {}),
      removal: [],
      saved: [],
      deciding: [],
    };
  },
  'anima.removal_chosen': (t, d) => {
    const p = pendingRemoval(t);
    if (!p) return;
    p.removal.push(d.location);
    p.deciding = [...d.asked];
  },
  'anima.location_saved': (t, d) => {
    const p = pendingRemoval(t);
    if (!p) return;
    p.saved.push({ location: d.location, by: d.player, ...(d.gift !== undefined ? { gift: d.gift } : {}) });
    p.deciding = [];
  },
  'anima.save_declined': (t, d) => {
    const p = pendingRemoval(t);
    if (p) p.deciding = p.deciding.filter((x) => x !== d.player);
  },
});
