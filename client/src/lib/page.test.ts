import { describe, expect, it } from 'vitest';
import { pageHead, pageTitle } from './page';

describe('page titles', () => {
  it('defaults to the product title', () => {
    expect(pageTitle()).toBe('PlayQuid - Play Games, Earn Real Money');
    expect(pageHead()).toEqual({ meta: [{ title: 'PlayQuid - Play Games, Earn Real Money' }] });
  });
  it('names the page before the product, with its description', () => {
    expect(pageHead('Dashboard', 'Your balance')).toEqual({ meta: [{ title: 'Dashboard | PlayQuid' }, { name: 'description', content: 'Your balance' }] });
  });
});
