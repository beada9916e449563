/**
 * CONTRACT §9.3: the TypeScript client types match commands from the document's union discriminated
 * by `type`, so a typo fails to compile. The compiler runs in-process on the fixtures in
 * tests/fixtures/client-types/ against the client's sources: valid.ts compiles with no diagnostic;
 * in invalid.ts, with its `@ts-expect-error` directives removed, every line after one is an error
 * and no other line is. The `/moves` and `pending` helpers (§9.1) are checked on the shapes the
 * service answers (docs/tables.md).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { awaitedPlayers, canSend, movesFor, pendingDecisions, type Moves, type PendingDecision } from '../../clients/typescript/src/index.js';
import { expectedErrorLines, typeCheck, withoutDirectives } from '../fixtures/client-types/type-check.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/client-types/${name}`, import.meta.url));
const VALID = fixture('valid.ts');
const INVALID = fixture('invalid.ts');

describe('typed match commands (CONTRACT §9.3)', () => {
  it('compile when valid: each game’s commands, narrowing by type, one game’s commands, the helpers', () => {
    expect(typeCheck([VALID])).toEqual([]);
  }, 60_000);

  it('fail to compile at the expected line: a misspelt type, a wrong member type, a missing or unknown member, another game’s command', () => {
    const source = readFileSync(INVALID, 'utf8');
    const expected = expectedErrorLines(source);
    expect(expected.length).toBeGreaterThanOrEqual(10);
    const diagnostics = typeCheck([INVALID], { [INVALID]: withoutDirectives(source) });
    expect(diagnostics.filter((d) => d.file !== INVALID)).toEqual([]);
    const lines = [...new Set(diagnostics.map((d) => d.line))].sort((a, b) => a - b);
    expect(lines, diagnostics.map((d) => `${d.line}: ${d.message.split('\n')[0]}`).join('\n')).toEqual(expected);
  }, 60_000);
});

describe('the /moves and pending helpers (CONTRACT §9.1)', () => {
  // GET /v1/matches/{id}/moves for the owner after Ana's sealed bid (docs/tables.md)
  const moves: Moves = {
    version: 3,
    phase: 'preparation',
    turn: 0,
    activePlayers: ['p2'],
    outcome: { ended: false, winners: [] },
    moves: [
      { player: 'p2', type: 'eden.bid' },
      { player: 'p2', type: 'match.pass' },
      { player: 'p1', type: 'match.request_takeback' },
    ],
  };
  const pending: PendingDecision[] = [
    { player: 'p1', kind: 'sealed', types: ['eden.bid'], rule: 'EDEN-PREP-3', since: 3, decided: true },
    { player: 'p2', kind: 'sealed', types: ['eden.bid'], rule: 'EDEN-PREP-3', since: 3 },
  ];

  it('movesFor lists the command types one player may send now, in the listed order', () => {
    expect(movesFor(moves, 'p2')).toEqual(['eden.bid', 'match.pass']);
    expect(movesFor(moves, 'p1')).toEqual(['match.request_takeback']);
    expect(movesFor(moves, 'p3')).toEqual([]);
  });

  it('canSend says whether a player may send a type now', () => {
    expect(canSend(moves, 'p2', 'eden.bid')).toBe(true);
    expect(canSend(moves, 'p1', 'eden.bid')).toBe(false);
    expect(canSend(moves, 'p2', 'eden.choose_first')).toBe(false);
  });

  it('pendingDecisions reads state.pending, and nothing from a state without it', () => {
    expect(pendingDecisions({ phase: 'preparation', pending })).toEqual(pending);
    expect(pendingDecisions({ firstPlayer: 'A', pending: [] })).toEqual([]);
    for (const state of [undefined, null, 'x', { hidden: true }, { pending: 'x' }]) expect(pendingDecisions(state)).toEqual([]);
  });

  it('awaitedPlayers names those whose decision is still awaited: a sealed part already in is not', () => {
    expect(awaitedPlayers({ pending })).toEqual(['p2']);
    const response: PendingDecision[] = [
      { player: 'p2', kind: 'response', types: ['eden.react', 'match.pass'], rule: 'EDEN-MELEE-2', since: 7 },
      { player: 'p2', kind: 'choice', types: ['eden.choose_first'], rule: 'EDEN-PREP-3', since: 7 },
    ];
    expect(awaitedPlayers({ pending: response })).toEqual(['p2']);
    expect(awaitedPlayers({})).toEqual([]);
  });
});
