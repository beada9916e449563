/**
 * The dice a match event keeps (CONTRACT §8.2: stored events are facts): the seed of the command's
 * dice and every face drawn, in draw order — not the transcript's `purpose` labels (English text of
 * the answer) nor its sides (the rules know them). Replayed with the seed, or as fixed faces.
 */
import { isRecord } from '../records.js';
import type { DiceTranscript } from './index.js';

export interface DiceFact {
  /** The command's seed; null for fixed values or when no die was drawn. */
  seed: string | null;
  values: number[];
}

/** The dice fact of a transcript: no seed when nothing was drawn (a seed no die used is no fact). */
export function diceFact(transcript: DiceTranscript): DiceFact {
  const values = transcript.rolls.flatMap((r) => r.values);
  return { seed: values.length > 0 ? transcript.seed : null, values };
}

/** A stored transcript (`{seed, rolls: [{values}]}`, an earlier event version) read as its fact; anything else as no dice. */
export function diceFactOf(stored: unknown): DiceFact {
  if (!isRecord(stored) || !Array.isArray(stored.rolls)) return { seed: null, values: [] };
  const values = stored.rolls.flatMap((r: unknown) => (isRecord(r) && Array.isArray(r.values) ? r.values.filter((v): v is number => typeof v === 'number') : []));
  return { seed: values.length > 0 && typeof stored.seed === 'string' ? stored.seed : null, values };
}

/**
 * The upcaster of an event version that stored a dice transcript under `member` (with the answer's
 * English `purpose` labels): the next version stores its fact; every other member as it was.
 */
export function transcriptToFact(member: string): (data: unknown) => unknown {
  return (data) => (isRecord(data) && isRecord(data[member]) && Array.isArray(data[member].rolls) ? { ...data, [member]: diceFactOf(data[member]) } : data);
}
