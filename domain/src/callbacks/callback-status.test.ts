import { describe, expect, it } from 'vitest';
import { callbackCounterParts, callbackStatus } from './callback-status';

const accepted = { accepted: true, processing_error: null, is_processed: false, offer_state: 'COMPLETED' as string | null };

describe('callback status', () => {
  it('is Rejected, Failed, Processed or Pending, in that order of precedence', () => {
    expect(callbackStatus({ accepted: false, processing_error: null, is_processed: false })).toBe('Rejected');
    expect(callbackStatus({ accepted: true, processing_error: 'boom', is_processed: true })).toBe('Failed');
    expect(callbackStatus({ accepted: true, processing_error: null, is_processed: true })).toBe('Processed');
    expect(callbackStatus({ accepted: true, processing_error: null, is_processed: false })).toBe('Pending');
  });
});

describe('callback counter parts', () => {
  it('counts each callback in exactly one status counter, the one its badge names', () => {
    expect(callbackCounterParts({ ...accepted, is_processed: true })).toEqual(['total', 'processed', 'completed']);
    expect(callbackCounterParts({ ...accepted, processing_error: 'negative balance' })).toEqual(['total', 'failed', 'completed']);
    expect(callbackCounterParts(accepted)).toEqual(['total', 'unprocessed', 'completed']);
    expect(callbackCounterParts({ ...accepted, accepted: false })).toEqual(['total', 'rejected']);
  });

  it('counts offer states of accepted callbacks only, and held credits', () => {
    expect(callbackCounterParts({ ...accepted, offer_state: 'pending', review_status: 'held' })).toEqual(['total', 'unprocessed', 'pending', 'held']);
    expect(callbackCounterParts({ ...accepted, offer_state: 'NONE' })).toEqual(['total', 'unprocessed']);
    expect(callbackCounterParts({ ...accepted, offer_state: null })).toEqual(['total', 'unprocessed']);
  });
});
