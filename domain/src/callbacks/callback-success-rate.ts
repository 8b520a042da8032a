/**
 * The callbacks console's success rate, (processed - failed) / total, as a percentage with one
 * decimal; 0 when there are no callbacks. Rounded from integers so 2/3 is 66.7, never 66.66666.
 */
export function callbackSuccessRate(processed: number, failed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round(((processed - failed) * 1000) / total) / 10;
}
