/**
 * Group commit for a match's commands (issue 38): a command sent while its match's turn runs waits,
 * and every command that waited runs together in the next turn — decided one after another on the
 * state the one before it left, their events appended by one write. When nothing waits a command
 * runs at once, alone; under load one write (on the embedded database a statement's fixed cost of
 * ~0.4 ms, against ~0.04 ms per further row) serves the many commands that arrived during the last.
 *
 * Per key (a match of an owner), one turn at a time in this process, commands in arrival order. A
 * turn answers each of its jobs with a value, an error, or `undefined`: not run this turn (it goes
 * first in the next). A turn that fails as a whole (its write refused for one job's sake, an outage)
 * is not one job's answer to the others: its jobs run again, one per turn, each answered alone.
 */

/** What a turn did with one job: `value` or `error`; `undefined` runs it again in the next turn. */
export type TurnOutcome<R> = { value: R } | { error: unknown } | undefined;

const NONE_RAN = 'a match turn ran none of its commands';

/** A job's answer from a turn that had to run it (a turn's first job, or a job run alone): its value, or its error thrown. */
export function settle<R>(outcome: TurnOutcome<R>): R {
  if (outcome === undefined) throw new Error(NONE_RAN);
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

interface Waiting<J, R> {
  job: J;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

interface Queue<J, R> {
  jobs: Waiting<J, R>[];
  /** Turns still to run with one job each (after a turn that failed as a whole). */
  alone: number;
}

export class TurnBatches<J, R> {
  private readonly queues = new Map<string, Queue<J, R>>();

  constructor(
    /** One turn over `jobs` (at least one; the first must never be left for the next turn). */
    private readonly turn: (jobs: J[]) => Promise<TurnOutcome<R>[]>,
    /** The most jobs one turn takes (bounds a turn's time and its write). */
    private readonly most = 64,
  ) {}

  /** `job`'s answer, once a turn of `key` has run it. */
  submit(key: string, job: J): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) {
        queue.jobs.push({ job, resolve, reject });
        return;
      }
      const fresh: Queue<J, R> = { jobs: [{ job, resolve, reject }], alone: 0 };
      this.queues.set(key, fresh);
      void this.drain(key, fresh);
    });
  }

  /** Turns of `key` until nothing waits. */
  private async drain(key: string, queue: Queue<J, R>): Promise<void> {
    while (queue.jobs.length > 0) {
      const alone = queue.alone > 0;
      if (alone) queue.alone--;
      const batch = queue.jobs.splice(0, alone ? 1 : this.most);
      let outcomes: TurnOutcome<R>[];
      try {
        outcomes = await this.turn(batch.map((w) => w.job));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else {
          queue.jobs.unshift(...batch);
          queue.alone = batch.length;
        }
        continue;
      }
      const again: Waiting<J, R>[] = [];
      batch.forEach((w, i) => {
        const outcome = outcomes[i];
        if (outcome === undefined) again.push(w);
        else if ('error' in outcome) w.reject(outcome.error);
        else w.resolve(outcome.value);
      });
      // a turn that ran none of its jobs would run them again forever
      if (again.length === batch.length) {
        for (const w of again) w.reject(new Error(NONE_RAN));
      } else queue.jobs.unshift(...again);
    }
    this.queues.delete(key);
  }

  /** Keys with a turn running or jobs waiting (for tests: an idle key holds nothing). */
  get size(): number {
    return this.queues.size;
  }
}
