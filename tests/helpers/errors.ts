/** Catching the rules engine's errors in tests. */
import { RuleViolation } from '../../src/kernel/errors.js';

/** The RuleViolation `fn` throws (any other error is rethrown; no error fails the test). */
export function violation(fn: () => unknown): RuleViolation {
  try {
    fn();
  } catch (e) {
    if (e instanceof RuleViolation) return e;
    throw e;
  }
  throw new Error('expected a RuleViolation');
}
