/**
 * The Upkeep phase (EDEN-UPKEEP-3..11) after the NPCs acted (EDEN-UPKEEP-2), and the end of the
 * game (EDEN-GAME-1/2/3): the command's schema, documentation, preconditions and handler. The phase
 * is checked by the preconditions (preconditions.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { applyWeatherEffects } from '../rules/weather.js';
import { WEATHER_CONDITIONS, type WeatherCondition } from '../rules/catalog/weather.js';
import type { Fighter } from '../rules/fighter.js';
import { sceneryUpkeep } from '../rules/scenery.js';
import { upkeep as resolveUpkeep } from '../rules/upkeep.js';
import { defineCommand } from './preconditions.js';
import { refs } from './command-schemas.js';
import { commandSchema } from '../../../kernel/commands.js';
import { bandSide, entry, rollsFrom, sameFighter, violation } from './rules.js';
import { SIDES, diceFact, fighterChanges, isInAction, npcsInAction, sideFighters, type EdenMatchState, type Side } from './state.js';
import type { EdenEvent } from './evolve/events.js';
import { evolve } from './evolve.js';

const UPKEEP = commandSchema('eden.upkeep', {
  removeRage: Type.Optional(refs(50)),
  victoryPoints: Type.Optional(
    Type.Object({ A: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })), B: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })) }),
  ),
  engaged: Type.Optional(refs(100, 'Fighters that are not free at the end of the turn: Acid rain spares them (EDEN-WEATHER-7).')),
  weatherOrder: Type.Optional(
    Type.Array(Type.Union(WEATHER_CONDITIONS.map((c) => Type.Literal(c))), {
      maxItems: 3,
      description: 'The order in which the First player resolves the end-of-turn weather (EDEN-AMB-26).',
    }),
  ),
});

export const UPKEEP_COMMANDS = {
  /**
   * EDEN-UPKEEP-3..9 by the shared core (upkeep.ts: fire and fear alternating from the First player,
   * poison, rage, AP, slow), then the match-only steps: EDEN-UPKEEP-10 (VP), EDEN-UPKEEP-11 and
   * EDEN-GAME-1/2/3 (next turn or the end of the game).
   */
  'eden.upkeep': defineCommand({
    schema: UPKEEP,
    description:
      'EDEN-UPKEEP-3..11: steps 3–9 as POST /v1/eden/upkeep (fire and fear alternating from the First player, poison, rage (`removeRage`), AP, slow), then the VP earned this turn (`victoryPoints`), then the next turn or the end of the game (EDEN-GAME-1/2/3). Dice: fire (per burning fighter in processing order: 3 dice, then 1 location die), then fear (per fighter: its PSI roll).',
    example: { removeRage: ['a2'], victoryPoints: { A: 1 } },
    preconditions: { stage: { phase: 'upkeep', what: 'The upkeep' } },
    decide(cmd, state, dice) {
      // EDEN-UPKEEP-2 / EDEN-NPC-3: every NPC is activated before step 3
      const pending = npcsInAction(state).filter((n) => !state.upkeep.npcsActivated.includes(n.id));
      if (pending.length) {
        violation('npcs_pending', `Upkeep step 2 comes first: activate the NPCs ${pending.map((n) => n.id).join(', ')} (EDEN-UPKEEP-2, EDEN-NPC-3).`, {
          npcs: pending.map((n) => n.id),
          next: state.upkeep.npcNext,
        });
      }
      // EDEN-UPKEEP-6: only match fighters may be named (by id or {id}); unknown ids are 422 unknown_fighter
      const removeRage = (cmd.removeRage ?? []).map((r) => {
        const e = entry(state, r, 'removeRage fighter');
        bandSide(e);
        return e.id;
      });
      // EDEN-WEATHER-7: fighters that are not free (named here) are spared by Acid rain
      const engaged = (cmd.engaged ?? []).map((r) => entry(state, r, 'engaged fighter').id);
      const order = weatherOrder(cmd, state);
      const band = (st: EdenMatchState, s: Side) => st.bands[s].fighterIds.map((id) => st.fighters[id]!.fighter);
      const npcIds = Object.keys(state.npcs);
      const npcs = (st: EdenMatchState) => npcIds.map((id) => st.fighters[id]!.fighter);
      const changedIn = (st: EdenMatchState, r: { bands: Record<Side, Fighter[]>; npcs: Fighter[] }) =>
        [
          ...SIDES.flatMap((s) => r.bands[s].map((fighter, i) => ({ id: st.bands[s].fighterIds[i]!, fighter }))),
          ...r.npcs.map((fighter, i) => ({ id: npcIds[i]!, fighter })),
        ].filter((u) => !sameFighter(u.fighter, st.fighters[u.id]!.fighter));
      // EDEN-FIRST-3: the First player at the end of the Activation phase keeps the role through Upkeep
      const first = state.firstPlayer!;
      // EDEN-UPKEEP-3..9 by the shared core; NPCs burn and shake fear after both players (EDEN-AMB-18)
      const r = resolveUpkeep({ firstPlayer: first, bands: { A: band(state, 'A'), B: band(state, 'B') }, npcs: npcs(state), removeRage }, dice);
      const rolled = dice.transcript().rolls.length;
      const upkeepEv: EdenEvent = {
        type: 'eden.upkeep_resolved',
        data: { turn: state.turn, removeRage, changes: fighterChanges(state, changedIn(state, r)), dice: diceFact(dice.transcript()) },
      };
      const events: EdenEvent[] = [upkeepEv];
      let after = evolve(state, upkeepEv);
      // EDEN-TERRAIN-R-INFLAMMABLE: a burning element gains a Fire marker (recommended timing: step 3)
      const burned = Object.values(state.scenery)
        .map((s) => sceneryUpkeep(s))
        .filter((o) => o.scenery.fire !== state.scenery[o.scenery.id]!.fire || o.destroyedNow)
        .map((o) => ({ sceneryId: o.scenery.id, fire: o.scenery.fire, destroyed: o.destroyedNow, replacedBy: o.replacedBy }));
      if (burned.length) {
        const ev: EdenEvent = { type: 'eden.scenery_burned', data: { turn: state.turn, scenery: burned } };
        events.push(ev);
        after = evolve(after, ev);
      }
      // EDEN-UPKEEP-10: VP earned this turn; totals never below 0 (EDEN-GAME-3)
      const gainedIn = cmd.victoryPoints ?? {};
      const gained = { A: gainedIn.A ?? 0, B: gainedIn.B ?? 0 };
      const totals = { A: Math.max(0, after.bands.A.victoryPoints + gained.A), B: Math.max(0, after.bands.B.victoryPoints + gained.B) };
      const vpEv: EdenEvent = { type: 'eden.victory_points_scored', data: { turn: state.turn, gained, totals } };
      events.push(vpEv);
      after = evolve(after, vpEv);
      // EDEN-UPKEEP-11 / EDEN-AMB-26: end-of-turn weather (Ionic storm, Acid rain), in the First player's order
      if (order.length) {
        const w = applyWeatherEffects({ conditions: order, firstPlayer: first, bands: { A: band(after, 'A'), B: band(after, 'B') }, npcs: npcs(after), engaged }, dice);
        const ev: EdenEvent = {
          type: 'eden.weather_effects_resolved',
          data: { turn: state.turn, conditions: order, engaged, changes: fighterChanges(after, changedIn(after, w)), dice: diceFact(rollsFrom(dice, rolled)) },
        };
        events.push(ev);
        after = evolve(after, ev);
      }
      // EDEN-UPKEEP-11 → EDEN-GAME-2 (EDEN-AMB-10: ends when at least one player has no fighter left; NPCs do not count) / EDEN-GAME-1
      const empty = SIDES.some((s) => sideFighters(after, s).every((e) => !isInAction(e)));
      if (empty || state.turn >= state.maxTurns) {
        // EDEN-GAME-3: more VP wins; equal VP is a draw
        const winner: Side | null = totals.A === totals.B ? null : totals.A > totals.B ? 'A' : 'B';
        events.push({ type: 'eden.game_ended', data: { reason: empty ? 'elimination' : 'turns', turn: state.turn, victoryPoints: totals, winner } });
      } else {
        events.push({ type: 'eden.turn_started', data: { turn: state.turn + 1 } });
      }
      return events;
    },
  }),
};

const END_OF_TURN: readonly WeatherCondition[] = ['ionic_storm', 'acid_rain'];

/** EDEN-AMB-26: the First player orders the end-of-turn conditions in play (`weatherOrder`); default: table order. */
function weatherOrder(cmd: Static<typeof UPKEEP>, state: EdenMatchState): WeatherCondition[] {
  const inPlay = state.weather.filter((c) => END_OF_TURN.includes(c));
  const asked = cmd.weatherOrder;
  if (asked === undefined) return inPlay;
  const same = asked.length === inPlay.length && inPlay.every((c) => asked.includes(c));
  if (!same)
    violation('wrong_weather_order', `weatherOrder must list each end-of-turn condition in play exactly once: ${inPlay.join(', ') || 'none'} (EDEN-AMB-26).`, {
      conditions: inPlay,
    });
  return [...asked];
}
