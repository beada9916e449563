/** How the benchmarks start the service: as `npm start` runs it in production. */
export function serviceCommand(): string[] {
  return ['npx', 'tsx', 'src/server.ts'];
}
