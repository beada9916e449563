/**
 * Match specifications in the decider style (given events / when a command / then events or a
 * problem), run through the real command pipeline (`matchServices`) over the in-memory event store:
 * fast, no database, fixed dice.
 *
 *   await matchSpec('eden', { options: { weather: true } })
 *     .givenCommands(preparation(bandA, bandB))             // or .given([{ type, data }, …])
 *     .when({ type: 'eden.move', fighterId: 'a1' })         // dice: `{ dice: { values: [...] } }` in the command
 *     .then([{ type: 'eden.fighter_moved', data: { distance: 10 } }]);   // or .thenProblem('not_active')
 *
 * `then` compares the types of the new events exactly and each `data` as a subset
 * (`toMatchObject`); it answers the new events and the match state for further checks.
 * `thenProblem` expects the command to be refused with that code (a RuleViolation's code, or
 * `invalid_request`, `version_conflict`, `not_found`) and nothing appended.
 * Only the public match services' API and the event shapes are used, never the decider directly.
 */
import { expect } from 'vitest';
import { matchServices, type MatchServices } from '../../src/app/matches/service.js';
import type { PublicEvent } from '../../src/app/matches/folds.js';
import type { Command } from '../../src/kernel/match-game.js';
import type { Player } from '../../src/app/matches/ports.js';
import { engineEventVersion } from '../../src/app/matches/events.js';
import { VersionConflict } from '../../src/app/matches/errors.js';
import { InvalidInput, NotFound, RuleViolation } from '../../src/kernel/errors.js';
import { MemoryEventStore } from '../../src/infra/event-store/memory.js';

export type SpecCommand = Command;
export interface SpecEvent {
  type: string;
  data?: unknown;
}

const OWNER = 'spec-owner';
const EDEN_PLAYERS: Player[] = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Ben' },
];

/** Ids 00000000-0000-4000-8000-000000000001, …: a spec's match ids are the same on every run. */
function sequentialIds(): () => string {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
}

export interface Outcome<S = any> {
  /** The events the command appended, as the API shows them. */
  events: PublicEvent[];
  /** The match state after them. */
  state: S;
}

/** What a command threw, as a problem code. */
export function problemCode(error: unknown): string {
  if (error instanceof RuleViolation) return error.code;
  if (error instanceof InvalidInput) return 'invalid_request';
  if (error instanceof VersionConflict) return 'version_conflict';
  if (error instanceof NotFound) return 'not_found';
  throw error;
}

type Step = { kind: 'events'; events: SpecEvent[] } | { kind: 'commands'; commands: SpecCommand[] };

export class MatchSpec {
  private readonly steps: Step[] = [];

  constructor(
    private readonly game: string,
    private readonly setup: { players: Player[]; options: Record<string, unknown> },
  ) {}

  /** History as events (appended as the engine would have, with its schema version). */
  given(events: SpecEvent[]): this {
    this.steps.push({ kind: 'events', events });
    return this;
  }

  /** History produced by running commands through the pipeline (each must succeed). */
  givenCommands(commands: SpecCommand[]): this {
    this.steps.push({ kind: 'commands', commands });
    return this;
  }

  when(command: SpecCommand): When {
    return new When(this, command);
  }

  /** A fresh store and service, the match created and its history in place. */
  async arrange(): Promise<{ service: MatchServices; id: string; version: number }> {
    const store = MemoryEventStore.create();
    const service = matchServices(store, { ids: { newId: sequentialIds(), randomSeed: () => 'match-spec' } });
    const created = await service.commands.create(OWNER, { game: this.game, players: this.setup.players, options: this.setup.options });
    const id = (created.body as { id: string }).id;
    let version = 0;
    for (const step of this.steps) {
      if (step.kind === 'events') {
        const r = await store.append(
          OWNER,
          id,
          version,
          step.events.map((e) => ({ type: e.type, data: e.data ?? null, schemaVersion: engineEventVersion(e.type) })),
        );
        version = r.version;
      } else {
        for (const command of step.commands) {
          const r = await service.commands.command(OWNER, id, { command: structuredClone(command) }).catch((error: unknown) => {
            throw new Error(`given command ${command.type} was refused (${problemCode(error)}): ${(error as Error).message}`);
          });
          version = (r.body as { version: number }).version;
        }
      }
    }
    return { service, id, version };
  }

  /** The events of the history (for specs that want to see what `givenCommands` produced). */
  async history(): Promise<PublicEvent[]> {
    const { service, id } = await this.arrange();
    return (await service.reads.events(OWNER, id, 1, 10_000)).events;
  }

  /** The state after the history. */
  async state<S = any>(): Promise<S> {
    const { service, id } = await this.arrange();
    return (await service.reads.view(OWNER, id)).state as S;
  }
}

export class When {
  constructor(
    private readonly spec: MatchSpec,
    private readonly command: SpecCommand,
  ) {}

  private async run(): Promise<{ outcome?: Outcome; error?: unknown; before: number; after: number }> {
    const { service, id, version } = await this.spec.arrange();
    try {
      const r = await service.commands.command(OWNER, id, { expectedVersion: version, command: structuredClone(this.command) });
      const body = r.body as { version: number; events: PublicEvent[]; state: unknown };
      // The live state must equal the replayed log.
      expect((await service.reads.view(OWNER, id)).state).toEqual(body.state);
      return { outcome: { events: body.events, state: body.state }, before: version, after: body.version };
    } catch (error) {
      return { error, before: version, after: (await service.reads.view(OWNER, id)).version };
    }
  }

  /** The command succeeds and appends exactly these event types, each `data` containing the given members. */
  async then<S = any>(expected: SpecEvent[]): Promise<Outcome<S>> {
    const { outcome, error, before, after } = await this.run();
    if (!outcome) throw new Error(`expected events, the command was refused (${problemCode(error)}): ${(error as Error).message}`);
    expect(outcome.events.map((e) => e.type)).toEqual(expected.map((e) => e.type));
    expected.forEach((e, i) => {
      if (e.data !== undefined) expect(outcome.events[i]!.data, `${e.type} (#${i})`).toMatchObject(e.data as object);
    });
    expect(after).toBe(before + expected.length);
    return outcome as Outcome<S>;
  }

  /** The command is refused with `code` and nothing is appended; answers the error. */
  async thenProblem(code: string): Promise<unknown> {
    const { outcome, error, before, after } = await this.run();
    if (outcome) throw new Error(`expected problem ${code}, the command appended ${outcome.events.map((e) => e.type).join(', ')}`);
    expect(problemCode(error)).toBe(code);
    expect(after).toBe(before);
    return error;
  }
}

/** A specification for one match of `game` (EDEN: players Ana and Ben, no options, by default). */
export function matchSpec(game: string, setup: { players?: Player[]; options?: Record<string, unknown> } = {}): MatchSpec {
  return new MatchSpec(game, { players: setup.players ?? EDEN_PLAYERS, options: setup.options ?? {} });
}
