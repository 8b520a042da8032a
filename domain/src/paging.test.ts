import { describe, expect, it } from 'vitest';
import { pageOffset, paging } from './paging';

describe('paging', () => {
  it('counts whole pages, the last one partly filled', () => {
    expect(paging(2, 20, 41)).toEqual({ page: 2, per_page: 20, total: 41, total_pages: 3 });
    expect(paging(1, 20, 40)).toEqual({ page: 1, per_page: 20, total: 40, total_pages: 2 });
  });
  it('has one empty page when there is nothing', () => expect(paging(1, 20, 0).total_pages).toBe(1));
});

describe('pageOffset', () => {
  it('skips the rows of the pages before: none for page 1', () => {
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(3, 50)).toBe(100);
  });
});
