/**
 * Summaries fit bots (CONTRACT §0; docs/api.md "Summaries"): every answer's `summary` is at most
 * SUMMARY_MAX characters (a Discord embed description holds 4,096), and `summaryShort` where an
 * answer has one at most 1,024 (an embed field). A longer text is cut after its last whole
 * sentence, clause or word that fits, and ends in "…".
 */
import { SUMMARY_MAX } from './schemas/common.js';

export { SUMMARY_MAX };

/** `text` in at most `max` UTF-16 code units, cut at a sentence, clause or word end with "…". */
export function fitText(text: string, max: number): string {
  if (text.length <= max) return text;
  let head = text.slice(0, max - 1);
  // never end inside a surrogate pair
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  const floor = Math.floor(max / 2);
  const sentence = Math.max(head.lastIndexOf('. '), head.lastIndexOf('; '), head.lastIndexOf('), '));
  const word = head.lastIndexOf(' ');
  const at = sentence >= floor ? sentence + 1 : word >= floor ? word : head.length;
  return head.slice(0, at).trimEnd() + '…';
}

/** An answer whose `summary` passes SUMMARY_MAX, with it cut; any other value as it is. */
export function capSummary<T>(result: T): T {
  if (result && typeof (result as { then?: unknown }).then === 'function') return (result as unknown as Promise<unknown>).then(capSummary) as T;
  const summary = (result as { summary?: unknown } | null)?.summary;
  if (typeof summary !== 'string' || summary.length <= SUMMARY_MAX) return result;
  return { ...result, summary: fitText(summary, SUMMARY_MAX) };
}
