/** Match-specific failures; the transports map them to problem+json (409 with currentVersion). */

export class VersionConflict extends Error {
  readonly status = 409;
  readonly code = 'version_conflict';
  constructor(
    readonly expectedVersion: number,
    readonly currentVersion: number,
  ) {
    super(`The match is at version ${currentVersion}, not at the expected version ${expectedVersion}.`);
    this.name = 'VersionConflict';
  }
}
