/**
 * The Spirit of Eden's dice events store facts (issue 23.3, CONTRACT §8.2): `soe.dice_rolled` and
 * `soe.player_step_taken` at schema version 2 keep the dice as `{seed, values}`, not the transcript
 * with the answer's English `purpose` labels (src/games/spirit-of-eden/match/event-versions.ts); the
 * previous release's v1 events (tests/fixtures/match-logs/spirit-of-eden.v1.json) read as v2 and fold
 * to the recorded state.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { definitionOf, upcast } from '../../../src/app/matches/events.js';
import { gameMatch } from '../../../src/app/matches/games.js';
import { play } from '../../helpers/table-play.js';
import { script } from '../../fixtures/tables/spirit-of-eden.js';

type Stored = { version: number; type: string; schemaVersion: number; data: any };
const LOG = JSON.parse(readFileSync(fileURLToPath(new URL('../../fixtures/match-logs/spirit-of-eden.v1.json', import.meta.url)), 'utf8')) as {
  players: { id: string; name: string }[];
  options: Record<string, unknown>;
  events: Stored[];
  state: Record<string, unknown>;
};
const faces = (transcript: { rolls: { values: number[] }[] }) => transcript.rolls.flatMap((r) => r.values);

describe('The Spirit of Eden dice events are facts (v2)', () => {
  it('SOE-DICE-1: a v1 soe.dice_rolled reads as v2 — its transcript as {seed, values}, every other member as stored', () => {
    const v1 = LOG.events.filter((e) => e.type === 'soe.dice_rolled');
    expect(v1.length).toBeGreaterThan(0);
    expect(definitionOf('soe.dice_rolled')?.schemaVersion).toBe(2);
    for (const e of v1) {
      const up = upcast(e.type, e.schemaVersion, e.data);
      const { dice, ...rest } = up.data as { dice: unknown };
      expect(up.schemaVersion).toBe(2);
      expect(dice).toEqual({ seed: e.data.dice.seed, values: faces(e.data.dice) });
      expect(rest).toEqual(Object.fromEntries(Object.entries(e.data).filter(([k]) => k !== 'dice')));
    }
  });

  it('SOE-REROLL-1 / SOE-OBJ-4: a v1 soe.player_step_taken that drew dice reads its `roll` as {seed, values}', () => {
    const v1 = LOG.events.filter((e) => e.type === 'soe.player_step_taken');
    expect(v1.length).toBeGreaterThan(0);
    for (const e of v1) {
      const up = upcast(e.type, e.schemaVersion, e.data).data as { roll?: unknown };
      if (e.data.roll) expect(up.roll).toEqual({ seed: e.data.roll.seed, values: faces(e.data.roll) });
      else expect(up).toEqual(e.data);
    }
  });

  it('SOE-TURN-1: the v1 log folds to its recorded state, upcast or as stored', () => {
    const g = gameMatch('spirit-of-eden')!;
    const fold = (read: (e: Stored) => unknown) =>
      LOG.events.reduce((f, e) => g.evolve(f, { type: e.type, data: read(e) }), g.initialState({ players: LOG.players, options: LOG.options }));
    // the recorded state, plus what later releases added beside it (`outcome`)
    expect(fold((e) => upcast(e.type, e.schemaVersion, e.data).data).state).toMatchObject(LOG.state);
    expect(fold((e) => e.data).state).toMatchObject(LOG.state);
  });

  it('SOE-DICE-1: what a command stores today keeps no transcript, no labels', () => {
    const { log } = play(
      script.game,
      script.players,
      script.options,
      script.steps.map((s) => s.command),
    );
    const rolled = log.map((l) => l.event).filter((e) => e.type === 'soe.dice_rolled');
    expect(rolled.length).toBeGreaterThan(0);
    for (const e of rolled) {
      const data = e.data as { roll: number[]; dice: { seed: string | null; values: number[] } };
      expect(JSON.stringify(data)).not.toMatch(/"purpose"|"rolls"/);
      expect(data.dice.values).toEqual(data.roll);
    }
  });
});
