import type { BlogContent, BlogSlugEvent, BlogStreamEvent } from '@playquid/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { blogDecider, blogSlugDecider } from './blog.decider';

const spec = deciderSpec(blogDecider);
const slugs = deciderSpec(blogSlugDecider);
const NOW = '2026-11-22T10:00:00.000Z';
const admin = 'admin-uid';
const content: BlogContent = {
  slug: 'top-five-games',
  title: 'Top five games',
  preview: 'Our picks.',
  content: '<p>Play these.</p>',
  metaDescription: null,
  featuredImageUrl: null,
};
const created: BlogStreamEvent = { type: 'BlogCreated', data: { blogId: 'b-1', content, authorUid: admin, authorName: 'Ada', createdAt: NOW } };
const published: BlogStreamEvent = { type: 'BlogPublished', data: { blogId: 'b-1', publishedBy: admin, publishedAt: NOW } };
const featured: BlogStreamEvent = { type: 'BlogFeatured', data: { blogId: 'b-1', featuredBy: admin, featuredAt: NOW } };
const deleted: BlogStreamEvent = { type: 'BlogDeleted', data: { blogId: 'b-1', slug: 'top-five-games', deletedBy: admin, deletedAt: NOW } };
const create = (publish = false, feature = false) =>
  ({ type: 'CreateBlog', blogId: 'b-1', content, authorName: 'Ada', publish, feature, by: admin, now: NOW }) as const;

describe('blog decider: writing posts', () => {
  it('creates a draft authored by the admin who wrote it', () => spec.given([]).when(create()).then([created]));

  it("publishes and features at creation when 'Publish immediately' and 'Feature in dropdown' are ticked", () =>
    spec.given([]).when(create(true, true)).then([created, published, featured]));

  it('refuses to create a post twice', () => spec.given([created]).when(create()).thenThrows('Blog post already exists'));

  it('records only the fields an edit changed, with the flags it changed, in one decision', () =>
    spec
      .given([created])
      .when({ type: 'UpdateBlog', blogId: 'b-1', changes: { ...content, title: 'Top six games' }, published: true, featured: false, by: admin, now: NOW })
      .then([{ type: 'BlogUpdated', data: { blogId: 'b-1', changes: { title: 'Top six games' }, updatedBy: admin, updatedAt: NOW } }, published]));

  it('appends nothing for an edit that changes nothing', () =>
    spec.given([created, published]).when({ type: 'UpdateBlog', blogId: 'b-1', changes: content, published: true, by: admin, now: NOW }).then([]));

  it('refuses edits, toggles and deletion of a missing or deleted post', () => {
    spec.given([]).when({ type: 'SetBlogPublished', blogId: 'b-1', published: true, by: admin, now: NOW }).thenThrows('Blog post not found');
    spec.given([created, deleted]).when({ type: 'UpdateBlog', blogId: 'b-1', changes: { title: 'x' }, by: admin, now: NOW }).thenThrows('Blog post not found');
    spec.given([created, deleted]).when({ type: 'DeleteBlog', blogId: 'b-1', by: admin, now: NOW }).thenThrows('Blog post not found');
  });
});

describe('blog decider: published and featured are independent toggles', () => {
  it('publishes a draft and unpublishes it again', () => {
    spec.given([created]).when({ type: 'SetBlogPublished', blogId: 'b-1', published: true, by: admin, now: NOW }).then([published]);
    spec
      .given([created, published])
      .when({ type: 'SetBlogPublished', blogId: 'b-1', published: false, by: admin, now: NOW })
      .then([{ type: 'BlogUnpublished', data: { blogId: 'b-1', unpublishedBy: admin, unpublishedAt: NOW } }]);
  });

  it('features without publishing, and unfeatures', () => {
    spec.given([created]).when({ type: 'SetBlogFeatured', blogId: 'b-1', featured: true, by: admin, now: NOW }).then([featured]);
    spec
      .given([created, featured])
      .when({ type: 'SetBlogFeatured', blogId: 'b-1', featured: false, by: admin, now: NOW })
      .then([{ type: 'BlogUnfeatured', data: { blogId: 'b-1', unfeaturedBy: admin, unfeaturedAt: NOW } }]);
  });

  it('a toggle to the current value is a no-op (a repeated request writes nothing)', () => {
    spec.given([created, published]).when({ type: 'SetBlogPublished', blogId: 'b-1', published: true, by: admin, now: NOW }).then([]);
    spec.given([created]).when({ type: 'SetBlogFeatured', blogId: 'b-1', featured: false, by: admin, now: NOW }).then([]);
  });

  it('deletes a post, naming the slug it leaves', () => spec.given([created, published]).when({ type: 'DeleteBlog', blogId: 'b-1', by: admin, now: NOW }).then([deleted]));
});

describe('blog slug decider: one post per slug', () => {
  const claimed = (blogId: string): BlogSlugEvent => ({ type: 'BlogSlugClaimed', data: { slug: 'top-five-games', blogId, claimedAt: NOW } });
  const released = (blogId: string): BlogSlugEvent => ({ type: 'BlogSlugReleased', data: { slug: 'top-five-games', blogId, releasedAt: NOW } });
  const claim = (blogId: string, holderUsesSlug = true, now = NOW) => ({ type: 'ClaimBlogSlug', slug: 'top-five-games', blogId, holderUsesSlug, now }) as const;

  it('gives a free slug to the first post that claims it', () => slugs.given([]).when(claim('b-1')).then([claimed('b-1')]));

  it('refuses a slug another post holds', () => slugs.given([claimed('b-1')]).when(claim('b-2')).thenThrows('A blog post with this slug already exists'));

  it('lets the holder claim again without a new event', () => slugs.given([claimed('b-1')]).when(claim('b-1')).then([]));

  it('frees a slug its holder releases, and ignores a release by anyone else', () => {
    slugs.given([claimed('b-1'), released('b-1')]).when(claim('b-2')).then([claimed('b-2')]);
    slugs.given([claimed('b-1')]).when({ type: 'ReleaseBlogSlug', slug: 'top-five-games', blogId: 'b-2', now: NOW }).then([]);
  });

  it('takes over a claim abandoned for five minutes by a post that never took the slug', () => {
    const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();
    slugs.given([claimed('b-1')]).when(claim('b-2', false, later(60_000))).thenThrows('A blog post with this slug already exists');
    slugs.given([claimed('b-1')]).when(claim('b-2', true, later(3_600_000))).thenThrows('A blog post with this slug already exists');
    slugs
      .given([claimed('b-1')])
      .when(claim('b-2', false, later(300_000)))
      .then([{ type: 'BlogSlugClaimed', data: { slug: 'top-five-games', blogId: 'b-2', claimedAt: later(300_000) } }]);
  });
});
