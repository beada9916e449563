/**
 * A negotiation memoised by the header's value: clients repeat the same few Accept-Language and
 * Accept-Encoding values, so each distinct value is parsed (q-values and all) once. At most `kept`
 * values are remembered (all forgotten when full); a value longer than 256 characters is
 * negotiated each time and never kept.
 */
export function memoByHeader<T>(negotiate: (header: string) => T, kept: number): (header: string) => T {
  const known = new Map<string, T>();
  return (header) => {
    let found = known.get(header);
    if (found === undefined) {
      found = negotiate(header);
      if (known.size >= kept) known.clear();
      if (header.length <= 256) known.set(header, found);
    }
    return found;
  };
}
