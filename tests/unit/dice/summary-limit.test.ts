/**
 * Summaries fit bots (docs/api.md "Summaries: lengths"): every operation's `summary` at most
 * SUMMARY_MAX (4,000) characters, cut at a sentence, clause or word with "…"; `summaryShort` of the
 * dice answers at most 1,024; a dice summary lists at most 40 dice per term.
 */
import { describe, expect, it } from 'vitest';
import { SUMMARY_MAX, capSummary, fitText } from '../../../src/kernel/summary-limit.js';
import { defineOperation } from '../../../src/kernel/operation.js';
import { diceRollOperation } from '../../../src/app/dice/roll.operation.js';
import { SeededDice } from '../../../src/kernel/dice/index.js';
import { Type } from '@sinclair/typebox';

const ctx = { lang: 'en' as const, dice: () => new SeededDice('summary') };

describe('summary lengths', () => {
  it('fitText keeps what fits and cuts after a whole sentence, clause or word, ending in …', () => {
    expect(fitText('short.', 10)).toBe('short.');
    expect(fitText('One sentence here. Another one follows and is long.', 30)).toBe('One sentence here.…');
    expect(fitText('words without any sentence end at all', 20)).toBe('words without any…');
    expect(fitText('x'.repeat(50), 10)).toBe('x'.repeat(9) + '…');
    // never ends inside a surrogate pair
    const cut = fitText('🎲'.repeat(20), 11);
    expect(cut.length).toBeLessThanOrEqual(11);
    expect(cut.endsWith('…')).toBe(true);
    expect(/[\uD800-\uDBFF]…$/.test(cut)).toBe(false);
  });

  it('every operation answer is capped at SUMMARY_MAX, sync and async, other members untouched', async () => {
    const long = 'A clause; '.repeat(1000);
    const op = defineOperation({
      id: 't.long',
      method: 'POST',
      path: '/t',
      graphql: { name: 't' },
      tags: [],
      summary: '',
      description: '',
      response: Type.Object({}),
      handle: () => ({ summary: long, n: 1 }),
    });
    const answer = op.handle({} as never, ctx) as { summary: string; n: number };
    expect(answer.summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(answer.summary.endsWith('…')).toBe(true);
    expect(answer.n).toBe(1);
    const later = (await capSummary(Promise.resolve({ summary: long }))) as { summary: string };
    expect(later.summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    const short = { summary: 'ok' };
    expect(capSummary(short)).toBe(short);
  });

  it('the longest dice summaries: 40 dice listed per term, summary ≤ 4,000 and summaryShort ≤ 1,024', () => {
    const notation = Array.from({ length: 10 }, () => '1000d1000000').join('+');
    const answer = diceRollOperation.handle({ notation }, ctx) as { summary: string; summaryShort: string };
    expect(answer.summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(answer.summaryShort.length).toBeLessThanOrEqual(1024);
    expect(answer.summary).toContain('+960 more');
    const sets = diceRollOperation.handle({ notation: '1000d6', repeat: 100 }, ctx) as { summary: string; summaryShort: string; sets: { summaryShort: string }[] };
    expect(sets.summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(sets.sets.every((s) => s.summaryShort.length <= 1024)).toBe(true);
  });
});
