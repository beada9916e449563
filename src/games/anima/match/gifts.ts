/**
 * Ánima match Gifts, when the match has a Gift deck (`options.gifts`): named cards in hand, playing
 * them (ANIMA-TIMING-1..4), Combat cards committed to the Creature combats of go / seek / explore
 * (ANIMA-TIMING-3), `redirect` Interrupts played on a move (ANIMA-TIMING-2), Organisations
 * (ANIMA-HAND-2, ANIMA-INTERACT-4, ANIMA-GROUP-5): the helpers the other families' handlers use, and
 * the Gift commands' declarations with their handlers. (The hand kept equal to its count after draws
 * and losses, ANIMA-HAND-1 / ANIMA-DECK-2, is a follow-up: decide.ts.)
 */
import { Type } from '@sinclair/typebox';
import { animaCommand, byType } from './decide.js';
import { event, type AnimaEvent } from './events.js';
import { commandSchema, Name, type GiftPlay, type Redirect } from './members.js';
import { characterOf, coreGroup, groupOf, violation } from './rules.js';
import type { AnimaTable, GiftCard, GroupState } from './state.js';

const PLAY_PHASES = ['start', 'move', 'interaction', 'exploration'];

export function giftDeck(t: AnimaTable): GiftCard[] {
  const gifts = t.cards?.gifts;
  if (!gifts) violation('no_gift_deck', 'The match was created without `options.gifts` (the Gift texts the rulebook does not print); Gifts are only counted.');
  return gifts;
}

/** Distinct cards of the hand by name, in the order named. */
export function namedGifts(t: AnimaTable, g: GroupState, names: readonly string[], player: string): number[] {
  const gifts = giftDeck(t);
  const left = [...g.hand];
  return names.map((name) => {
    const i = left.findIndex((c) => gifts[c]!.name === name);
    if (i < 0) violation('gift_not_held', `${player} holds no (further) Gift "${name}".`, { hand: g.hand.map((c) => gifts[c]!.name) });
    return left.splice(i, 1)[0]!;
  });
}

/** ANIMA-TIMING-4: an Ability card taps one untapped, active Character with its skill icon; a Plot card taps nobody. */
function powering(card: GiftCard, g: GroupState, name: string | undefined, player: string): number | null {
  if (card.category !== 'ability') return null;
  if (name === undefined) violation('character_needed', `${card.name} is an Ability card: name the Character who powers it (${card.skill}, ANIMA-TIMING-4).`);
  const c = g.characters.find((x) => x.card === characterOf(g, name, player))!;
  if (!c.skills.includes(card.skill!)) violation('skill_missing', `${c.name} has no ${card.skill} icon (ANIMA-TIMING-4).`, { skills: c.skills });
  if (c.tapped) violation('character_tapped', `${c.name} is tapped until the next Start phase (ANIMA-CARD-6).`);
  if (c.incapacitated) violation('character_incapacitated', `${c.name} is incapacitated and cannot act (ANIMA-INCAP-2).`);
  return c.card;
}

/** ANIMA-TIMING-3: Combat cards played as a combat starts, before any roll: the events and the Combat they add. */
export function combatGifts(t: AnimaTable, player: string, plays: readonly GiftPlay[] | undefined): { events: AnimaEvent[]; combat: number } {
  if (!plays?.length) return { events: [], combat: 0 };
  const gifts = giftDeck(t);
  const g = groupOf(t, player);
  const cards = namedGifts(
    t,
    g,
    plays.map((p) => p.gift),
    player,
  );
  const tapped = new Set<number>();
  let combat = 0;
  const events = cards.map((card, i) => {
    const gift = gifts[card]!;
    if (gift.timing !== 'combat') violation('not_a_combat_card', `${gift.name} is not a Combat card (ANIMA-TIMING-3); play it with anima.play_gift.`);
    const character = powering(gift, g, plays[i]!.character, player);
    if (character !== null && tapped.has(character)) violation('character_tapped', `One Character powers one Ability card (ANIMA-CARD-6).`);
    if (character !== null) tapped.add(character);
    combat += gift.combat ?? 0;
    return event('anima.gift_played', { player, gift: card, character, target: null, forCombat: true });
  });
  return { events, combat };
}

/**
 * ANIMA-TIMING-3 for a command that may reveal a Creature (explore, go, seek new horizons): the
 * Combat cards are checked (held, Combat timing, powering Character) before anything is revealed and
 * committed to the first Creature combat; `spent` keeps their events only if a combat happened.
 */
export function committedCombat(t: AnimaTable, player: string, plays: readonly GiftPlay[] | undefined) {
  const played = combatGifts(t, player, plays);
  const group = (g: GroupState) => ({ ...coreGroup(g), ...(played.events.length ? { combatCards: { combat: played.combat, count: played.events.length } } : {}) });
  return { group, spent: (fought: boolean) => (fought ? played.events : []) };
}

/**
 * ANIMA-TIMING-2: another player's Interrupt card with `redirect`, played when the mover declares
 * the destination, sends the Group to the Location the card's player names. Checked before any reveal.
 */
export function redirectOf(t: AnimaTable, mover: string, r: Redirect | undefined): { location: string | undefined; events: AnimaEvent[] } {
  if (!r) return { location: undefined, events: [] };
  if (r.by === mover) violation('same_player', 'An Interrupt sends another player’s Group elsewhere (ANIMA-TIMING-2).');
  const g = groupOf(t, r.by, 'redirect.by');
  const card = namedGifts(t, g, [r.gift], r.by)[0]!;
  const gift = giftDeck(t)[card]!;
  if (!gift.redirect) violation('not_redirect', `${gift.name} does not send a Group elsewhere (ANIMA-TIMING-2).`);
  const character = powering(gift, g, r.character, r.by);
  return { location: r.location, events: [event('anima.gift_played', { player: r.by, gift: card, character, target: null, forCombat: false })] };
}

/** ANIMA-CARD-5 / ANIMA-INTERACT-4: two Groups whose Organisations are enemies (either card naming the other). */
export function enemies(t: AnimaTable, a: GroupState, b: GroupState): boolean {
  const gifts = t.cards?.gifts;
  if (!gifts || a.organisation === null || b.organisation === null) return false;
  const [x, y] = [gifts[a.organisation]!, gifts[b.organisation]!];
  return (x.organisation?.enemies ?? []).includes(y.name) || (y.organisation?.enemies ?? []).includes(x.name);
}

/** ANIMA-TIMING-1/2/4, ANIMA-HAND-2, ANIMA-INCAP-1: play a Gift outside combat. */
const playGift = animaCommand({
  schema: commandSchema('anima.play_gift', {
    gift: Name,
    character: Type.Optional(Name),
    target: Type.Optional(Type.Object({ player: Name, character: Name })),
    location: Type.Optional(Name),
  }),
  description:
    'ANIMA-TIMING-1..4 (matches with a Gift deck): play a Gift from hand — in its printed phase and turn (normal), or at any time (interrupt); an Ability card taps `character` (with its skill icon). Organisations join the Group (one at a time, ANIMA-HAND-2); `combat` / `speed` last the turn, or while a persistent card is in play; `target` is the Character an incapacitating card puts face down (ANIMA-INCAP-1). Answering an `anima.go` declared from a seat (CONTRACT §9.1, ANIMA-TIMING-2): a Dirección Equivocada (a `redirect` Interrupt) with `location`, where the mover’s Group goes instead.',
  example: { player: 'p1', gift: 'Dormir', character: 'Brujo', target: { player: 'p2', character: 'Ladrona' } },
  // Turn and phase are checked by the card's timing (ANIMA-TIMING-1/2).
  phases: ['start', 'move', 'interaction', 'exploration'],
  what: 'Playing a Gift (ANIMA-TIMING-1..4)',
  inTurn: false,
  decide(c, t, g) {
    const gifts = giftDeck(t);
    const card = namedGifts(t, g, [c.gift], c.player)[0]!;
    const gift = gifts[card]!;
    if (gift.redirect)
      violation(
        'redirect_with_go',
        `${gift.name} is played when a player declares where their Group goes: name it in the \`redirect\` of that anima.go, or answer the anima.go declared from a seat with it and \`location\` (ANIMA-TIMING-2).`,
      );
    if (c.location !== undefined) violation('location_with_redirect', '`location` names where a Dirección Equivocada sends a Group, answering an anima.go (ANIMA-TIMING-2).');
    if (gift.timing === 'combat') violation('combat_card', `${gift.name} is a Combat card: play it in the \`gifts\` of the command that starts the combat (ANIMA-TIMING-3).`);
    if (gift.timing === 'normal') {
      // ANIMA-TIMING-1: in the phase printed on it, while it is the player's turn to act.
      if (gift.phase !== t.phase) violation('wrong_phase', `${gift.name} is played in the ${gift.phase} phase, not the ${t.phase} phase (ANIMA-TIMING-1).`, { phase: gift.phase });
      if (t.toAct !== c.player) violation('not_your_turn', `${t.toAct ?? 'Nobody'} acts now; only Interrupt cards are played out of turn (ANIMA-TIMING-1/2).`);
    } else if (!PLAY_PHASES.includes(t.phase)) violation('wrong_phase', `Interrupt cards are played during a turn (ANIMA-TIMING-2).`);
    // ANIMA-HAND-2: one Organisation at a time; the current one must be discarded first (Start phase).
    if (gift.organisation && g.organisation !== null) {
      violation('organisation_held', `${c.player} already belongs to ${gifts[g.organisation]!.name}; leave it first (ANIMA-HAND-2).`);
    }
    const character = powering(gift, g, c.character, c.player);
    let target: { player: string; character: number } | null = null;
    if (gift.incapacitates) {
      const who = c.target;
      target = { player: who?.player ?? '', character: characterOf(groupOf(t, who?.player, 'target player'), who?.character, String(who?.player)) };
    }
    return [event('anima.gift_played', { player: c.player, gift: card, character, target, forCombat: false })];
  },
});

/** ANIMA-HAND-2 / ANIMA-START-2a: discard the Organisation (Start phase). */
const leaveOrganisation = animaCommand({
  schema: commandSchema('anima.leave_organisation', {}),
  description: 'ANIMA-HAND-2 / ANIMA-START-2a (Start phase): discard the Organisation the Group belongs to.',
  example: { player: 'p1' },
  phases: ['start'],
  what: 'Leaving the Organisation (ANIMA-HAND-2, ANIMA-START-2a)',
  inTurn: true,
  decide(c, _t, g) {
    if (g.organisation === null) violation('no_organisation', `${c.player} belongs to no Organisation.`);
    return [event('anima.organisation_left', { player: c.player, organisation: g.organisation })];
  },
});

/** The Gift commands. */
export const GIFT_COMMANDS = byType(playGift, leaveOrganisation);
