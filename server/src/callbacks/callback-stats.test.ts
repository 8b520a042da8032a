import { describe, expect, it } from 'vitest';
import { type ActivityRow, bucketActivity, toCallbackStats, windowStartHour } from './callback-stats';

describe('callback stats', () => {
  it('maps the counts onto the contract fields', () => {
    expect(
      toCallbackStats({ total: 10, recent24h: 4, processed: 6, failed: 1, unprocessed: 2, rejected: 1, completed: 5, pending: 3, reconciled: 1, unsigned: 1, held: 2 }),
    ).toEqual({
      total_callbacks: 10,
      recent_callbacks_24h: 4,
      processed_callbacks: 6,
      unprocessed_callbacks: 2,
      failed_callbacks: 1,
      success_rate: 50,
      completed_callbacks: 5,
      pending_callbacks: 3,
      reconciled_callbacks: 1,
      rejected_callbacks: 1,
      unsigned_rejected_callbacks: 1,
      held_callbacks: 2,
    });
  });
});

describe('callback activity per hour', () => {
  const now = new Date('2026-11-22T10:30:00.000Z');
  const hour10 = Math.floor(now.getTime() / 3_600_000);
  const row = (overrides: Partial<ActivityRow>): ActivityRow => ({
    hour_index: hour10,
    accepted: true,
    offer_state: 'COMPLETED',
    is_processed: true,
    failed: false,
    n: 1,
    ...overrides,
  });

  it('gives every hour of the window a bucket, ending with the current hour', () => {
    const first = windowStartHour(now, 3);
    const activity = bucketActivity([], first, 3, now);
    expect(activity.buckets.map((b) => b.hour)).toEqual(['2026-11-22T08:00:00.000Z', '2026-11-22T09:00:00.000Z', '2026-11-22T10:00:00.000Z']);
    expect(activity.from).toBe('2026-11-22T08:00:00.000Z');
    expect(activity.to).toBe(now.toISOString());
    expect(activity.totals.total).toBe(0);
  });

  it('counts per hour, per state and per processing outcome; rejected ones only as rejected', () => {
    const first = windowStartHour(now, 2);
    const activity = bucketActivity(
      [
        row({ n: 3 }),
        row({ offer_state: 'PENDING', is_processed: false, n: 2 }),
        row({ hour_index: hour10 - 1, offer_state: 'RECONCILED', is_processed: false, failed: true }),
        row({ hour_index: hour10 - 1, accepted: false, offer_state: 'COMPLETED', is_processed: false, n: 4 }),
        row({ hour_index: hour10 - 5, n: 9 }), // outside the window
      ],
      first,
      2,
      now,
    );
    expect(activity.buckets[1]).toEqual({
      hour: '2026-11-22T10:00:00.000Z',
      total: 5,
      rejected: 0,
      processed: 3,
      failed: 0,
      pending_processing: 2,
      by_state: { COMPLETED: 3, PENDING: 2, RECONCILED: 0, NONE: 0 },
    });
    expect(activity.buckets[0]).toMatchObject({ total: 5, rejected: 4, failed: 1, by_state: { COMPLETED: 0, PENDING: 0, RECONCILED: 1, NONE: 0 } });
    expect(activity.totals).toMatchObject({ total: 10, rejected: 4, processed: 3, failed: 1, pending_processing: 2 });
  });
});
