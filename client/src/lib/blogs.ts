import {
  type AdminBlogBody,
  type ApiEnvelope,
  type Blog,
  BLOG_LIMITS,
  type BlogSummary,
  type BulkBlogsResult,
  PAGE_SIZES,
  type PagedEnvelope,
} from '@playquid/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from './api';
import { longDate } from './format';

/** The blog screens' calls, query options and small rules. */

export const BLOG_TEXT = {
  listFailed: 'Failed to load blog posts. Please try again.',
  notFound: 'Blog post not found',
  postFailed: 'Failed to load blog post. Please try again.',
  adminLoadFailed: 'Failed to load blogs',
  featuredFailed: 'Failed to update featured status',
  publishedFailed: 'Failed to update published status',
  deleteFailed: 'Failed to delete blog',
  createFailed: 'Failed to create blog',
  updateFailed: 'Failed to update blog',
  detailFailed: 'Failed to load blog details',
} as const;

export const deleteConfirmText = (title: string) => `Are you sure you want to delete "${title}"? This action cannot be undone.`;

const path = (id: string) => encodeURIComponent(id);

export type AdminBlogsPage = PagedEnvelope<BlogSummary> & { stats: { total: number; published: number; featured: number } };

export const blogsQuery = (page: number) =>
  queryOptions({
    queryKey: ['blogs', 'list', page],
    queryFn: async ({ signal }) => (await api.get<BlogSummary[]>(`/api/blogs?page=${page}&per_page=${PAGE_SIZES.blogList}`, signal)) as PagedEnvelope<BlogSummary>,
    // TanStack Query's keepPreviousData, written out: that helper would bring Query's core into the
    // public chunk (this file is there for the landing page's featured posts).
    placeholderData: <T>(previous: T) => previous,
    staleTime: 60_000,
  });

/** Featured posts; the API allows `data[]` or `data.blogs`, so both are read. */
export const featuredBlogsQuery = (limit: number = BLOG_LIMITS.featuredDefault) =>
  queryOptions({
    queryKey: ['blogs', 'featured', limit],
    queryFn: async ({ signal }) => {
      const data = (await api.get<BlogSummary[] | { blogs: BlogSummary[] }>(`/api/blogs/featured?limit=${limit}`, signal)).data;
      return Array.isArray(data) ? data : (data?.blogs ?? []);
    },
    staleTime: 60_000,
  });

/** One post; null when it does not exist or is not published (the page shows 'Blog post not found'). */
export const blogPostQuery = (slug: string) =>
  queryOptions({
    queryKey: ['blogs', 'post', slug],
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<{ blog: Blog }>(`/api/blogs/${path(slug)}`, signal)).data.blog;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    // A view is counted per fetch: do not refetch on every focus.
    staleTime: 5 * 60_000,
    retry: 1,
  });

export const ADMIN_BLOGS_KEY = ['admin', 'blogs'] as const;

export const adminBlogsQuery = () =>
  queryOptions({
    queryKey: ADMIN_BLOGS_KEY,
    queryFn: async ({ signal }) => (await api.get<BlogSummary[]>(`/api/admin/blogs?page=1&per_page=${PAGE_SIZES.adminBlogList}`, signal)) as AdminBlogsPage,
  });

export const adminBlogQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'blog', id],
    queryFn: async ({ signal }) => (await api.get<{ blog: Blog }>(`/api/admin/blogs/${path(id)}`, signal)).data.blog,
    staleTime: 0,
  });

export const blogCommands = {
  create: (body: AdminBlogBody) => api.post<{ blog: Blog }>('/api/admin/blogs', body),
  update: (id: string, body: Partial<AdminBlogBody>) => api.put<{ blog: Blog }>(`/api/admin/blogs/${path(id)}`, body),
  remove: (id: string) => api.request<{ id: string }>(`/api/admin/blogs/${path(id)}`, { method: 'DELETE' }),
  setPublished: (id: string, published: boolean) => api.put<{ blog: Blog }>(`/api/admin/blogs/${path(id)}/published?published=${published}`),
  setFeatured: (id: string, featured: boolean) => api.put<{ blog: Blog }>(`/api/admin/blogs/${path(id)}/featured?featured=${featured}`),
  bulk: (action: 'publish' | 'unpublish' | 'delete', blogIds: string[]): Promise<ApiEnvelope<BulkBlogsResult>> =>
    api.post<BulkBlogsResult>(`/api/admin/blogs/bulk/${action}`, { blog_ids: blogIds }),
};

/** the list's search is on the title and preview of the loaded page. */
export function searchBlogs<T extends Pick<BlogSummary, 'title' | 'preview'>>(blogs: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...blogs];
  return blogs.filter((blog) => blog.title.toLowerCase().includes(needle) || blog.preview.toLowerCase().includes(needle));
}

/** Up to 3 related posts from the featured list, never the one being read. */
export function relatedPosts<T extends Pick<BlogSummary, 'id' | 'slug'>>(featured: readonly T[], current: Pick<BlogSummary, 'id'>): T[] {
  return featured.filter((blog) => blog.id !== current.id).slice(0, BLOG_LIMITS.related);
}

/** The first `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max: number = BLOG_LIMITS.previewChars): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`;
}

/** '3 January 2025' (one cached formatter: `toLocaleDateString` builds a new one for every card). */
export const formatBlogDate = (iso: string | null) => (iso ? longDate.format(new Date(iso)) : 'Draft');
