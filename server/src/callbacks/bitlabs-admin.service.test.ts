import { describe, expect, it } from 'vitest';
import { triggerProblem } from './bitlabs-admin.service';

describe('trigger callback rules beyond the DTO', () => {
  it('accepts a positive amount with or without a state', () => {
    expect(triggerProblem({ amount: '1.25' })).toBeNull();
    expect(triggerProblem({ amount: '0.0100', state: 'PENDING' })).toBeNull();
  });
  it('refuses a zero amount', () => {
    expect(triggerProblem({ amount: '0.00' })).toBe('amount must not be zero');
    expect(triggerProblem({ amount: '-0.0000', ref: 'o1' })).toBe('amount must not be zero');
  });
  it('needs the original transaction for a negative amount (a default-mode reversal)', () => {
    expect(triggerProblem({ amount: '-1.25' })).toBe('ref (the original transaction id) is required for a negative amount (a reversal)');
    expect(triggerProblem({ amount: '-1.25', ref: 'o1' })).toBeNull();
    expect(triggerProblem({ amount: '-1.25', ref: 'o1', state: 'RECONCILED' })).toBeNull();
  });
  it('refuses a negative amount in any state but RECONCILED', () => {
    expect(triggerProblem({ amount: '-1.25', ref: 'o1', state: 'COMPLETED' })).toBe('a negative amount (a reversal) must have state RECONCILED');
  });
});
