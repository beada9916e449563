/**
 * The documented shape of `foundryRolls` (src/app/dice/foundry-schema.ts, CONTRACT §8.3, §9.3)
 * declares what the service answers: the rebuilt rolls of notations using every term class (dice,
 * constants, operators, parentheses, `floor`) and every result flag (discarded, rerolled, exploded,
 * success, failure, count), and a rule's transcript rolls, are valid against the schema and pass
 * the compiled response serializer unchanged (a member it does not declare would be dropped).
 */
import { describe, expect, it } from 'vitest';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { SeededDice } from '../../../src/kernel/dice/index.js';
import { foundryRolls } from '../../../src/kernel/dice/foundry.js';
import { notationFoundryRoll } from '../../../src/kernel/dice/foundry-notation.js';
import { parseNotation, rollNotation } from '../../../src/kernel/dice/notation/index.js';
import { FoundryRollsMember } from '../../../src/app/dice/foundry-schema.js';
import { compiledSerializer } from '../../../src/http/plugins/serializer.js';

const NOTATIONS = ['4d6kh3+2', '10d10!r<3', '10d10>=8f<=1', '4dF>=0', '8dF', '(2d6+3)*2', '1d6/2-1', '-1d6+10[str]', '6d6!!>=5kl2'];

function rolled(notation: string) {
  const expression = parseNotation(notation);
  return notationFoundryRoll(expression, rollNotation(expression, new SeededDice(`schema:${notation}`)));
}

describe('the FoundryRoll schema declares the rebuilt rolls (CONTRACT §9.3)', () => {
  const answer = {
    foundryRolls: [...NOTATIONS.map(rolled), ...foundryRolls({ seed: 's', rolls: [{ purpose: 'attacker CBT', sides: 6, values: [6, 1] }] })],
  };

  it('every roll is valid against the schema', () => {
    const check = TypeCompiler.Compile(FoundryRollsMember);
    expect([...check.Errors(answer)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
    const classes = new Set(JSON.stringify(answer).match(/"class":"\w+"/g));
    expect([...classes].sort()).toEqual(['Die', 'FateDie', 'FunctionTerm', 'NumericTerm', 'OperatorTerm', 'ParentheticalTerm', 'Roll'].map((c) => `"class":"${c}"`));
    for (const flag of ['discarded', 'rerolled', 'exploded', 'success', 'failure', 'count', 'flavor']) expect(JSON.stringify(answer)).toContain(`"${flag}":`);
  });

  it('the compiled response serializer writes every member', () => {
    const serialize = compiledSerializer(FoundryRollsMember)!;
    expect(JSON.parse(serialize(answer))).toEqual(JSON.parse(JSON.stringify(answer)));
  });
});
