import { describe, expect, it } from 'vitest';
import { CALLBACK_TEXT, reviewReason } from './callbacks';
import {
  callbackOfferLabel,
  callbacksQueryString,
  callbackStateLabel,
  callbackStatsFromRows,
  formatCallbackUsd,
  formatRate,
  hasCallbackFilters,
  NO_CALLBACK_FILTERS,
  shortUserId,
} from './callbacks';
import { makeCallback } from './testing/offer-fixtures';

describe('callbacks query', () => {
  it('sends page and per_page 50, plus only the filters that are set', () => {
    expect(callbacksQueryString(1, NO_CALLBACK_FILTERS)).toBe('?page=1&per_page=50');
    expect(callbacksQueryString(3, { state: 'PENDING', processed: 'false', userId: ' u1 ', offerId: '', search: 'tx' })).toBe(
      '?page=3&per_page=50&state=PENDING&processed=false&user_id=u1&search=tx',
    );
    expect(hasCallbackFilters(NO_CALLBACK_FILTERS)).toBe(false);
    expect(hasCallbackFilters({ ...NO_CALLBACK_FILTERS, offerId: '7' })).toBe(true);
  });
});

describe('badges and cells', () => {
  it('state: known names, None, unknown as itself', () => {
    expect(['COMPLETED', 'PENDING', 'RECONCILED', 'NONE', null, 'SCREENOUT'].map(callbackStateLabel)).toEqual([
      'Completed',
      'Pending',
      'Reconciled',
      'None',
      'None',
      'SCREENOUT',
    ]);
  });

  it('user id: first 12 characters then an ellipsis', () => {
    expect(shortUserId('abcdefghijklmnop')).toBe('abcdefghijkl…');
    expect(shortUserId('short')).toBe('short');
    expect(shortUserId(null)).toBe('N/A');
  });

  it('offer: name, else id, else N/A', () => {
    expect(callbackOfferLabel({ offer_name: 'Game', offer_id: '1' })).toBe('Game');
    expect(callbackOfferLabel({ offer_name: null, offer_id: '1' })).toBe('1');
    expect(callbackOfferLabel({ offer_name: '', offer_id: null })).toBe('N/A');
  });

  it('reward in USD with 2 to 4 decimals, exact from the raw text', () => {
    expect(formatCallbackUsd('0.29', 0.29)).toBe('$0.29');
    expect(formatCallbackUsd('0.2950', null)).toBe('$0.295');
    expect(formatCallbackUsd(null, 1.23456)).toBe('$1.2346');
    expect(formatCallbackUsd('junk', 2)).toBe('$2.00');
    expect(formatCallbackUsd(null, null)).toBe('—');
  });
});

describe('stats', () => {
  it('formats a success rate with 1 decimal', () => {
    expect(formatRate(33.3)).toBe('33.3%');
    expect(formatRate(100)).toBe('100.0%');
  });

  it('recalculates the cards from the loaded rows, counting each row as the server counts it', () => {
    const now = new Date('2025-01-02T12:00:00Z');
    const rows = [
      makeCallback({ id: '1', created_at: '2025-01-02T11:00:00Z' }),
      makeCallback({ id: '2', offer_state: 'PENDING', is_processed: false, processed_at: null }),
      makeCallback({ id: '3', offer_state: 'RECONCILED', is_processed: false, processing_error: 'negative balance', created_at: '2025-01-01T13:00:00Z' }),
      makeCallback({ id: '4', offer_state: null, is_processed: false }),
      makeCallback({ id: '5', accepted: false, offer_state: 'COMPLETED', is_processed: false }),
    ];
    expect(callbackStatsFromRows(rows, now)).toEqual({
      total_callbacks: 5,
      recent_callbacks_24h: 2,
      processed_callbacks: 1,
      unprocessed_callbacks: 2,
      failed_callbacks: 1,
      success_rate: 0,
      completed_callbacks: 1,
      pending_callbacks: 1,
      reconciled_callbacks: 1,
    });
  });
});

describe('reviewing a held credit', () => {
  it('wants a reason: blank or cancelled prompts give none, text is trimmed', () => {
    expect(reviewReason(null)).toBeNull();
    expect(reviewReason('   ')).toBeNull();
    expect(reviewReason('  Checked with BitLabs ')).toBe('Checked with BitLabs');
    expect(CALLBACK_TEXT.reviewPrompt('reject', { transaction_id: 'o1', user_reward_raw: '60.00' })).toBe('Reject the held credit of £60.00 (transaction o1)? Reason (required):');
  });
});
