/**
 * The median wall time of an in-process call, for benches that report a refusal's cost as a ratio
 * to an ordinary request measured in the same run: `warmUp` unmeasured calls, then `runs` measured.
 */
export async function medianMs(fn: () => Promise<unknown>, runs: number, warmUp = 3): Promise<number> {
  for (let i = 0; i < warmUp; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[runs >> 1]!;
}
