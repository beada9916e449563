/** GraphQL names derived from operation names, schema titles and JSON paths. */

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

export const isGraphqlName = (name: string): boolean => NAME.test(name);

/** `spirit-of-eden` → `SpiritOfEden`, `eden.melee` → `EdenMelee`, `edenMelee` → `EdenMelee`. */
export function pascal(text: string): string {
  return text
    .split(/[^0-9A-Za-z]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** The name of one item of a list named `name`: `Exchanges` → `Exchange`, `Rosters` → `Roster`. */
export function singular(name: string): string {
  if (/ies$/.test(name)) return name.slice(0, -3) + 'y';
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return name + 'Item';
}

/**
 * An enum value's GraphQL name: the string itself when it is a valid name, else with every other
 * character replaced by `_` (`spirit-of-eden` → `spirit_of_eden`, `2` → `_2`); the internal value
 * stays the REST string.
 */
export function enumValueName(value: string): string {
  const name = value.replace(/[^_0-9A-Za-z]/g, '_');
  return /^[0-9]/.test(name) || name === '' || ['true', 'false', 'null'].includes(name) ? '_' + name : name;
}
