import { describe, expect, it } from 'vitest';
import { claimsQueryString, countdown, serviceClock, ukDateTime } from './claims';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');

describe('claims: the words on the screens', () => {
  it('shows times in UK time whatever the browser zone (GMT in winter, BST in summer)', () => {
    expect(ukDateTime('2026-11-27T22:05:00.000Z')).toBe('27 Nov 2026, 22:05');
    expect(ukDateTime('2026-07-01T22:05:00.000Z')).toBe('1 Jul 2026, 23:05');
  });

  it('counts down to the partner’s confirmation', () => {
    expect(countdown('2026-12-01T15:00:00.000Z', NOW)).toBe('4 days 3 hours');
    expect(countdown('2026-11-27T13:30:00.000Z', NOW)).toBe('1 hour 30 minutes');
    expect(countdown('2026-11-27T12:00:30.000Z', NOW)).toBe('1 minute');
    expect(countdown('2026-11-27T11:00:00.000Z', NOW)).toBe('any time now');
  });

  it('states the service clock: due, overdue or answered', () => {
    expect(serviceClock({ status: 'open', answer_by: '2026-12-04T12:00:00.000Z', decided_at: null }, NOW)).toBe('Answer due by 4 Dec 2026, 12:00 (in 7 days 0 hours)');
    expect(serviceClock({ status: 'waiting_partner', answer_by: '2026-11-26T12:00:00.000Z', decided_at: null }, NOW)).toBe('Answer was due 26 Nov 2026, 12:00: we are on it');
    expect(serviceClock({ status: 'declined', answer_by: '2026-12-04T12:00:00.000Z', decided_at: '2026-11-28T09:00:00.000Z' }, NOW)).toBe('Answered 28 Nov 2026, 09:00');
  });

  it('sends only the filters in use (the export ignores paging)', () => {
    expect(claimsQueryString(2, { status: 'open', search: ' dragon ' })).toBe('?page=2&status=open&search=dragon');
    expect(claimsQueryString(null, { status: '', search: '' })).toBe('');
  });
});
