/**
 * Which member of a GraphQL union a result is: by a discriminant (a property that is a distinct
 * string literal in every member) when there is one, else by the first member schema the value
 * matches (each compiled once, on first use, by a validator that never changes the value).
 */
import AjvModule, { type ValidateFunction } from 'ajv';
import type { Schema } from './shape.js';

const Ajv = AjvModule.default ?? AjvModule;
const ajv = new Ajv({ strict: false, useDefaults: false, coerceTypes: false, validateFormats: false });

function properties(member: Schema): Record<string, Schema> {
  if (Array.isArray(member.allOf)) return Object.assign({}, ...member.allOf.map(properties));
  return (member.properties ?? {}) as Record<string, Schema>;
}

/** A property whose literal value differs in every member, if any. */
function discriminant(members: Schema[]): string | undefined {
  const candidates = Object.keys(properties(members[0]!));
  return candidates.find((key) => {
    const values = members.map((m) => properties(m)[key]?.const);
    return values.every((v) => typeof v === 'string') && new Set(values).size === values.length;
  });
}

/** `resolveType` for a union whose members are `members`, named `names` (same order). */
export function unionResolver(members: Schema[], names: string[]): (value: unknown) => string | undefined {
  const tag = discriminant(members);
  if (tag) {
    const byValue = new Map(members.map((m, i) => [properties(m)[tag]!.const as string, names[i]!]));
    return (value) => byValue.get((value as Record<string, string>)?.[tag] as string);
  }
  let checks: ValidateFunction[] | undefined;
  return (value) => {
    checks ??= members.map((m) => ajv.compile(m));
    const i = checks.findIndex((check) => check(value));
    return i === -1 ? undefined : names[i];
  };
}
