/**
 * The service's rules release (CONTRACT §8.4 `rulesVersion`): which reading of the rulebooks a
 * verdict was given under. Every receipt carries it, so a receipt read later says which rules (and
 * which built-in catalog) applied. Raise it whenever a rule's reading, a built-in catalog entry or a
 * validation code changes what an answer says; the API version (v1.x) is about shapes, not rules.
 */
export const RULES_VERSION = '1.2.0';
