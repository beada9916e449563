/**
 * Sliced jobs on BullMQ: a job with a splitter (jobs.ts: a simulation) runs one slice per turn on a
 * worker slot — the slices the in-process runner uses (`SLICE_CHUNKS` chunks, whole job as one
 * part) — and between two turns its place is kept in the job's data under `STEP`: the next slice
 * and the slices done so far, folded by the splitter's `merge` (for a simulation: the merged integer
 * tallies). The last slice's turn combines them in chunk order, which gives exactly the whole job's
 * result, however many turns (or retried turns) it took.
 */
import { JOB_SPLITTERS, SLICE_CHUNKS, runJob, type JobContext } from './jobs.js';

/** The job-data member that holds a sliced job's place between two turns. */
export const STEP = 'step';

export interface StepCursor {
  /** Index of the next slice to run. */
  next: number;
  /** The results of the slices before it, merged. */
  partial: unknown;
}

/** A turn's answer (sandbox → worker): the job's result, or where the next turn starts. */
export type StepAnswer = { done: true; result: unknown } | { done: false; cursor: StepCursor };

export const isSliced = (name: string): boolean => Object.hasOwn(JOB_SPLITTERS, name);

/** The place a sliced job's data holds, if it has run a turn already. */
export function cursorOf(data: unknown): StepCursor | undefined {
  const cursor = (data as Record<string, unknown> | null)?.[STEP] as StepCursor | undefined;
  return cursor && typeof cursor.next === 'number' ? cursor : undefined;
}

/** Run the next slice of a sliced job; progress is reported over the whole job. */
export async function runStep(name: string, data: Record<string, unknown>, ctx: JobContext, sliceChunks = SLICE_CHUNKS): Promise<StepAnswer> {
  const splitter = JOB_SPLITTERS[name]!;
  const cursor = cursorOf(data);
  const job = { ...data };
  delete job[STEP];
  const slices = splitter.split(job, 1).flatMap((part) => splitter.slice(part, sliceChunks));
  const next = cursor?.next ?? 0;
  const slice = slices[next];
  if (!slice) throw Object.assign(new Error(`No slice ${next} in job "${name}".`), { name: 'UnrecoverableError' });
  let before = 0;
  for (let i = 0; i < next; i++) before += slices[i]!.weight;
  const result = await runJob(slice.name, slice.data, {
    ...ctx,
    progress: (fraction) => ctx.progress(Math.max(0, Math.min(1, before + slice.weight * fraction))),
  });
  const results = cursor && next > 0 ? [cursor.partial, result] : [result];
  if (next + 1 >= slices.length) return { done: true, result: splitter.combine(results) };
  return { done: false, cursor: { next: next + 1, partial: splitter.merge(results) } };
}
