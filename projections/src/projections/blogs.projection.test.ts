import type { BlogContent, PlayQuidEvent } from '@playquid/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migratedTestDatabase } from '../testing/database';
import { projectionSpec } from '../testing/spec';
import { blogsProjection } from './blogs.projection';

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
beforeAll(async () => {
  ctx = await migratedTestDatabase('blogs');
});
afterAll(() => ctx?.close());
const spec = projectionSpec(() => ctx.db, blogsProjection);

const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-22T11:00:00.000Z';
const T2 = '2026-11-22T12:00:00.000Z';
const content: BlogContent = {
  slug: 'five-games',
  title: 'Five games',
  preview: 'The best five.',
  content: '<p>Hello</p>',
  metaDescription: null,
  featuredImageUrl: 'https://images.example/a.jpg',
};
const created: PlayQuidEvent = { type: 'BlogCreated', data: { blogId: 'b-1', content, authorUid: 'admin-1', authorName: 'Ada', createdAt: T0 } };
const row = {
  id: 'b-1',
  slug: 'five-games',
  title: 'Five games',
  preview: 'The best five.',
  content: '<p>Hello</p>',
  meta_description: null,
  featured_image_url: 'https://images.example/a.jpg',
  is_published: false,
  is_featured: false,
  published_at: null,
  author_uid: 'admin-1',
  author_name: 'Ada',
  created_at: new Date(T0),
  updated_at: new Date(T0),
};

describe('blogs projection', () => {
  it('a created post is a draft row', () => spec.given(created).then({ blogs: [row] }));

  it('an update touches only the fields it carries; flags leave updated_at alone', () =>
    spec
      .given(
        created,
        { type: 'BlogSlugClaimed', data: { slug: 'five-games', blogId: 'b-1', claimedAt: T0 } },
        { type: 'BlogUpdated', data: { blogId: 'b-1', changes: { title: 'Six games', slug: 'six-games', metaDescription: 'Six.' }, updatedBy: 'admin-1', updatedAt: T1 } },
        { type: 'BlogPublished', data: { blogId: 'b-1', publishedBy: 'admin-1', publishedAt: T2 } },
        { type: 'BlogFeatured', data: { blogId: 'b-1', featuredBy: 'admin-1', featuredAt: T2 } },
      )
      .then({ blogs: [{ ...row, title: 'Six games', slug: 'six-games', meta_description: 'Six.', updated_at: new Date(T1), is_published: true, published_at: new Date(T2), is_featured: true }] }));

  it('unpublish and unfeature clear the flags; a deletion removes the row', async () => {
    const published: PlayQuidEvent = { type: 'BlogPublished', data: { blogId: 'b-1', publishedBy: 'admin-1', publishedAt: T1 } };
    await spec
      .given(
        created,
        published,
        { type: 'BlogFeatured', data: { blogId: 'b-1', featuredBy: 'admin-1', featuredAt: T1 } },
        { type: 'BlogUnpublished', data: { blogId: 'b-1', unpublishedBy: 'admin-1', unpublishedAt: T2 } },
        { type: 'BlogUnfeatured', data: { blogId: 'b-1', unfeaturedBy: 'admin-1', unfeaturedAt: T2 } },
      )
      .then({ blogs: [{ ...row, published_at: new Date(T1) }] });
    await spec.given(created, published, { type: 'BlogDeleted', data: { blogId: 'b-1', slug: 'five-games', deletedBy: 'admin-1', deletedAt: T2 } }).then({ blogs: [] });
  });
});
