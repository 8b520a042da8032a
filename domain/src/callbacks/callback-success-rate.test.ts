import { describe, expect, it } from 'vitest';
import { callbackSuccessRate } from './callback-success-rate';

describe('callback success rate: (processed - failed) / total, percent, 1 decimal', () => {
  it('is 0 when there are no callbacks', () => expect(callbackSuccessRate(0, 0, 0)).toBe(0));
  it('is 100 when every callback was processed', () => expect(callbackSuccessRate(7, 0, 7)).toBe(100));
  it('rounds to one decimal', () => {
    expect(callbackSuccessRate(2, 0, 3)).toBe(66.7);
    expect(callbackSuccessRate(1, 0, 3)).toBe(33.3);
    expect(callbackSuccessRate(1, 0, 8)).toBe(12.5);
  });
  it('subtracts the failed callbacks', () => {
    expect(callbackSuccessRate(6, 1, 10)).toBe(50);
    expect(callbackSuccessRate(2, 1, 3)).toBe(33.3);
  });
  it('rounds from integers, free of floating point drift', () => expect(callbackSuccessRate(1, 0, 2000)).toBe(0.1));
});
