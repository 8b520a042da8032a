import type { BlogSummary } from '@playquid/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminBlogsTable } from './AdminBlogsTable';
import { BlogFormModal, bodyOf, validateBlogForm } from './BlogFormModal';

afterEach(cleanup);

const blog: BlogSummary = {
  id: 'b-1',
  slug: 'five-games',
  title: 'Five games',
  preview: 'p'.repeat(100),
  meta_description: null,
  featured_image_url: null,
  is_published: false,
  is_featured: true,
  published_at: null,
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  view_count: 1500,
  author: 'ada',
};

describe('Create New Blog Post modal', () => {
  it('refuses a missing title, preview or content, a bad image URL and a long meta description before calling the server', () => {
    const onSubmit = vi.fn();
    render(<BlogFormModal mode="create" busy={false} error={null} onSubmit={onSubmit} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Create New Blog Post' }).textContent).toContain('Publish immediately');
    fireEvent.click(screen.getByTestId('blog-form-submit'));
    expect(screen.getByTestId('blog-form-error').textContent).toBe('Title is required');
    expect(onSubmit).not.toHaveBeenCalled();
    const base = { title: 'T', slug: '', preview: 'P', content: '<p>C</p>', meta_description: '', featured_image_url: '', is_published: false, is_featured: false };
    expect(validateBlogForm({ ...base, featured_image_url: 'javascript:alert(1)' })).toBe('Featured Image URL must be a valid URL');
    expect(validateBlogForm({ ...base, meta_description: 'm'.repeat(161) })).toBe('Meta description must be at most 160 characters');
    expect(validateBlogForm(base)).toBeNull();
    // An empty slug asks the server to make one from the title.
    expect(bodyOf({ ...base, slug: '  ' }).slug).toBeNull();
  });

  it("labels the edit modal's checkboxes 'Published' and 'Featured'", () => {
    render(<BlogFormModal mode="edit" busy={false} error="Failed to update blog" onSubmit={vi.fn()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Blog Post' });
    expect(dialog.textContent).toContain('Published');
    expect(dialog.textContent).toContain('Featured');
    expect(screen.getByTestId('blog-form-error').textContent).toBe('Failed to update blog');
  });
});

describe('Blog Posts table', () => {
  it('shows the 80-character preview, Draft, the path and abbreviated views, and asks to flip a toggle without flipping it', () => {
    const onAction = vi.fn();
    render(<AdminBlogsTable blogs={[blog]} selected={new Set()} busyIds={new Set()} onSelect={vi.fn()} onSelectAll={vi.fn()} onAction={onAction} />);
    const table = screen.getByTestId('admin-blogs-table');
    expect(table.textContent).toContain(`${'p'.repeat(80)}…`);
    expect(table.textContent).toContain('Draft · /blog/five-games');
    expect(table.textContent).toContain('1.5K');
    // No 'view in new tab' for a draft.
    expect(screen.queryAllByLabelText('View Five games in a new tab')).toHaveLength(0);
    const [published] = screen.getAllByRole('switch', { name: 'Published: Five games' });
    fireEvent.click(published);
    expect(onAction).toHaveBeenCalledWith({ kind: 'published', blog, value: true });
    // The switch shows the server's value until the page replaces the row.
    expect(published.getAttribute('aria-checked')).toBe('false');
  });
});
