import type { PagedEnvelope } from '@playquid/contracts';

export type Paging = Pick<PagedEnvelope<unknown>, 'page' | 'per_page' | 'total' | 'total_pages'>;

/** The paging fields of a list answer: an empty list still has one (empty) page. */
export const paging = (page: number, perPage: number, total: number): Paging => ({
  page,
  per_page: perPage,
  total,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
});

/** How many rows come before page `page` (1-based) of `perPage` rows: the OFFSET of every list read. */
export const pageOffset = (page: number, perPage: number): number => (page - 1) * perPage;
