import { BLOG_NOT_FOUND, BLOG_SLUG_TAKEN, type BlogContent, type BlogSlugEvent, type BlogStreamEvent } from '@playquid/contracts';
import { type Decider, DomainError } from '../decider';

export interface BlogState {
  exists: boolean;
  deleted: boolean;
  blogId: string | null;
  content: BlogContent | null;
  published: boolean;
  featured: boolean;
  authorUid: string | null;
  authorName: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  publishedAt: string | null;
}

interface Actor {
  by: string;
  now: string;
}

export type BlogCommand =
  | ({ type: 'CreateBlog'; blogId: string; content: BlogContent; authorName: string; publish: boolean; feature: boolean } & Actor)
  /** `published`/`featured` undefined means unchanged; the edit and both flags are decided (and appended) at once. */
  | ({ type: 'UpdateBlog'; blogId: string; changes: Partial<BlogContent>; published?: boolean; featured?: boolean } & Actor)
  | ({ type: 'SetBlogPublished'; blogId: string; published: boolean } & Actor)
  | ({ type: 'SetBlogFeatured'; blogId: string; featured: boolean } & Actor)
  | ({ type: 'DeleteBlog'; blogId: string } & Actor);

type LiveBlog = BlogState & { blogId: string; content: BlogContent };

function live(state: BlogState): LiveBlog {
  if (!state.exists || state.deleted || !state.content) throw new DomainError(BLOG_NOT_FOUND, 'not_found');
  return state as LiveBlog;
}

/** The fields of `next` whose value differs from `current` (fields absent from `next` are unchanged). */
export function changedBlogFields(current: BlogContent, next: Partial<BlogContent>): Partial<BlogContent> {
  const changes: Partial<Record<keyof BlogContent, unknown>> = {};
  for (const key of Object.keys(next) as (keyof BlogContent)[]) {
    if (next[key] !== undefined && next[key] !== current[key]) changes[key] = next[key];
  }
  return changes as Partial<BlogContent>;
}

function publishedChange(blog: LiveBlog, published: boolean, by: string, now: string): BlogStreamEvent[] {
  if (blog.published === published) return [];
  return published
    ? [{ type: 'BlogPublished', data: { blogId: blog.blogId, publishedBy: by, publishedAt: now } }]
    : [{ type: 'BlogUnpublished', data: { blogId: blog.blogId, unpublishedBy: by, unpublishedAt: now } }];
}

function featuredChange(blog: LiveBlog, featured: boolean, by: string, now: string): BlogStreamEvent[] {
  if (blog.featured === featured) return [];
  return featured
    ? [{ type: 'BlogFeatured', data: { blogId: blog.blogId, featuredBy: by, featuredAt: now } }]
    : [{ type: 'BlogUnfeatured', data: { blogId: blog.blogId, unfeaturedBy: by, unfeaturedAt: now } }];
}

/** One blog post (stream blog-<id>): content, draft/published and featured, each toggled independently. */
export const blogDecider: Decider<BlogState, BlogCommand, BlogStreamEvent> = {
  initialState: () => ({
    exists: false,
    deleted: false,
    blogId: null,
    content: null,
    published: false,
    featured: false,
    authorUid: null,
    authorName: null,
    createdAt: null,
    updatedAt: null,
    publishedAt: null,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'BlogCreated': {
        const d = event.data;
        return { ...state, exists: true, blogId: d.blogId, content: d.content, authorUid: d.authorUid, authorName: d.authorName, createdAt: d.createdAt, updatedAt: d.createdAt };
      }
      case 'BlogUpdated':
        return { ...state, content: { ...state.content!, ...event.data.changes }, updatedAt: event.data.updatedAt };
      case 'BlogPublished':
        return { ...state, published: true, publishedAt: event.data.publishedAt };
      case 'BlogUnpublished':
        return { ...state, published: false };
      case 'BlogFeatured':
        return { ...state, featured: true };
      case 'BlogUnfeatured':
        return { ...state, featured: false };
      case 'BlogDeleted':
        return { ...state, deleted: true };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateBlog': {
        if (state.exists) throw new DomainError('Blog post already exists', 'conflict');
        const { blogId, content, by, now } = command;
        const created: BlogStreamEvent = { type: 'BlogCreated', data: { blogId, content, authorUid: by, authorName: command.authorName, createdAt: now } };
        const draft: LiveBlog = { ...blogDecider.initialState(), exists: true, blogId, content };
        return [created, ...publishedChange(draft, command.publish, by, now), ...featuredChange(draft, command.feature, by, now)];
      }
      case 'UpdateBlog': {
        const blog = live(state);
        const { by, now } = command;
        const changes = changedBlogFields(blog.content, command.changes);
        const events: BlogStreamEvent[] = [];
        if (Object.keys(changes).length > 0) events.push({ type: 'BlogUpdated', data: { blogId: blog.blogId, changes, updatedBy: by, updatedAt: now } });
        if (command.published !== undefined) events.push(...publishedChange(blog, command.published, by, now));
        if (command.featured !== undefined) events.push(...featuredChange(blog, command.featured, by, now));
        return events;
      }
      case 'SetBlogPublished':
        return publishedChange(live(state), command.published, command.by, command.now);
      case 'SetBlogFeatured':
        return featuredChange(live(state), command.featured, command.by, command.now);
      case 'DeleteBlog': {
        const blog = live(state);
        return [{ type: 'BlogDeleted', data: { blogId: blog.blogId, slug: blog.content.slug, deletedBy: command.by, deletedAt: command.now } }];
      }
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  },
};

// ---------------------------------------------------------------- slugs
export interface BlogSlugState {
  /** The post holding the slug, or null when free. */
  holder: string | null;
  claimedAt: string | null;
}

/**
 * A claim whose post never took the slug (its create or edit failed after the claim) is abandoned
 * after this long. Sooner would race a post whose claim and edit are still being appended.
 */
export const ABANDONED_SLUG_CLAIM_MS = 5 * 60_000;

export type BlogSlugCommand =
  /** `holderUsesSlug`: the holder's own stream, folded by the caller, shows the slug on a live post. */
  | { type: 'ClaimBlogSlug'; slug: string; blogId: string; holderUsesSlug: boolean; now: string }
  | { type: 'ReleaseBlogSlug'; slug: string; blogId: string; now: string };

/** Stream blogslug-<slug>: a slug belongs to one post at a time, decided on one stream with its revision. */
export const blogSlugDecider: Decider<BlogSlugState, BlogSlugCommand, BlogSlugEvent> = {
  initialState: () => ({ holder: null, claimedAt: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'BlogSlugClaimed':
        return { holder: event.data.blogId, claimedAt: event.data.claimedAt };
      case 'BlogSlugReleased':
        return state.holder === event.data.blogId ? { holder: null, claimedAt: null } : state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ClaimBlogSlug':
        if (state.holder === command.blogId) return [];
        if (state.holder !== null) {
          const abandoned = !command.holderUsesSlug && Date.parse(command.now) - Date.parse(state.claimedAt!) >= ABANDONED_SLUG_CLAIM_MS;
          if (!abandoned) throw new DomainError(BLOG_SLUG_TAKEN, 'conflict');
        }
        return [{ type: 'BlogSlugClaimed', data: { slug: command.slug, blogId: command.blogId, claimedAt: command.now } }];
      case 'ReleaseBlogSlug':
        if (state.holder !== command.blogId) return [];
        return [{ type: 'BlogSlugReleased', data: { slug: command.slug, blogId: command.blogId, releasedAt: command.now } }];
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  },
};
