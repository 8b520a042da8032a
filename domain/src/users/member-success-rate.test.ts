import { describe, expect, it } from 'vitest';
import { memberSuccessRate } from './member-success-rate';

describe('member success rate: completed / (completed + 5), percent, 1 decimal', () => {
  it('is 0 before the first completed offer', () => expect(memberSuccessRate(0)).toBe(0));
  it('rounds to one decimal', () => {
    expect(memberSuccessRate(1)).toBe(16.7);
    expect(memberSuccessRate(5)).toBe(50);
    expect(memberSuccessRate(95)).toBe(95);
  });
});
