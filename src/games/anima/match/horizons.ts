/**
 * Ánima's Seek new horizons in a full match (ANIMA-MOVE-4..10, the seek core) and the removal it may
 * leave open (ANIMA-MOVE-7/8). Sent with `removal` (and `saves`), the seek resolves at once: the
 * owner's bundled v1.2 form, in which the table has already agreed who saves what. Sent without
 * either while the new Location brings the table over its maximum, the seek shows the new Location
 * and its face-up prior encounter (ANIMA-MOVE-5.1/5.2) and waits: the seeker chooses a Location to
 * remove (`anima.remove_location`), every other player who holds a Gift says whether they sacrifice
 * one to save it (`anima.save_location`), again after each save, until a Location is removed that
 * nobody saves (or none is left, ANIMA-AMB-6); then the prior encounter is faced (ANIMA-MOVE-5.4),
 * with the dice of that last answer, and `anima.sought` is what the bundled form would have written.
 */
import { Type } from '@sinclair/typebox';
import type { Dice } from '../../../kernel/dice/index.js';
import { maxLocations, removable, seek, seekCheck, type ActiveLocation, type SeekInput } from '../rules/seek.js';
import { animaCommand, byType } from './decide.js';
import { event, type AnimaEvent } from './events.js';
import { commandSchema, CreatureGifts, Name, type GiftPlay } from './members.js';
import { drawCards, recruitsOf, violation } from './rules.js';
import { committedCombat, giftDeck, namedGifts } from './gifts.js';
import { own, type AnimaTable, type GroupState, type RemovalPending } from './state.js';

/** A save: the Gift sacrificed by name (as the bundled command names it) or by card (as a save from a seat recorded it). */
type Save = { location: string; by: string; gift?: string | number };

/** What a seek resolves with: its new Location and prior encounter, the removal choices in order, the saves, the Combat cards committed. */
interface Seeking {
  player: string;
  source: 'deck' | 'discard';
  location: number | undefined;
  encounter: number;
  removal: string[];
  saves: Save[];
  gifts?: GiftPlay[];
}

/** The Locations on the table as the seek core takes them (ANIMA-MOVE-7: occupied, prior encounter pending). */
function activeOf(t: AnimaTable): ActiveLocation[] {
  const occupied = new Set(Object.values(t.groupsInPlay).map((x) => x.location));
  return t.locations.map((l) => ({ name: l.name, occupied: occupied.has(l.name), priorPending: l.prior !== null }));
}

function seekInput(t: AnimaTable, s: Seeking): SeekInput {
  const cards = t.cards!;
  const card = s.location === undefined ? { name: '(none)', level: 1 } : { name: cards.locations[s.location]!.name, level: cards.locations[s.location]!.level };
  return {
    players: Object.keys(t.groupsInPlay).length,
    seekTakenThisTurn: t.soughtBy !== null,
    deckSize: t.decks.locations.length,
    source: s.source,
    location: card,
    discardPile: t.discards.locations.map((i) => cards.locations[i]!.name),
    active: activeOf(t),
    removal: s.removal,
    saves: s.saves.map(({ location, by }) => ({ location, by })),
    encounter: cards.encounters[s.encounter]!,
  };
}

/** The seek resolved: removal and saves (ANIMA-MOVE-7/8), then the prior encounter faced (ANIMA-MOVE-5.4); `before`: the events of the draw. */
function settle(t: AnimaTable, g: GroupState, s: Seeking, before: AnimaEvent[], dice: Dice): AnimaEvent[] {
  const cards = t.cards!;
  const committed = committedCombat(t, s.player, s.gifts);
  const r = seek(seekInput(t, s), committed.group(g), dice);
  const saved = r.saved.map((x): { location: string; by: string; gift?: number } => {
    // ANIMA-MOVE-8: saving a Location costs one Gift from the saver's hand (named, with a Gift deck).
    const saver = own(t.groupsInPlay, x.by);
    if (!saver) violation('unknown_player', `No player "${x.by}" to save ${x.location}.`);
    if (saver.handSize < r.saved.filter((y) => y.by === x.by).length) violation('not_held', `${x.by} has no Gift left to discard to save ${x.location} (ANIMA-MOVE-8).`);
    const gift = s.saves.find((a) => a.location === x.location && a.by === x.by)?.gift;
    if (!cards.gifts) {
      if (s.saves.some((a) => a.gift !== undefined)) giftDeck(t);
      return x;
    }
    if (gift === undefined) violation('name_the_gifts', `This match has a Gift deck: name the Gift ${x.by} sacrifices to save ${x.location} (ANIMA-MOVE-8).`);
    return { ...x, gift: typeof gift === 'number' ? gift : namedGifts(t, saver, [gift], x.by)[0]! };
  });
  if (new Set(saved.map((x) => x.gift).filter((x) => x !== undefined)).size < saved.filter((x) => x.gift !== undefined).length)
    violation('gift_not_held', 'One Gift saves one Location (ANIMA-MOVE-8).');
  const { location: _l, source: _s, active: _a, maximum: _m, removed, saved: _saved, overCap: _o, at: _at, ...result } = r;
  const rec = recruitsOf(t, g, result, dice);
  const spent = committed.spent(result.encounter.combat !== undefined);
  const data = { player: s.player, source: s.source, location: s.location!, encounter: s.encounter, removed, saved, result, recruited: rec.recruited };
  return [...spent, ...before, ...rec.events, event('anima.sought', data)];
}

/** ANIMA-MOVE-4..10: Seek new horizons (the seek core), the new Location's prior encounter drawn face up. */
export const seekNewHorizons = animaCommand({
  schema: commandSchema('anima.seek_new_horizons', {
    source: Type.Optional(Type.Union([Type.Literal('deck'), Type.Literal('discard')])),
    location: Type.Optional(Name),
    removal: Type.Optional(Type.Array(Name, { maxItems: 14 })),
    saves: Type.Optional(
      Type.Array(Type.Object({ location: Name, by: Name, gift: Type.Optional(Name) }), { maxItems: 14, description: 'With a Gift deck `gift` names the Gift sacrificed.' }),
    ),
    gifts: Type.Optional(CreatureGifts),
  }),
  description:
    'ANIMA-MOVE-4..10 / ANIMA-DECK-3: once per turn; the top Location (or `location` from the discard pile with `source: "discard"`) with a face-up prior encounter; over the maximum, `removal` lists the Locations to remove in order, `saves` who saves which with a Gift (the bundled form: the table agreed the saves); without `removal` and `saves` over the maximum, the new Location is shown and the removal is chosen from the seats (`anima.remove_location`, then each other player holding a Gift answers `anima.save_location`: ANIMA-MOVE-7/8). `gifts`: Combat cards if the prior encounter is a Creature. Dice: only a Creature rolls — the Group’s d10, then the Creature’s d10 (sent with the answer that settles the removal, when it waits).',
  example: { player: 'p2', source: 'deck', removal: ['Arkángel'] },
  phases: ['move'],
  what: 'Seeking new horizons (ANIMA-MOVE-4)',
  inTurn: true,
  decide(c, t, g, dice) {
    // ANIMA-OPT-TREE-1: with every Location on the table there are no new horizons.
    if (t.tree) violation('tree_no_seek', 'With Locations as a tree every Location is on the table: Seek new horizons is not used (ANIMA-OPT-TREE-1).');
    const source = c.source ?? 'deck';
    // ANIMA-TIMING-3: Combat cards for the face-up prior encounter, checked before it is drawn.
    committedCombat(t, c.player, c.gifts);
    const cards = t.cards!;
    const location = source === 'deck' ? t.decks.locations[0] : t.discards.locations.find((i) => cards.locations[i]!.name === c.location);
    if (source === 'discard' && location === undefined) {
      violation('not_in_discard', `${String(c.location)} is not in the Location discard pile (ANIMA-MOVE-5).`, {
        discardPile: t.discards.locations.map((i) => cards.locations[i]!.name),
      });
    }
    const drawn = drawCards(t, 'encounters', 1, dice);
    const encounter = drawn.cards[0];
    if (encounter === undefined) violation('encounter_deck_empty', 'No Encounter card is left to place in front of the new Location (ANIMA-MOVE-5.2).');
    const s: Seeking = { player: c.player, source, location, encounter, removal: c.removal ?? [], saves: c.saves ?? [], ...(c.gifts ? { gifts: c.gifts } : {}) };
    // ANIMA-MOVE-7/8: no removal named over the maximum — the new Location is shown, and the removal waits for the seeker's choice and the saves.
    if (c.removal === undefined && c.saves === undefined && removalOpens(t, s)) {
      const data = { player: c.player, source, location: location!, encounter, ...(c.gifts ? { gifts: c.gifts } : {}) };
      return [...drawn.events, event('anima.removal_opened', data)];
    }
    return settle(t, g, s, drawn.events, dice);
  },
});

/** ANIMA-MOVE-7: the seek is possible and brings the table over its maximum, with a Location that may be removed. */
function removalOpens(t: AnimaTable, s: Seeking): boolean {
  const q = seekInput(t, s);
  seekCheck(q);
  return q.active.length + 1 > maxLocations(q.players) && removable(q.active).length > 0;
}

/** The seek a pending removal resolves with. */
const seeking = (p: RemovalPending): Seeking => ({
  player: p.player,
  source: p.source,
  location: p.location,
  encounter: p.encounter,
  removal: p.removal,
  saves: p.saved,
  ...(p.gifts ? { gifts: p.gifts } : {}),
});

/** ANIMA-MOVE-8: the players who may save a Location: every other player with a Gift not yet sacrificed in this removal, in turn order. */
const savers = (t: AnimaTable, p: RemovalPending): string[] =>
  t.turnOrder.filter((id) => id !== p.player && t.groupsInPlay[id]!.handSize > p.saved.filter((s) => s.by === id).length);

const removal = (t: AnimaTable) => t.choosing as RemovalPending;

/** ANIMA-MOVE-7: the seeker chooses the Location to remove; nobody left who could save it, it is removed at once. */
const removeLocation = animaCommand({
  schema: commandSchema('anima.remove_location', { location: Name }),
  description:
    'ANIMA-MOVE-7 (a Seek new horizons sent without `removal` over the maximum): the seeker chooses an active Location to remove — none with a Group on it nor with its prior encounter pending, none saved in this removal (ANIMA-AMB-6). Every other player holding a Gift then answers `anima.save_location`; with nobody to ask it is removed at once and the prior encounter is faced (dice: the Group’s d10, then the Creature’s d10).',
  example: { player: 'p1', location: 'Arkángel' },
  phases: ['move'],
  what: 'Choosing a Location to remove (ANIMA-MOVE-7)',
  inTurn: false,
  resolves: 'removal',
  decide(c, t, _g, dice) {
    const p = removal(t);
    if (c.player !== p.player) violation('not_the_seeker', `${p.player} chooses the Location to remove (ANIMA-MOVE-7); ${c.player} says whether to save it: anima.save_location.`);
    const active = activeOf(t);
    const eligible = removable(active).filter((n) => !p.saved.some((s) => s.location === n));
    if (!active.some((l) => l.name === c.location)) violation('not_active', `${c.location} is not an active Location (ANIMA-MOVE-7).`, { eligible });
    // ANIMA-AMB-6: a saved Location cannot be chosen again in the same removal.
    if (p.saved.some((s) => s.location === c.location)) violation('already_saved', `${c.location} was already saved in this removal (ANIMA-AMB-6).`, { eligible });
    if (!eligible.includes(c.location))
      violation('not_eligible', `${c.location} cannot be removed: a Group is there or its prior encounter is still pending (ANIMA-MOVE-7).`, { eligible });
    const asked = savers(t, p);
    if (asked.length === 0) return settle(t, t.groupsInPlay[p.player]!, { ...seeking(p), removal: [...p.removal, c.location] }, [], dice);
    return [event('anima.removal_chosen', { player: c.player, location: c.location, asked })];
  },
});

/** ANIMA-MOVE-8: the Gift a save sacrifices (a card, with a Gift deck), from the Gifts not already sacrificed in this removal. */
function sacrifice(t: AnimaTable, p: RemovalPending, player: string, g: GroupState, name: string | undefined): number | undefined {
  const promised = p.saved.filter((s) => s.by === player);
  if (g.handSize <= promised.length) violation('not_held', `${player} has no Gift left to discard (ANIMA-MOVE-8).`);
  if (!t.cards!.gifts) {
    if (name !== undefined) giftDeck(t);
    return undefined;
  }
  if (name === undefined) violation('name_the_gifts', `This match has a Gift deck: name the Gift ${player} sacrifices (ANIMA-MOVE-8).`);
  return namedGifts(t, { ...g, hand: g.hand.filter((c) => !promised.some((s) => s.gift === c)) }, [name], player)[0]!;
}

/** ANIMA-MOVE-8: a player asked saves the Location chosen with a Gift, or lets it go; once nobody saves it, the seek resolves. */
const saveLocation = animaCommand({
  schema: commandSchema('anima.save_location', {
    location: Name,
    gift: Type.Optional(Name),
    save: Type.Optional(Type.Boolean({ description: '`false`: the player lets the Location go (default `true`: it sacrifices `gift`).' })),
  }),
  description:
    'ANIMA-MOVE-8: a player asked about the Location the seeker chose for removal (`location`, as chosen) saves it by discarding a Gift (`gift` by name, with a Gift deck) — the seeker then chooses another — or lets it go with `save: false`. When every player asked let it go it is removed, and the prior encounter is faced with this command’s dice (the Group’s d10, then the Creature’s d10); when no Location is left to remove nothing is (ANIMA-AMB-6).',
  example: { player: 'p2', location: 'Las Ruinas', gift: 'Viento' },
  phases: ['move'],
  what: 'Saving a Location (ANIMA-MOVE-8)',
  inTurn: false,
  resolves: 'removal',
  decide(c, t, g, dice) {
    const p = removal(t);
    const chosen = p.removal.at(-1);
    if (!p.deciding.includes(c.player) || chosen === undefined)
      violation('nothing_to_save', `No Location waits for ${c.player} to save it: ${p.player} chooses one to remove first (anima.remove_location, ANIMA-MOVE-7).`);
    if (c.location !== chosen) violation('not_chosen', `${chosen} is the Location chosen for removal, not ${c.location} (ANIMA-MOVE-8).`, { chosen });
    const seeker = t.groupsInPlay[p.player]!;
    if (c.save === false) {
      if (c.gift !== undefined) violation('gift_without_save', 'A player who lets the Location go sacrifices no Gift (ANIMA-MOVE-8).');
      const declined = event('anima.save_declined', { player: c.player, location: chosen });
      // ANIMA-MOVE-8: «Repeat until a Location is removed that nobody saves.»
      return p.deciding.length > 1 ? [declined] : [declined, ...settle(t, seeker, seeking(p), [], dice)];
    }
    const gift = sacrifice(t, p, c.player, g, c.gift);
    const saved = event('anima.location_saved', { player: c.player, location: chosen, ...(gift !== undefined ? { gift } : {}) });
    const after: RemovalPending = { ...p, saved: [...p.saved, { location: chosen, by: c.player, ...(gift !== undefined ? { gift } : {}) }] };
    // ANIMA-AMB-6: no eligible unsaved Location is left — nothing is removed, the table stays over the maximum.
    const left = removable(activeOf(t)).filter((n) => !after.saved.some((s) => s.location === n));
    return left.length > 0 ? [saved] : [saved, ...settle(t, seeker, seeking(after), [], dice)];
  },
});

/** The removal's commands (ANIMA-MOVE-7/8). */
export const REMOVAL_COMMANDS = byType(removeLocation, saveLocation);
