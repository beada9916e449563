/**
 * Ánima full matches: replaying the log equals the live state. Random sequences of commands chosen
 * from what the state allows (plus wrong ones: another player, a wrong phase), seeded dice; refused
 * commands throw RuleViolation/InvalidInput only and append nothing; the fold of the JSON-stored log
 * equals the live state.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FixedDice, SeededDice } from '../../src/kernel/dice/index.js';
import { InvalidInput, RuleViolation } from '../../src/kernel/errors.js';
import { gameMatch } from '../../src/app/matches/games.js';
import type { Command } from '../../src/kernel/match-game.js';
import { ANIMA_PLAYERS, BENEFIT_DONE, ENEMIES_AT_RUINS, KEEP_REDIRECT, RESIST_STARTED, animaCards, animaGiftCards, gapCards, resistCards } from '../fixtures/anima-match.js';

type S = {
  phase: string;
  toAct: string | null;
  choosing: { kind: string; player: string } | null;
  groupsInPlay: Record<string, { dealt: number[]; giftsDealt: number[]; hand: number[]; characters: { name: string }[]; location: string | null }>;
  locations: { name: string }[];
  cards: ReturnType<typeof animaGiftCards>;
};

/** With a Gift deck: `anima.play_gift` of a card in hand (an Ability card powered by some Character), Combat cards for a combat. */
function giftMenu(s: S, player: string, pick: number): Command[] {
  const g = s.groupsInPlay[player]!;
  const gifts = s.cards.gifts;
  if (!gifts || g.hand.length === 0) return [];
  const card = gifts[g.hand[pick % g.hand.length]!]!;
  const character = g.characters[pick % Math.max(1, g.characters.length)]?.name;
  const other = player === 'p1' ? 'p2' : 'p1';
  const target = { player: other, character: s.groupsInPlay[other]!.characters[0]?.name ?? 'x' };
  return [
    { type: 'anima.play_gift', player, gift: card.name, ...(character ? { character } : {}), target },
    { type: 'anima.declare_combat', player, target: other, gifts: [{ gift: card.name, ...(character ? { character } : {}) }] },
    { type: 'anima.discard_gifts', player, gifts: [card.name] },
  ];
}

/** With a Gift deck: Combat cards committed to a move or an exploration (ANIMA-TIMING-3), another player's redirect (ANIMA-TIMING-2). */
function committedMenu(s: S, player: string, pick: number): Command[] {
  const g = s.groupsInPlay[player]!;
  const gifts = s.cards.gifts;
  if (!gifts) return [];
  const other = player === 'p1' ? 'p2' : 'p1';
  const card = g.hand.length ? gifts[g.hand[pick % g.hand.length]!]!.name : 'Furia';
  const character = g.characters[pick % Math.max(1, g.characters.length)]?.name;
  const play = [{ gift: card, ...(character ? { character } : {}) }];
  const to = s.locations[pick % s.locations.length]!.name;
  const theirs = s.groupsInPlay[other]!.hand.map((c) => gifts[c]!.name);
  const redirect = { by: other, gift: theirs[pick % Math.max(1, theirs.length)] ?? 'Dirección Equivocada', location: s.locations[(pick >> 1) % s.locations.length]!.name };
  if (s.phase === 'move')
    return [
      { type: 'anima.go', player, location: to, gifts: play },
      { type: 'anima.go', player, location: to, redirect },
      { type: 'anima.seek_new_horizons', player, gifts: play },
    ];
  return s.phase === 'exploration' ? [{ type: 'anima.explore', player, gifts: play }] : [];
}

function menu(s: S, pick: number): Command[] {
  const any = <T>(xs: readonly T[]) => xs[pick % xs.length]!;
  const player = s.toAct ?? any(['p1', 'p2']);
  const wrong = { type: 'anima.end_phase', player: player === 'p1' ? 'p2' : 'p1' };
  if (s.choosing?.kind === 'casualty') return [{ type: 'anima.choose_casualty', player, character: any(s.groupsInPlay[player]!.characters).name }];
  if (s.choosing?.kind === 'reward')
    return [
      { type: 'anima.claim_reward', player, reward: pick % 3 },
      { type: 'anima.claim_reward', player, reward: 0 },
    ];
  switch (s.phase) {
    case 'setup': {
      const p = any(['p1', 'p2']);
      const g = s.groupsInPlay[p]!;
      const gifts = s.cards.gifts ? { gifts: g.giftsDealt.slice(pick % 2, (pick % 2) + 3).map((c) => s.cards.gifts![c]!.name) } : {};
      return [{ type: 'anima.keep_character', player: p, character: s.cards.characters[g.dealt[pick % 2] ?? 0]!.name, ...gifts }];
    }
    case 'start':
      return [
        { type: 'anima.end_phase', player },
        { type: 'anima.end_phase', player },
        { type: 'anima.end_phase', player },
        { type: 'anima.discard_gifts', player, count: 1 },
        { type: 'anima.leave_location', player },
        { type: 'anima.leave_organisation', player },
        ...giftMenu(s, player, pick),
        wrong,
      ];
    case 'move':
      return [
        { type: 'anima.go', player, location: any(s.locations).name },
        { type: 'anima.seek_new_horizons', player },
        { type: 'anima.rest', player },
        ...giftMenu(s, player, pick),
        ...committedMenu(s, player, pick),
        wrong,
      ];
    case 'interaction':
      return [
        { type: 'anima.end_phase', player },
        { type: 'anima.end_phase', player },
        { type: 'anima.declare_combat', player, target: player === 'p1' ? 'p2' : 'p1' },
        { type: 'anima.trade_with', player, with: player === 'p1' ? 'p2' : 'p1', gives: { gifts: 1 } },
        ...giftMenu(s, player, pick),
      ];
    case 'exploration':
      return [
        { type: 'anima.explore', player },
        { type: 'anima.resist', player },
        { type: 'anima.end_phase', player },
        ...giftMenu(s, player, pick),
        ...committedMenu(s, player, pick),
        wrong,
      ];
    default:
      return [wrong];
  }
}

/**
 * Where a run starts: setup (card lists with or without the Gift deck, or with Locations as a tree,
 * ANIMA-OPT-TREE), or a scripted opening with fixed dice — enemy Organisations at one Location (Gifts,
 * ANIMA-INTERACT-4), a Resist mission under way (ANIMA-MISSION-5) — so that the random commands reach
 * the Gift and Resist rules.
 */
const OPENINGS: { cards: () => object; commands: Command[] }[] = [
  { cards: animaCards, commands: [] },
  { cards: animaGiftCards, commands: [] },
  { cards: () => ({ ...animaCards(), tree: true }), commands: [] },
  { cards: animaGiftCards, commands: ENEMIES_AT_RUINS },
  { cards: resistCards, commands: RESIST_STARTED },
  // Combat cards committed to moves and explorations, Dirección Equivocada, a Mission Benefit (ANIMA-TIMING-2/3, ANIMA-MISSION-4).
  { cards: gapCards, commands: KEEP_REDIRECT },
  { cards: gapCards, commands: BENEFIT_DONE },
];

/** A fast-check seed whose 150 runs reach every rule the property must cover (see below). */
const COVERING_SEED = 8;

describe('Ánima match property', () => {
  it('replay equals live; refused commands change nothing (ANIMA-*)', { timeout: 180_000 }, () => {
    const g = gameMatch('anima')!;
    const reached = new Set<string>();
    const seen = new Set<string>();
    const wanted = [
      'move',
      'exploration',
      'anima.gift_played',
      'anima.group_combat',
      'anima.resisted',
      'anima.gifts_drawn',
      'anima.explored',
      'committed combat cards',
      'redirected',
      'benefit',
    ];
    const property = fc.property(fc.array(fc.nat(1000), { minLength: 1, maxLength: 80 }), fc.string({ maxLength: 8 }), fc.nat(OPENINGS.length - 1), (picks, seed, at) => {
      const opening = OPENINGS[at]!;
      const setup = { players: ANIMA_PLAYERS, options: opening.cards() as unknown as Record<string, unknown> };
      let fold = g.initialState(setup);
      let state = fold.state as unknown as S;
      const log: { type: string; data: unknown }[] = [];
      const run = (command: Command, dice: FixedDice | SeededDice) => {
        const events = g.decide(g.validate(structuredClone(command)), fold, dice);
        for (const e of events) {
          log.push(JSON.parse(JSON.stringify(e)));
          seen.add(e.type);
          fold = g.evolve(fold, e);
          state = fold.state as unknown as S;
        }
        const played = events.filter((e) => e.type === 'anima.gift_played').map((e) => e.data as { player: string; forCombat: boolean });
        if (['anima.go', 'anima.explore', 'anima.seek_new_horizons'].includes(command.type) && played.some((p) => p.forCombat)) seen.add('committed combat cards');
        if (command.type === 'anima.go' && played.some((p) => p.player !== command.player)) seen.add('redirected');
        const benefit = events.find((e) => e.type === 'anima.mission_completed' && (e.data as { benefit?: unknown }).benefit);
        if (benefit) seen.add('benefit');
      };
      opening.commands.forEach((c, i) => {
        const values = (c as { dice?: { values: number[] } }).dice?.values;
        run(c, values ? new FixedDice(values) : new SeededDice(`opening-${i}`));
      });
      picks.forEach((pick, i) => {
        const options = menu(state, pick >> 2);
        const command = options[pick % options.length]!;
        const before = JSON.stringify(state);
        try {
          run(command, new SeededDice(`${seed}-${i}`));
        } catch (error) {
          if (!(error instanceof RuleViolation || error instanceof InvalidInput)) throw error;
          expect(JSON.stringify(state)).toBe(before);
        }
      });
      const replayed = log.reduce((f, e) => g.evolve(f, e), g.initialState(setup));
      expect(replayed.state).toEqual(state);
      // The first command (keeping a Character dealt at setup, ANIMA-SETUP-3) is always legal.
      expect(log.length).toBeGreaterThan(0);
      reached.add(state.phase);
    });
    // A rare state (a redirect needs another player's Gift at the right moment) is reached by about one
    // batch of 150 random runs in eight, so the coverage below comes from a fixed seed whose 150 runs
    // reach every rule (deterministic: if a change to the openings or the menu moves it, this fails
    // every time, and another seed is picked); a batch with a random seed then looks further.
    fc.assert(property, { numRuns: 150, seed: COVERING_SEED });
    const covered = wanted.filter((w) => reached.has(w) || seen.has(w));
    fc.assert(property, { numRuns: 150 });
    // The runs get past setup into the turn's phases (ANIMA-TURN-1).
    expect(covered).toEqual(wanted);
    expect([...reached]).toEqual(expect.arrayContaining(['move', 'exploration']));
    // The Gift, Organisation and Resist rules are reached (ANIMA-TIMING-*, ANIMA-HAND-2, ANIMA-MISSION-5).
    expect([...seen]).toEqual(expect.arrayContaining(['anima.gift_played', 'anima.group_combat', 'anima.resisted', 'anima.gifts_drawn', 'anima.explored']));
    // Committed Combat cards spent, a redirected move, a Mission Benefit (ANIMA-TIMING-2/3, ANIMA-MISSION-4).
    expect([...seen]).toEqual(expect.arrayContaining(['committed combat cards', 'redirected', 'benefit']));
  });
});
