import type { ApplyOutcome } from '../apply-range';
import { ALL_PROJECTIONS } from '../registry';

/**
 * The outcome of one event for every registered projection, with exceptions: tests state what a
 * projection does with an event without listing (and re-listing) every projection there is.
 */
export const outcomes = (outcome: ApplyOutcome, except: Record<string, ApplyOutcome> = {}): Record<string, ApplyOutcome> => ({
  ...Object.fromEntries(ALL_PROJECTIONS.map((p) => [p.name, outcome])),
  ...except,
});

export const projectionNames = (): string[] => ALL_PROJECTIONS.map((p) => p.name).sort();
