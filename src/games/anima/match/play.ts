/**
 * Ánima match commands of the Interaction phase (ANIMA-INTERACT-*) and the Exploration phase
 * (ANIMA-EXPLORE-*, rewards and missions): each command's declaration (schema, documentation,
 * timing) with its handler.
 */
import { Type } from '@sinclair/typebox';
import type { Dice } from '../../../kernel/dice/index.js';
import { fightCreature, fightGroup } from '../rules/combat.js';
import { explore as exploreCore } from '../rules/exploration.js';
import { giftDraw, HAND_LIMIT } from '../rules/group.js';
import { interactions, trade } from '../rules/interaction.js';
import { finalMissionAccess } from '../rules/missions.js';
import { rewardOptions } from '../rules/rewards.js';
import { speedTest } from '../rules/speed.js';
import { animaCommand, byType } from './decide.js';
import { event, type AnimaEvent, type AnimaEventData } from './events.js';
import { CombatGifts, commandSchema, CreatureGifts, Name, TradeSide } from './members.js';
import { characterOf, coreGroup, drawCards, groupOf, holding, shuffle, violation } from './rules.js';
import { combatGifts, committedCombat, namedGifts } from './gifts.js';
import type { AnimaTable, GroupState, MissionCard } from './state.js';

/** The pair status of the interaction core for two players (ANIMA-INTERACT-1..5, ANIMA-LOSE-2). */
export function pair(t: AnimaTable, a: string, b: string) {
  const cards = t.cards!;
  const groups = [a, b].map((id) => {
    const g = t.groupsInPlay[id]!;
    return { id, location: g.location, characters: g.characters.length, turnLost: g.turnLost, drewWith: g.drewWith };
  });
  const locations = t.locations.map((l) => ({ name: l.name, trade: cards.locations[l.card]!.trade ?? false, combatAllowed: cards.locations[l.card]!.combatAllowed ?? true }));
  return interactions(groups, locations)[0]!;
}

function other(t: AnimaTable, player: string, id: string, member: string): GroupState {
  if (id === player) violation('same_player', 'A Group cannot interact with itself.');
  return groupOf(t, id, member);
}

/** ANIMA-INTERACT-2..5 / ANIMA-COMBAT-1..4: declare combat on a Group at the same Location. */
const declareCombat = animaCommand({
  schema: commandSchema('anima.declare_combat', { target: Name, gifts: Type.Optional(CombatGifts), targetGifts: Type.Optional(CombatGifts) }),
  description:
    "ANIMA-INTERACT-2..5 / ANIMA-COMBAT-1..4 (Interaction phase): combat with a Group at the same Location (size rule, no rematch after a draw); the loser gives a random Gift and is expelled. `gifts` / `targetGifts`: each side's Combat cards (ANIMA-TIMING-3). Dice: attacker, defender, then the Gift drawn (1..hand size, with a Gift deck).",
  example: { player: 'p1', target: 'p2', gifts: [{ gift: 'Furia', character: 'Acróbata' }], dice: { values: [7, 3, 1] } },
  phases: ['interaction'],
  what: 'Declaring combat (ANIMA-INTERACT-2)',
  inTurn: true,
  decide(c, t, g, dice) {
    const target = other(t, c.player, c.target, 'target');
    const p = pair(t, c.player, c.target);
    if (!p.canFight) violation(p.fightBlock!, `No combat with ${String(c.target)}: ${p.fightBlock} (ANIMA-INTERACT-2/3/5, ANIMA-LOSE-2).`, { reason: p.fightBlock });
    // ANIMA-TIMING-3: each side's Combat cards, before any roll.
    const mine = combatGifts(t, c.player, c.gifts);
    const theirs = combatGifts(t, c.target, c.targetGifts);
    const combat = fightGroup(coreGroup(g, mine.combat), coreGroup(target, theirs.combat), dice);
    const winner = combat.winner === 'group' ? g : combat.winner === 'opponent' ? target : null;
    const loser = winner === g ? target : g;
    const left = (x: GroupState) => x.handSize - (x === g ? mine : theirs).events.length;
    // ANIMA-INTERACT-5 / ANIMA-AMB-9: a Gift the winner cannot hold goes to the discard pile.
    const spoil = winner !== null && left(loser) > 0 && left(winner) < HAND_LIMIT;
    // With a Gift deck the loser's Gift is drawn at random from the hand left after its Combat cards.
    const played = new Set([...mine.events, ...theirs.events].map((e) => (e.data as { gift: number }).gift));
    const hand = winner && t.cards!.gifts ? loser.hand.filter((x) => !played.has(x)) : [];
    const spoilCard = hand.length ? hand[dice.roll('Gift given at random', 1, hand.length)[0]! - 1]! : null;
    const data = { player: c.player, opponent: c.target, combat, spoil, ...(t.cards!.gifts ? { spoilCard } : {}) };
    return [...mine.events, ...theirs.events, event('anima.group_combat', data)];
  },
});

type Side = TradeSide;

/** ANIMA-INTERACT-1: a trade both players agreed to, between two Trade Locations (caps: ANIMA-HAND-1, ANIMA-GROUP-1). */
const tradeWith = animaCommand({
  schema: commandSchema('anima.trade_with', {
    with: Name,
    gives: Type.Optional(TradeSide),
    receives: Type.Optional(TradeSide),
    refused: Type.Optional(Type.Literal(true, { description: '`with` did not agree: the trade does not happen (`anima.trade_refused`).' })),
  }),
  description:
    'ANIMA-INTERACT-1: a trade between two Groups at Trade Locations; `gives` / `receives` Gifts (counts; names with a Gift deck) and Characters (names). The owner’s command is the agreed trade (or, with `refused: true`, the one `with` refused); from a seat it is a proposal that takes effect when `with` sends `anima.accept_trade` (`match.pass` refuses it).',
  example: { player: 'p1', with: 'p2', gives: { gifts: 1 }, receives: { characters: ['Novel'] } },
  phases: ['interaction'],
  what: 'Trading (ANIMA-INTERACT-1)',
  inTurn: true,
  decide(c, t, g) {
    const partner = other(t, c.player, c.with, 'with');
    const p = pair(t, c.player, c.with);
    if (!p.canTrade) violation(p.tradeBlock!, `No trade with ${String(c.with)}: ${p.tradeBlock} (ANIMA-INTERACT-1, ANIMA-LOSE-2).`, { reason: p.tradeBlock });
    const gives = c.gives ?? {};
    const receives = c.receives ?? {};
    // With a Gift deck the Gifts are named; without one they are counted.
    const gifts = (x: GroupState, s: Side, who: string) => {
      if (Array.isArray(s.gifts)) return { count: s.gifts.length, cards: namedGifts(t, x, s.gifts, who) };
      if (t.cards!.gifts && s.gifts) violation('name_the_gifts', 'This match has a Gift deck: name the Gifts traded (`gifts: ["…"]`).');
      return { count: s.gifts ?? 0 };
    };
    const [mine, theirs] = [gifts(g, gives, c.player), gifts(partner, receives, c.with)];
    const names = (x: GroupState) => x.characters.map((ch) => ch.name);
    trade(
      { characters: names(g), handSize: g.handSize, gives: { characters: gives.characters, gifts: mine.count } },
      { characters: names(partner), handSize: partner.handSize, gives: { characters: receives.characters, gifts: theirs.count } },
    );
    const cards = (x: GroupState, s: Side, who: string) => (s.characters ?? []).map((n) => characterOf(x, n, who));
    // ANIMA-INTERACT-1: «si ambos están de acuerdo» — refused, nothing changes hands.
    if (c.refused) return [event('anima.trade_refused', { player: c.player, with: c.with })];
    return [
      event('anima.traded', {
        player: c.player,
        with: c.with,
        gives: { gifts: mine.count, characters: cards(g, gives, c.player), ...(mine.cards ? { cards: mine.cards } : {}) },
        receives: { gifts: theirs.count, characters: cards(partner, receives, c.with), ...(theirs.cards ? { cards: theirs.cards } : {}) },
      }),
    ];
  },
});

/** ANIMA-INTERACT-1 from the seats: the other player agrees to the trade proposed (an answer to `anima.trade_with`, CONTRACT §9.1). */
const acceptTrade = animaCommand({
  schema: commandSchema('anima.accept_trade', {}),
  description:
    'ANIMA-INTERACT-1 (CONTRACT §9.1): the player a trade was proposed to (`anima.trade_with` from a seat) agrees, and the trade takes effect; `match.pass` refuses it. Nothing else: with no trade proposed to the player it is refused (422 `nothing_pending`).',
  example: { player: 'p2' },
  phases: ['start', 'move', 'interaction', 'exploration'],
  what: 'Accepting a trade (ANIMA-INTERACT-1)',
  inTurn: false,
  decide(c) {
    return violation(
      'nothing_pending',
      `No trade is proposed to ${c.player} now (ANIMA-INTERACT-1): a trade proposed from a seat is answered with anima.accept_trade or match.pass.`,
    );
  },
});

/** ANIMA-EXPLORE-1..7: the exploration core on the Location's table with the Encounter deck in draw order. */
const explore = animaCommand({
  schema: commandSchema('anima.explore', { gifts: Type.Optional(CreatureGifts) }),
  description:
    "ANIMA-EXPLORE-1..7 (Exploration phase, Groups that arrived): one d10 on the Location's table, encounters from the deck; then `anima.claim_reward`. Decline with `anima.end_phase`. `gifts`: Combat cards for the first Creature met (kept in hand when none is). Dice: the d10 on the table, then per Creature met the Group’s d10 and the Creature’s d10, in draw order.",
  example: { player: 'p1', gifts: [{ gift: 'Escudo' }], dice: { values: [5, 3, 4] } },
  phases: ['exploration'],
  what: 'Exploring (ANIMA-EXPLORE-1)',
  inTurn: true,
  decide(c, t, g, dice) {
    // ANIMA-MISSION-5: the round of the Resist mission is this Group's Exploration-phase action.
    if (holding(g)) violation('resist_due', `${c.player}'s Resist mission round is due: anima.resist (ANIMA-MISSION-5).`);
    // ANIMA-TIMING-3: Combat cards for the first Creature met, checked before any card is drawn.
    const cards = committedCombat(t, c.player, c.gifts);
    const here = t.locations.find((l) => l.name === g.location)!;
    const card = t.cards!.locations[here.card]!;
    const most = Math.max(0, ...card.table.map((r) => (r.result === 'encounter' ? (r.count ?? 1) : 0)));
    // ANIMA-DECK-2: when the deck cannot cover the most this table may draw, its discard pile is shuffled beneath.
    const pile = drawCards(t, 'encounters', most, dice);
    const deck = pile.events.length ? (pile.events[0]!.data as { order: number[] }).order : t.decks.encounters;
    const x = exploreCore(
      { name: card.name, level: card.level, table: card.table },
      cards.group(g),
      deck.map((i) => t.cards!.encounters[i]!),
      dice,
    );
    const drawn = deck.slice(0, x.encounters.length);
    const events: AnimaEvent[] = [...cards.spent(x.encounters.some((e) => e.combat !== undefined)), ...pile.events];
    const n = Math.max(0, x.groupSize - g.characters.length);
    const recruits = n ? drawCards({ ...t, decks: { ...t.decks, encounters: deck.slice(drawn.length) } }, 'characters', n, dice) : { cards: [], events: [] };
    events.push(...recruits.events, event('anima.explored', { player: c.player, location: here.name, drawn, exploration: x, recruited: recruits.cards }));
    return events;
  },
});

/** ANIMA-MISSION-6 test of a Mission at its objective: a combat against the named enemy (with Combat cards), or a speed test. */
function missionTest(m: MissionCard, g: GroupState, dice: Dice, extra: number) {
  if (m.test.kind === 'speed') {
    const s = speedTest(coreGroup(g), m.test.difficulty, dice);
    return { speedTest: s, success: s.success };
  }
  if (m.test.kind === 'resist') return { success: false, resistStarted: true };
  const combat = fightCreature(coreGroup(g, extra), { name: m.test.enemy, combat: m.test.combat }, dice);
  return { combat, success: combat.winner === 'group' };
}

/** ANIMA-MISSION-2..4: a Mission completed; the Final Mission wins at once, the first Basic one reveals the Final Mission. */
export function completion(t: AnimaTable, player: string, mission: string, final: boolean, dice: Dice): AnimaEvent[] {
  // ANIMA-MISSION-3: completing the Final Mission wins at once.
  if (final) return [event('anima.mission_completed', { player, mission, final }), event('anima.game_won', { player, mission })];
  const g = t.groupsInPlay[player]!;
  const card = t.cards!.basicMissions[g.missions.find((m) => m.name === mission && !m.completed)!.card]!;
  const out = [event('anima.mission_completed', { player, mission, final, ...benefitOf(card, g.handSize) })];
  // ANIMA-MISSION-2: the first Basic completion reveals one of the Final Missions at random.
  if (!t.finalMission && t.finalDeck.length) {
    const pick = shuffle(t.finalDeck, dice, 'final missions')[0]!;
    out.push(event('anima.final_mission_revealed', { card: pick, name: t.cards!.finalMissions[pick]!.name }));
  }
  return out;
}

/** ANIMA-MISSION-4: the Benefit applied on completion — Gifts drawn within the hand limit (ANIMA-HAND-1), lasting modifiers, the text for the table. */
function benefitOf(card: MissionCard, handSize: number): { benefit?: AnimaEventData['anima.mission_completed']['benefit'] } {
  const b = card.benefit;
  if (b === undefined) return {};
  if (typeof b === 'string') return { benefit: { text: b } };
  return {
    benefit: {
      ...(b.text !== undefined ? { text: b.text } : {}),
      ...(b.gifts ? { giftsDrawn: giftDraw(b.gifts, handSize) } : {}),
      ...(b.combat ? { combat: b.combat } : {}),
      ...(b.speed ? { speed: b.speed } : {}),
    },
  };
}

/** ANIMA-REWARD-1..6 and ANIMA-MISSION-1..4: claim one reward of the Location explored. */
const claimReward = animaCommand({
  schema: commandSchema('anima.claim_reward', { reward: Type.Integer({ minimum: 0, maximum: 9 }), gifts: Type.Optional(CombatGifts) }),
  description:
    'ANIMA-REWARD-1..6 / ANIMA-MISSION-1..5: one reward of the Location by index (Gift, Recruit, a Mission objective with its test — `gifts`: Combat cards for a combat test —, Special); a Resist mission starts there; the Final Mission wins the game. Dice: a Speed test rolls one d10; a combat test the Group’s d10, then the enemy’s d10; other rewards none.',
  example: { player: 'p1', reward: 0 },
  phases: ['exploration'],
  what: 'Claiming a reward (ANIMA-REWARD-1)',
  inTurn: true,
  resolves: 'reward',
  decide(c, t, g, dice) {
    const cards = t.cards!;
    const here = t.locations.find((l) => l.name === g.location) ?? t.locations.find((l) => t.choosing?.kind === 'reward' && l.name === t.choosing.location)!;
    const card = cards.locations[here.card]!;
    const final = t.finalMission ? cards.finalMissions[t.finalMission.card]! : null;
    const open = g.missions.filter((m) => !m.completed).map((m) => m.name);
    const access = finalMissionAccess(g.missions.filter((m) => m.completed).length, t.finalMission !== null, t.multipleMissions);
    // ANIMA-MISSION-3: the revealed Final Mission is open to a player with enough completed Basic Missions.
    const missions = final && access.canAttempt ? [...open, final.name] : open;
    const options = rewardOptions({ location: card, characters: g.characters.length, handSize: g.handSize, turn: t.turn, lastRecruit: g.lastRecruit ?? undefined, missions });
    const chosen = options[c.reward];
    if (!chosen) violation('unknown_reward', `${card.name} lists ${options.length} reward(s): 0..${options.length - 1} (ANIMA-REWARD-1).`, { rewards: options });
    if (!chosen.allowed) violation(chosen.reason!, `That reward cannot be claimed: ${chosen.reason} (ANIMA-REWARD-2..5).`, { rewards: options });
    const base: AnimaEventData['anima.reward_claimed'] = { player: c.player, location: card.name, reward: chosen.index, kind: chosen.kind };
    if (chosen.kind === 'gift') return [event('anima.reward_claimed', { ...base, giftsDrawn: chosen.draw! })];
    if (chosen.kind === 'recruit') {
      const top = drawCards(t, 'characters', 1, dice);
      if (top.cards[0] === undefined) violation('character_deck_empty', 'No Character is left to recruit (ANIMA-REWARD-3).');
      return [...top.events, event('anima.reward_claimed', { ...base, recruited: top.cards[0] })];
    }
    if (chosen.kind !== 'mission') return [event('anima.reward_claimed', base)];
    // ANIMA-REWARD-5: resolve the Mission's test (ANIMA-MISSION-5: a Resist mission starts).
    const isFinal = final !== null && chosen.mission === final.name;
    const m = isFinal ? final : cards.basicMissions[g.missions.find((x) => x.name === chosen.mission && !x.completed)!.card]!;
    if (c.gifts && m.test.kind !== 'combat') violation('no_combat', `${m.name} is not a combat; Combat cards cannot be played (ANIMA-TIMING-3).`);
    const played = combatGifts(t, c.player, c.gifts);
    const test = missionTest(m, g, dice, played.combat);
    const out: AnimaEvent[] = [...played.events, event('anima.reward_claimed', { ...base, mission: { name: m.name, final: isFinal, ...test } })];
    // ANIMA-MISSION-7 / ANIMA-AMB-12: a failed attempt leaves the Mission open.
    return test.success ? [...out, ...completion(t, c.player, m.name, isFinal, dice)] : out;
  },
});

/** The Interaction-phase and Exploration-phase commands. */
export const PLAY_COMMANDS = byType(declareCombat, tradeWith, acceptTrade, explore, claimReward);
