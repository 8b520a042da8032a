import type { PagedEnvelope } from './api';

/** Blog posts. `content` is HTML the server has already sanitised. */
export interface Blog {
  id: string;
  slug: string;
  title: string;
  preview: string;
  content: string;
  meta_description: string | null;
  featured_image_url: string | null;
  is_published: boolean;
  is_featured: boolean;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  view_count: number;
  /** The display name of the admin who created the post. */
  author: string;
}

/** Lists leave the body out: cards show the preview. */
export type BlogSummary = Omit<Blog, 'content'>;

export type BlogsPage = PagedEnvelope<BlogSummary>;

/** POST /api/admin/blogs and PUT /api/admin/blogs/{id} (PUT: every field optional). */
export interface AdminBlogBody {
  title: string;
  /** Optional: made from the title when empty. */
  slug?: string | null;
  preview: string;
  content: string;
  meta_description?: string | null;
  featured_image_url?: string | null;
  is_published?: boolean;
  is_featured?: boolean;
}

export interface BulkBlogsBody {
  blog_ids: string[];
}

export interface BulkBlogsResult {
  /** The posts changed (or deleted); ids already in that state or unknown are in `skipped`. */
  updated: string[];
  skipped: string[];
}

export const BLOG_NOT_FOUND = 'Blog post not found';
export const BLOG_SLUG_TAKEN = 'A blog post with this slug already exists';
export const BLOG_TITLE_MAX_LENGTH = 200;
export const BLOG_PREVIEW_MAX_LENGTH = 1000;
export const BLOG_CONTENT_MAX_LENGTH = 200_000;
export const BLOG_SLUG_MAX_LENGTH = 120;
export const BLOG_BULK_MAX = 100;
/** the post page states a fixed reading time. */
export const BLOG_READ_TIME_LABEL = '5 min read';

/**
 * A URL path segment from a title: lower case letters, digits and single hyphens. Accents are
 * folded first so 'Café Games' gives 'cafe-games' rather than 'caf-games'.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_SLUG_MAX_LENGTH)
    .replace(/-+$/g, '');
}

/** View counts abbreviated: K from 1,000, M from 1,000,000. */
export function abbreviateCount(n: number): string {
  const compact = (value: number, unit: string) => `${Number(value.toFixed(1))}${unit}`;
  // 999,999 rounds to 1000K: shown as 1M instead.
  if (n >= 999_950) return compact(n / 1_000_000, 'M');
  if (n >= 1_000) return compact(n / 1_000, 'K');
  return String(n);
}
