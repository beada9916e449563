/**
 * The EDEN table (CONTRACT §8.1): what each reader of a match may see, and who may act now. Two
 * players (sides A and B, each a band of a player id); everything on the table is public except:
 * - a band registered while the other is not yet (EDEN-PREP-1: both bands are shown to each other
 *   in the same step; the first one registered is a choice stored before the rules reveal it);
 * - a Secret mission, name and content (EDEN-CARD-MISSION-2, EDEN-PREP-5: face down), until the
 *   game ends and VP are totalled as each mission card says (EDEN-GAME-1);
 * - the tactic hand (EDEN-PREP-8: the player may show it, but need not), each card until played
 *   (EDEN-TACPH-1: a played card is shown).
 * The bids for First player (EDEN-PREP-3 / EDEN-FIRST-1) are sent together in one `eden.bid` (the
 * owner), or each from its seat as a sealed part the kernel hides until the last one reveals both
 * (decisions.ts). EDEN has no decks.
 */
import { severalPlayers, HIDDEN, hideAll, type Move, type Reader, type TableRules } from '../../../kernel/table.js';
import type { GameCommand, GameEvent } from '../../../kernel/decider.js';
import { SIDES, canActivate, npcsInAction, otherSide, own, type Band, type EdenMatchState, type Side } from './state.js';
import { firstPlayerChooser } from './first-player.js';

type Data = Record<string, unknown>;

const playerOf = (state: EdenMatchState, side: Side): string => state.bands[side].player.id;
const registered = (band: Band) => band.bandType !== null;
/** EDEN-PREP-1: the bands are shown to each other once both are registered. */
const bandsShown = (state: EdenMatchState) => SIDES.every((s) => registered(state.bands[s]));
/** EDEN-GAME-1: at the end VP are totalled as each mission card says: every mission is shown. */
const ended = (state: EdenMatchState) => state.phase === 'ended' || state.result !== null;

/** The side a command or event names ("A", "B" or a player id), if any. */
function sideNamed(state: EdenMatchState, player: unknown): Side | undefined {
  if (player === 'A' || player === 'B') return player;
  return SIDES.find((s) => playerOf(state, s) === player);
}

/** The band of `side` as someone else sees it. */
function bandView(state: EdenMatchState, side: Side): Band | Data {
  const band = state.bands[side];
  let view: Data = band as unknown as Data;
  // EDEN-PREP-1: not shown before the opponent's band is registered too
  if (registered(band) && !bandsShown(state)) {
    view = { ...view, bandType: HIDDEN, affiliation: HIDDEN, fighterIds: hideAll(band.fighterIds), strategyPoints: HIDDEN };
  }
  // EDEN-CARD-MISSION-2 / EDEN-PREP-5: a Secret mission lies face down until the end (EDEN-GAME-1)
  if (band.mission?.visibility === 'secret' && !ended(state)) view = { ...view, mission: HIDDEN };
  // EDEN-PREP-8: the tactic hand is the player's; EDEN-TACPH-1: a played card is shown
  if (band.tacticHand) view = { ...view, tacticHand: band.tacticHand.map((card) => (band.tacticsPlayed.includes(card) ? card : HIDDEN)) };
  return view;
}

function viewState(state: EdenMatchState, reader: Reader): unknown {
  const others = SIDES.filter((s) => playerOf(state, s) !== reader);
  if (others.length === 0) return state;
  const bands: Record<string, unknown> = { ...state.bands };
  for (const s of others) bands[s] = bandView(state, s);
  // EDEN-PREP-1: an unshown band's fighters are left out (their count stays in `fighterIds`)
  const unshown = others.filter((s) => registered(state.bands[s]) && !bandsShown(state));
  if (unshown.length === 0) return { ...state, bands };
  const fighters = Object.fromEntries(Object.entries(state.fighters).filter(([, e]) => !unshown.includes(e.side as Side)));
  return { ...state, bands, fighters };
}

function viewEvent(event: GameEvent, reader: Reader, { after }: { before: EdenMatchState; after: EdenMatchState }): GameEvent {
  const d = event.data as Data | null;
  const side = d ? sideNamed(after, d.player) : undefined;
  if (!d || !side || playerOf(after, side) === reader) return event;
  switch (event.type) {
    // EDEN-PREP-1: the first band registered is shown when the second one is
    case 'eden.band_registered':
      if (bandsShown(after)) return event;
      return {
        type: event.type,
        data: { ...d, bandType: HIDDEN, affiliation: HIDDEN, fighters: hideAll(d.fighters as unknown[]), strategyPoints: HIDDEN },
      };
    // EDEN-CARD-MISSION-2: a Secret mission, name and content, face down
    case 'eden.mission_played':
      return (d.mission as { visibility?: unknown } | null)?.visibility === 'secret' && !ended(after) ? { type: event.type, data: { ...d, mission: HIDDEN } } : event;
    // EDEN-PREP-8: the tactic hand (its size, the Leader's PSI, stays public)
    case 'eden.tactic_hand_chosen':
      return { type: event.type, data: { ...d, cards: hideAll(d.cards as unknown[]) } };
    default:
      return event;
  }
}

/** Every string value inside `value`, and with `keys` every member name too (a fighter id keys `fighters`). */
function strings(value: unknown, into: Set<string>, keys = false): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into, keys);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, keys ? into.add(k) : into, keys);
  return into;
}

function secretTexts(state: EdenMatchState, reader: Reader): string[] {
  const candidates: string[] = [];
  for (const s of SIDES.filter((x) => playerOf(state, x) !== reader)) {
    const band = state.bands[s];
    if (registered(band) && !bandsShown(state)) {
      if (typeof band.affiliation === 'string') candidates.push(band.affiliation);
      for (const id of band.fighterIds) candidates.push(id, own(state.fighters, id)?.fighter.name ?? id);
    }
    const mission = band.mission;
    if (mission?.visibility === 'secret' && !ended(state)) {
      const { visibility: _v, deployment: _d, ...content } = mission;
      candidates.push(...strings(content, new Set()));
    }
    candidates.push(...(band.tacticHand ?? []).filter((card) => !band.tacticsPlayed.includes(card)));
  }
  // A text the reader sees elsewhere (its own card of the same name, a public element) is no secret
  const visible = strings(viewState(state, reader), new Set(), true);
  return [...new Set(candidates)].filter((t) => t.length > 0 && !visible.has(t));
}

const PREPARED_IN_TURN: Partial<Record<EdenMatchState['prep'], 'leader' | 'mission' | 'tacticHand'>> = {
  leaders: 'leader',
  missions: 'mission',
  tactic_hands: 'tacticHand',
};
const PREP_COMMAND = { leader: 'eden.choose_leader', mission: 'eden.play_mission', tacticHand: 'eden.choose_tactic_hand' } as const;

/** EDEN-PREP-4/5/7/8: First player first, then the opponent; the side whose step it is, if any. */
function prepTurn(state: EdenMatchState, done: (s: Side) => boolean): Side | undefined {
  const first = state.firstPlayer ?? 'A';
  return [first, otherSide(first)].find((s) => !done(s));
}

/** The command types of each side now; `both` for table-wide steps (the bid, the upkeep, the weather roll). */
function flow(state: EdenMatchState): { both: string[]; bySide: Partial<Record<Side, string[]>> } {
  const both: string[] = [];
  const bySide: Partial<Record<Side, string[]>> = {};
  const give = (side: Side | null | undefined, ...types: string[]) => {
    if (side) bySide[side] = [...(bySide[side] ?? []), ...types];
  };
  // EDEN-PREP-3 step 3 / EDEN-FIRST-2: the player who names the First player, alone
  const chooser = firstPlayerChooser(state);
  if (chooser) {
    give(chooser.side, 'eden.choose_first');
    return { both, bySide };
  }
  switch (state.phase) {
    case 'preparation': {
      const member = PREPARED_IN_TURN[state.prep];
      if (member)
        give(
          prepTurn(state, (s) => state.bands[s][member] !== null),
          PREP_COMMAND[member],
        );
      // EDEN-PREP-0 / EDEN-WEATHER-1: the weather roll before step 1
      else if (state.prep === 'weather') both.push('eden.roll_weather');
      // EDEN-PREP-1: each player registers his band, in any order
      else if (state.prep === 'bands') for (const s of SIDES) give(registered(state.bands[s]) ? null : s, 'eden.register_band');
      // EDEN-PREP-3: both bid at once (one command carries both bids)
      else if (state.prep === 'bid') both.push('eden.bid');
      // EDEN-TERRAIN-3 / EDEN-AMB-29: alternating placement
      else if (state.prep === 'scenery') give(state.territory?.next, 'eden.place_scenery');
      // EDEN-NPC-2: the level is agreed by both, then alternating placement
      else if (state.prep === 'infestation') {
        if (state.infestation?.level === null) both.push('eden.set_infestation_level');
        else give(state.infestation?.next, 'eden.place_npc', 'eden.stop_npc_placement');
      }
      // EDEN-PREP-7 (EDEN-WEATHER-6 under Mist: one fighter at a time)
      else if (state.prep === 'deployment') give(state.mistDeployment ? state.mistDeployment.next : prepTurn(state, (s) => state.bands[s].deployment !== null), 'eden.deploy');
      return { both, bySide };
    }
    // EDEN-FIRST-1: the bid each turn
    case 'first_player':
      both.push('eden.bid');
      return { both, bySide };
    // EDEN-TACPH-1: First player first, one card (or none) each
    case 'tactical':
      give(
        prepTurn(state, (s) => state.tactical.acted.includes(s)),
        'eden.play_tactic',
        'eden.skip_tactic',
      );
      return { both, bySide };
    case 'activation': {
      const active = state.activation.active;
      const entry = active ? own(state.fighters, active) : undefined;
      if (entry && entry.side !== 'npc') {
        // EDEN-ACT-3: the active fighter's actions; EDEN-MOVE-ACT-2: an adversary may strike a disengaging fighter
        const scenery = state.options.territory ? ['eden.attack_scenery', 'eden.ignite_scenery', 'eden.scenery_contact'] : [];
        give(entry.side, 'eden.move', 'eden.douse_fire', 'eden.melee', 'eden.ranged', 'eden.thrown', 'eden.spray', ...scenery, 'eden.end_activation');
        give(otherSide(entry.side), 'eden.melee');
        return { both, bySide };
      }
      // EDEN-ACT-1/5/6: the First player designates, or passes (not on the opening activation; AMB-16)
      const first = state.firstPlayer;
      const mayPass = first && !state.activation.opening && canActivate(state, otherSide(first));
      give(first, 'eden.activate', ...(mayPass ? ['eden.pass'] : []));
      return { both, bySide };
    }
    case 'upkeep': {
      // EDEN-UPKEEP-2 / EDEN-NPC-3: the NPCs first, alternating from the First player; then the upkeep
      const pending = npcsInAction(state).some((n) => !state.upkeep.npcsActivated.includes(n.id));
      if (pending && state.upkeep.npcNext) give(state.upkeep.npcNext, 'eden.activate_npc');
      else both.push('eden.upkeep');
      return { both, bySide };
    }
    default:
      return { both, bySide };
  }
}

function moves(state: EdenMatchState): Move[] {
  if (ended(state)) return [];
  const { both, bySide } = flow(state);
  return SIDES.flatMap((s) => [...(bySide[s] ?? []), ...both].map((type) => ({ player: playerOf(state, s), type })));
}

/** The member naming the fighter that acts, per command type (EDEN-ACT-3: the active fighter). */
const FIGHTER_MEMBER: Record<string, string> = {
  'eden.move': 'fighterId',
  'eden.douse_fire': 'fighterId',
  'eden.ignite_scenery': 'fighterId',
  'eden.scenery_contact': 'fighterId',
  'eden.melee': 'attacker',
  'eden.thrown': 'attacker',
  'eden.spray': 'attacker',
  'eden.attack_scenery': 'attacker',
  'eden.ranged': 'shooter',
};

/** The player of a band fighter (by id or `{id}`); undefined for an NPC (no player controls it, EDEN-NPC-1) or an unknown id. */
function fighterPlayer(state: EdenMatchState, ref: unknown): string | undefined {
  const id = typeof ref === 'string' ? ref : (ref as { id?: unknown } | null)?.id;
  const e = own(state.fighters, id);
  return e && e.side !== 'npc' ? playerOf(state, e.side) : undefined;
}

function actor(command: GameCommand, state: EdenMatchState): string | readonly string[] | undefined {
  // EDEN-PREP-3: each bid is its band's decision (both in one command: both players'; CONTRACT §9.1 sealed parts)
  if (command.type === 'eden.bid') {
    // EDEN-FIRST-2: no bid; naming the First player is the lost Leader's opponent's decision
    const chooser = firstPlayerChooser(state);
    if (chooser && !chooser.revealed) return playerOf(state, chooser.side);
    const bids = (command.bids ?? {}) as Record<string, unknown>;
    const sides = SIDES.filter((s) => bids[s] !== undefined);
    return sides.length ? severalPlayers(sides.map((s) => playerOf(state, s))) : undefined;
  }
  // EDEN-MELEE-6: the reaction (and the target's aim and weapon) is the target's controller's decision
  if (command.type === 'eden.melee' && (command.reaction !== undefined || command.targetAim !== undefined || command.targetWeapon !== undefined)) {
    const attacker = bandsShown(state) ? fighterPlayer(state, command.attacker) : undefined;
    const target = bandsShown(state) && command.via !== 'disengage' ? fighterPlayer(state, command.target) : undefined;
    if (attacker && target && attacker !== target) return severalPlayers([attacker, target]);
  }
  // EDEN-TACPH-2: paying a Cancellation is the opponent's decision
  if (command.type === 'eden.play_tactic' && command.cancellationPaid !== undefined && Number(command.cancellationPaid) > 0) {
    const side = sideNamed(state, command.player);
    if (side) return severalPlayers([playerOf(state, side), playerOf(state, side === 'A' ? 'B' : 'A')]);
  }
  // EDEN-UPKEEP: the victory points of both sides (as each mission card says) are both players'
  if (command.type === 'eden.upkeep' && command.victoryPoints && typeof command.victoryPoints === 'object' && Object.keys(command.victoryPoints).length > 0) {
    return severalPlayers(SIDES.map((s) => playerOf(state, s)));
  }
  // The player named ("A", "B" or a player id; an unknown name stays itself: it is nobody's seat)
  if (typeof command.player === 'string') {
    const side = sideNamed(state, command.player);
    const player = side ? playerOf(state, side) : command.player;
    // EDEN-ACT-2: interruptions are the other band's decisions, sent with the activation
    const interrupting = Array.isArray(command.interruptions) ? command.interruptions.map((f) => fighterPlayer(state, f)).filter((p): p is string => p !== undefined) : [];
    return interrupting.some((p) => p !== player) ? severalPlayers([player, ...interrupting]) : player;
  }
  const member = own(FIGHTER_MEMBER, command.type);
  // EDEN-PREP-1: while a band is still hidden its fighter ids are secret: a command naming one is
  // nobody's in particular (the rules refuse it), so a seat cannot probe the other band's ids
  if (member) return bandsShown(state) ? fighterPlayer(state, command[member]) : undefined;
  // EDEN-ACT-4: the active fighter's player ends its activation
  if (command.type === 'eden.end_activation' && state.activation.active) return fighterPlayer(state, state.activation.active);
  // eden.upkeep without victory points, eden.roll_weather, eden.set_infestation_level: table-wide steps
  return undefined;
}

export const edenTable: TableRules<EdenMatchState> = {
  viewState,
  // The creation options (edition, turns, weather, territory, infestation) hold nothing secret
  viewOptions: (options) => options,
  viewEvent,
  secretTexts,
  moves,
  actor,
};
