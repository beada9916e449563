/**
 * The layering rule of eslint.config.js, as `npm run lint` applies it: dependencies point one way,
 * kernel ← games ← app ← infra / transport ← graphql ← http ← the processes, with no exception list.
 * Each case lints one import as if it were written in a file of that folder.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the layering rule', () => {
  it.each([
    ['src/games/eden/rules/melee.ts', "import { operations } from '../../../app/registry.js';"],
    ['src/games/eden/operations/melee.operation.ts', "import type { Services } from '../../../app/services.js';"],
    ['src/games/anima/match/turn.ts', "import { loadConfig } from '../../../config.js';"],
    ['src/games/eden/rules/melee.ts', "import { edenMeleeOperation } from '../operations/melee.operation.js';"],
    ['src/kernel/operation.ts', "import type { ReceiptService } from '../app/league/receipts.js';"],
    ['src/kernel/dice/index.ts', "import { eden } from '../../games/eden/index.js';"],
    ['src/app/matches/commands.ts', "import { SqlEventStore } from '../../infra/event-store/index.js';"],
    ['src/transport/problem.ts', "import { openDatabase } from '../infra/database/index.js';"],
    ['src/graphql/schema.ts', "import { buildApp } from '../http/app.js';"],
    ['src/http/app.ts', "import { createApp } from '../composition.js';"],
    ['src/http/routes/games.ts', "import { createApp } from '../../composition.js';"],
    ['src/infra/keys.ts', "import { requireApiKey } from '../transport/auth.js';"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await problems(file, code)).toHaveLength(1);
  });

  it.each([
    ['src/games/eden/match/turn.ts', "import { RuleViolation } from '../../../kernel/errors.js';"],
    ['src/games/anima/match/members.ts', "import { CharacterSchema } from '../operations/schemas.js';"],
    ['src/app/matches/commands.ts', "import { GAMES } from '../../games/index.js';"],
    ['src/infra/event-store/index.ts', "import type { EventStore } from '../../app/matches/ports.js';"],
    ['src/http/routes/games.ts', "import { GAME_INFO } from '../../app/matches/games.js';"],
    ['src/server.ts', "import { createApp } from './composition.js';"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it('keeps the kernel and the games free of I/O', async () => {
    expect(await problems('src/kernel/validate.ts', "import { readFileSync } from 'node:fs';")).toHaveLength(1);
    expect(await problems('src/games/exsilium/match/turn.ts', "import { createHash } from 'node:crypto';")).toHaveLength(1);
    expect(await problems('src/games/eden/operations/roster.operation.ts', "import { Pool } from 'pg';")).toHaveLength(1);
  });
});
