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

/**
 * CONTRACT §8.1: a seat (or spectator) token asked for what its person may not do — a command for
 * another player, one the rules give to another player now, a spectator's command, or the owner's
 * preview. 403; nothing is appended.
 */
export class NotYourSeat extends Error {
  readonly status = 403;
  constructor(
    message: string,
    readonly code: 'not_your_seat' | 'owner_only' = 'not_your_seat',
  ) {
    super(message);
    this.name = 'NotYourSeat';
  }
}
