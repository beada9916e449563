/**
 * Ánima match commands of setup (ANIMA-SETUP-3), the Start phase (ANIMA-START-*) and the Move phase
 * (ANIMA-MOVE-*): each command's declaration (schema, documentation, timing) with its handler.
 */
import { Type } from '@sinclair/typebox';
import { pickupCandidate } from '../rules/interaction.js';
import { facedPrior, go, goNeeds } from '../rules/movement.js';
import { animaCommand, byType } from './decide.js';
import { event, type AnimaEvent } from './events.js';
import { commandSchema, CreatureGifts, GiftNames, Name, Redirect } from './members.js';
import { characterOf, drawCards, recruitsOf, shuffle, violation } from './rules.js';
import { committedCombat, giftDeck, namedGifts, redirectOf } from './gifts.js';
import { STARTING_GIFTS, type AnimaTable, type GroupState } from './state.js';
import { seekNewHorizons } from './horizons.js';

/** ANIMA-SETUP-3: keep one of the two Characters drawn; the other is shuffled back into the deck. */
const keepCharacter = animaCommand({
  schema: commandSchema('anima.keep_character', { character: Name, gifts: Type.Optional(Type.Array(Name, { minItems: 3, maxItems: 3 })) }),
  description:
    'ANIMA-SETUP-3: keep one of the two Characters drawn (`state.groupsInPlay[player].dealt`); the other is shuffled back. With a Gift deck also `gifts`: three of the four Gifts drawn (`giftsDealt`). When all kept, turn 1 starts. A full match is created with the card lists the rulebook does not print, each in draw order, in `options`: `{characters: [{name, combat, speed, skills?: ["ki"|"magic"|"scheme"]}], locations: [{name, level, table, rewards, trade?, combatAllowed?}] (at most 14), encounters: [{name, kind, level, combat?, …}], basicMissions: [{name, test: {kind: "combat", enemy, combat} | {kind: "speed", difficulty} | {kind: "resist", rounds, enemy?: {name, combat}}, benefit?}], finalMissions: [3 Missions], gifts?: [{name, category: "ability"|"plot", skill?, phase?, timing: "normal"|"interrupt"|"combat", persistent?, organisation?: {enemies: [names]}, combat?, speed?, incapacitates?, zeppelin?, redirect?, text?}], multipleMissions?, tree?}` (400 with `/options/...` paths naming what is missing; without the card lists the match is the resolution log of the operations).',
  example: { player: 'p1', character: 'Acróbata', gifts: ['Sol Negro', 'Dormir', 'Furia'] },
  phases: ['setup'],
  what: 'Keeping a Character (ANIMA-SETUP-3)',
  inTurn: false,
  decide(c, t, g, dice) {
    if (g.characters.length > 0) violation('already_done', `${c.player} already kept a Character (ANIMA-SETUP-3).`);
    const names = g.dealt.map((i) => t.cards!.characters[i]!.name);
    const at = names.indexOf(c.character);
    if (at < 0) violation('not_dealt', `Keep one of the two Characters drawn: ${names.join(', ')} (ANIMA-SETUP-3).`, { dealt: names });
    const kept = g.dealt[at]!;
    const returned = g.dealt[1 - at]!;
    const out = [event('anima.character_kept', { player: c.player, kept, returned, ...keptGifts(c.gifts, t, g) })];
    out.push(event('anima.deck_shuffled', { deck: 'characters', order: shuffle([...t.decks.characters, returned], dice, 'characters') }));
    const back = (out[0]!.data as { returnedGift?: number }).returnedGift;
    if (back !== undefined) out.push(event('anima.deck_shuffled', { deck: 'gifts', order: shuffle([...t.decks.gifts, back], dice, 'gifts') }));
    return out;
  },
});

/** ANIMA-SETUP-3 with a Gift deck: three of the four Gifts drawn (named in `named`) are kept, the fourth is shuffled back. */
function keptGifts(named: string[] | undefined, t: AnimaTable, g: GroupState): { gifts?: number[]; returnedGift?: number } {
  if (!t.cards!.gifts) {
    // Gifts named without a Gift deck are refused (no_gift_deck), never ignored.
    if (named !== undefined) giftDeck(t);
    return {};
  }
  const gifts = t.cards!.gifts;
  const names = named ?? [];
  const left = [...g.giftsDealt];
  const kept = names.map((n) => {
    const i = left.findIndex((x) => gifts[x]!.name === n);
    return i < 0 ? -1 : left.splice(i, 1)[0]!;
  });
  if (kept.length !== STARTING_GIFTS || kept.includes(-1)) {
    const dealt = g.giftsDealt.map((x) => gifts[x]!.name);
    violation('keep_three_gifts', `Keep three of the four Gifts drawn, by name, in \`gifts\`: ${dealt.join(', ')} (ANIMA-SETUP-3).`, { dealt });
  }
  return { gifts: kept, returnedGift: left[0]! };
}

/** ANIMA-START-2a / ANIMA-START-4: discard Gifts; the player with strictly fewest Gifts may take them. */
const discardGifts = animaCommand({
  schema: commandSchema('anima.discard_gifts', {
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
    gifts: Type.Optional(GiftNames),
    take: Type.Optional(Type.Boolean()),
  }),
  description:
    'ANIMA-START-2a/3/4 (Start phase, in turn order): discard Gifts (`count`; by name in `gifts` with a Gift deck); the player with strictly the fewest Gifts takes them unless `take: false`.',
  example: { player: 'p1', count: 1 },
  phases: ['start'],
  what: 'Discarding Gifts (ANIMA-START-2a, ANIMA-START-3)',
  inTurn: true,
  decide(c, t, g) {
    // With a Gift deck the Gifts are named (`gifts`); without one they are counted (`count`).
    const cards = Array.isArray(c.gifts) ? namedGifts(t, g, c.gifts, c.player) : undefined;
    if (t.cards!.gifts && !cards) violation('name_the_gifts', 'This match has a Gift deck: name the Gifts discarded (`gifts: ["…"]`).');
    const count = cards?.length ?? c.count ?? 0;
    if (count < 1) violation('nothing_to_discard', 'Discard at least one Gift (`count`, or `gifts` by name).');
    if (count > g.handSize) violation('not_held', `${c.player} holds only ${g.handSize} Gift(s).`, { handSize: g.handSize });
    const pick = pickupCandidate('gift', c.player, pickupPlayers(t));
    const taker = pick.taker && c.take !== false && t.groupsInPlay[pick.taker]!.handSize + count <= 5 ? pick.taker : null;
    const reason = pick.taker && !taker ? 'declined' : pick.reason;
    return [event('anima.gifts_discarded', { player: c.player, count, takenBy: taker, reason, ...(cards ? { cards } : {}) })];
  },
});

const pickupPlayers = (t: AnimaTable) => Object.entries(t.groupsInPlay).map(([id, x]) => ({ id, gifts: x.handSize, characters: x.characters.length }));

/** ANIMA-START-2b / ANIMA-START-4 / ANIMA-START-5: dismiss a Character; pick-up by strictly fewest Characters. */
const dismissCharacter = animaCommand({
  schema: commandSchema('anima.dismiss_character', { character: Name, take: Type.Optional(Type.Boolean()) }),
  description:
    'ANIMA-START-2b/4/5: dismiss a Character; the player with strictly the fewest Characters recruits it unless `take: false`; an emptied Group is replaced (ANIMA-GROUP-5).',
  example: { player: 'p1', character: 'Novel' },
  phases: ['start'],
  what: 'Dismissing a Character (ANIMA-START-2b, ANIMA-START-3)',
  inTurn: true,
  decide(c, t, g) {
    const card = characterOf(g, c.character, c.player);
    const pick = pickupCandidate('character', c.player, pickupPlayers(t));
    const taker = c.take === false ? null : pick.taker;
    const out = [event('anima.character_dismissed', { player: c.player, character: card, takenBy: taker, reason: pick.taker && !taker ? 'declined' : pick.reason })];
    return out;
  },
});

/** ANIMA-MOVE-3: go to an active Location, facing its prior encounter (ANIMA-PRIOR-1..5). */
const goTo = animaCommand({
  schema: commandSchema('anima.go', { location: Name, gift: Type.Optional(Name), gifts: Type.Optional(CreatureGifts), redirect: Type.Optional(Redirect) }),
  description:
    "ANIMA-MOVE-3 / ANIMA-PRIOR-1..5 (Move phase): go to an active Location (the current one: stay), facing its prior encounter. With Locations as a tree (ANIMA-OPT-TREE-2..5) a level change faces the top Encounter card; `gift` plays a Zeppelin Travel card to reach any level. `gifts`: Combat cards if a Creature is fought; `redirect`: another player's Dirección Equivocada sends the Group elsewhere (ANIMA-TIMING-2). Dice: only a Creature prior encounter rolls — the Group’s d10, then the Creature’s d10 (ANIMA-PRIOR-5); an Event or no card rolls none.",
  example: { player: 'p1', location: 'Arkángel', gifts: [{ gift: 'Furia', character: 'Acróbata' }], dice: { values: [6, 2] } },
  phases: ['move'],
  what: 'Going to a Location (ANIMA-MOVE-3)',
  inTurn: true,
  decide(c, t, g, dice) {
    // Checked before anything is revealed: Combat cards for a Creature met (ANIMA-TIMING-3), another player's redirect (ANIMA-TIMING-2).
    const cards = committedCombat(t, c.player, c.gifts);
    const redirect = redirectOf(t, c.player, c.redirect);
    const target = redirect.location ?? c.location;
    const to = t.locations.find((l) => l.name === target);
    if (!to) violation('not_active', `${String(target)} is not an active Location (ANIMA-MOVE-1).`, { active: t.locations.map((l) => l.name) });
    const from = g.location ? (t.locations.find((l) => l.name === g.location) ?? null) : null;
    const zeppelin = zeppelinOf(c.gift, c.player, t, g);
    const q = { from: from && { name: from.name, level: from.level }, to: { name: to.name, level: to.level }, tree: t.tree, zeppelin: zeppelin.length > 0 };
    // ANIMA-OPT-TREE-2: changing level draws the top Encounter card as a prior encounter.
    const drawn = t.tree && goNeeds(q) === 'level_change' ? drawCards(t, 'encounters', 1, dice) : null;
    const index = drawn ? drawn.cards[0] : to.prior?.card;
    const card = index === undefined ? undefined : t.cards!.encounters[index]!;
    // A Zeppelin Travel card played with the declaration has left the hand already.
    const group = cards.group(g);
    const r = go(q, { ...group, handSize: group.handSize! - zeppelin.length }, card, dice);
    const before = [...redirect.events, ...zeppelin];
    if (r.need === 'none' || !card || !facedPrior(r)) return [...before, event('anima.went', { player: c.player, location: to.name, prior: null, recruited: [] })];
    const result = r;
    const { recruited, events } = recruitsOf(t, g, result, dice);
    const prior = { card: index!, result, ...(drawn ? { drawn: true } : {}) };
    const spent = cards.spent(result.encounter.combat !== undefined);
    return [...before, ...spent, ...(drawn?.events ?? []), ...events, event('anima.went', { player: c.player, location: to.name, prior, recruited })];
  },
});

/** ANIMA-OPT-TREE-5: Viaje en zepelín played with the declaration (`gift`), with Locations as a tree. */
function zeppelinOf(gift: string | undefined, player: string, t: AnimaTable, g: GroupState): AnimaEvent[] {
  if (gift === undefined) return [];
  const card = namedGifts(t, g, [gift], player)[0]!;
  if (!t.cards!.gifts![card]!.zeppelin) violation('not_zeppelin', `${String(gift)} is no Zeppelin Travel card (ANIMA-OPT-TREE-5).`);
  if (!t.tree) violation('zeppelin_needs_tree', 'Zeppelin Travel lifts the level limits of Locations as a tree (ANIMA-OPT-TREE-5); this match does not use that rule.');
  return [event('anima.gift_played', { player, gift: card, character: null, target: null, forCombat: false })];
}

/** ANIMA-MOVE-11/12: Rest — the turn passes; +2 Combat and Speed next turn. */
const rest = animaCommand({
  schema: commandSchema('anima.rest', {}),
  description: 'ANIMA-MOVE-11/12: the Group gives up this turn (at no Location); +2 Combat and +2 Speed next turn.',
  example: { player: 'p3' },
  phases: ['move'],
  what: 'Resting (ANIMA-MOVE-11)',
  inTurn: true,
  decide(c) {
    return [event('anima.rested', { player: c.player })];
  },
});

/** The setup, Start-phase and Move-phase commands, in the order of play. */
export const TURN_COMMANDS = byType(keepCharacter, discardGifts, dismissCharacter, goTo, seekNewHorizons, rest);
