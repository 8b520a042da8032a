import { abbreviateCount, slugify } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { deleteConfirmText, relatedPosts, searchBlogs, truncate } from './blogs';

describe('blog screen rules', () => {
  it('searches the loaded page by title and preview, case-insensitive', () => {
    const blogs = [
      { id: '1', title: 'Dragon tips', preview: 'Level up' },
      { id: '2', title: 'Payouts', preview: 'Gift cards and DRAGONS' },
      { id: '3', title: 'Safety', preview: 'Passwords' },
    ];
    expect(searchBlogs(blogs, ' dragon ').map((b) => b.id)).toEqual(['1', '2']);
    expect(searchBlogs(blogs, '')).toHaveLength(3);
  });

  it('takes up to 3 related posts from the featured list, never the current one', () => {
    const featured = ['a', 'b', 'c', 'd'].map((id) => ({ id, slug: id }));
    expect(relatedPosts(featured, { id: 'b' }).map((b) => b.id)).toEqual(['a', 'c', 'd']);
    expect(relatedPosts(featured.slice(0, 2), { id: 'a' }).map((b) => b.id)).toEqual(['b']);
  });

  it('cuts previews at 80 characters with an ellipsis', () => {
    expect(truncate('x'.repeat(80))).toBe('x'.repeat(80));
    expect(truncate('y'.repeat(81))).toBe(`${'y'.repeat(80)}…`);
  });

  it('abbreviates view counts with K from 1,000 and M from 1,000,000', () => {
    expect([999, 1000, 1250, 999_999, 1_000_000, 2_450_000].map(abbreviateCount)).toEqual(['999', '1K', '1.3K', '1M', '1M', '2.5M']);
  });

  it('makes slugs from titles and asks before deleting with the exact text', () => {
    expect(slugify('  Café Games: Top 10! ')).toBe('cafe-games-top-10');
    expect(deleteConfirmText('My post')).toBe('Are you sure you want to delete "My post"? This action cannot be undone.');
  });
});
