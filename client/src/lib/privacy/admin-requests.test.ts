import { describe, expect, it } from 'vitest';
import { privacyDueSoon, privacyDueText } from './admin-requests';

const now = Date.parse('2026-11-27T12:00:00.000Z');
const open = (dueAt: string) => ({ status: 'open' as const, due_at: dueAt, completed_at: null });

describe('the privacy desk 30-day clock', () => {
  it('counts the days left, says when it is due today and how long it is overdue', () => {
    expect(privacyDueText(open('2026-12-27T12:00:00.000Z'), now)).toBe('Due 27 Dec 2026 (in 30 days)');
    expect(privacyDueText(open('2026-11-27T18:00:00.000Z'), now)).toBe('Due 27 Nov 2026 (today or tomorrow)');
    expect(privacyDueText(open('2026-11-24T12:00:00.000Z'), now)).toBe('Overdue: was due 24 Nov 2026 (3 days ago)');
    expect(privacyDueText({ status: 'completed', due_at: '2026-12-27T12:00:00.000Z', completed_at: '2026-11-28T09:00:00.000Z' }, now)).toBe('Answered 28 Nov 2026');
  });

  it('flags open requests due within a week', () => {
    expect(privacyDueSoon(open('2026-12-01T12:00:00.000Z'), now)).toBe(true);
    expect(privacyDueSoon(open('2026-12-27T12:00:00.000Z'), now)).toBe(false);
    expect(privacyDueSoon({ status: 'completed', due_at: '2026-11-20T12:00:00.000Z' }, now)).toBe(false);
  });
});
