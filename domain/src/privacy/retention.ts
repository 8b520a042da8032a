import { RETENTION, type PrivacyEvent } from '@playquid/contracts';
import type { Decider } from '../decider';

const DAY_MS = 86_400_000;

/**
 * The day a retention run is for (UTC) and the moment before which technical data (IPs, raw partner
 * parameters) is no longer readable: the start of the day RETENTION.technicalLogsDays days ago. The
 * technical keys are kept per day and expire at the start of the day after their 90th, so they end
 * exactly at this cut-off.
 */
export function retentionCutoffs(now: Date): { day: string; technicalBefore: string } {
  const day = now.toISOString().slice(0, 10);
  return { day, technicalBefore: new Date(Date.parse(day) - RETENTION.technicalLogsDays * DAY_MS).toISOString() };
}

export interface RetentionState {
  applied: boolean;
}

export interface ApplyRetention {
  type: 'ApplyRetention';
  now: string;
  /** What the run shredded (counts per category): recorded without personal data. */
  shreddedKeys: Record<string, number>;
}

/** Stream retention-<day>: the day's run is recorded once, whatever the number of runs. */
export const retentionDecider: Decider<RetentionState, ApplyRetention, PrivacyEvent> = {
  initialState: () => ({ applied: false }),
  evolve: (_state, event) => (event.type === 'PersonalDataRetentionApplied' ? { applied: true } : _state),
  decide(command, state) {
    if (state.applied) return [];
    const { day, technicalBefore } = retentionCutoffs(new Date(command.now));
    return [{ type: 'PersonalDataRetentionApplied', data: { day, technicalBefore, shreddedKeys: command.shreddedKeys, ranAt: command.now } }];
  },
};
