import { describe, expect, it } from 'vitest';
import { headFromMatches, pageHead, pageTitle } from './page';

describe('page titles', () => {
  it('defaults to the product title', () => {
    expect(pageTitle()).toBe('PlayQuid - Play Games, Earn Real Money');
    expect(headFromMatches([])).toEqual({ title: 'PlayQuid - Play Games, Earn Real Money', description: undefined });
  });
  it('takes the deepest route that names one', () => {
    const matches = [pageHead(), pageHead('Dashboard', 'Your balance'), { meta: undefined }];
    expect(headFromMatches(matches)).toEqual({ title: 'Dashboard | PlayQuid', description: 'Your balance' });
  });
});
