import { type AdminBlogBody, type Blog, META_DESCRIPTION_MAX_LENGTH } from '@playquid/contracts';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Notice } from '../../../../../components/Feedback';
import { Button } from '../../../../../ui/Button';
import { Modal } from '../../../../../ui/Modal';
import { inputClass, labelClass } from '../../../../../ui/styles';

export interface BlogFormValues {
  title: string;
  slug: string;
  preview: string;
  meta_description: string;
  featured_image_url: string;
  content: string;
  is_published: boolean;
  is_featured: boolean;
}

const EMPTY: BlogFormValues = {
  title: '',
  slug: '',
  preview: '',
  meta_description: '',
  featured_image_url: '',
  content: '',
  is_published: false,
  is_featured: false,
};

export const formValuesOf = (blog: Blog): BlogFormValues => ({
  title: blog.title,
  slug: blog.slug,
  preview: blog.preview,
  meta_description: blog.meta_description ?? '',
  featured_image_url: blog.featured_image_url ?? '',
  content: blog.content,
  is_published: blog.is_published,
  is_featured: blog.is_featured,
});

/** title, preview, content required; image a URL; meta description at most 160. */
export function validateBlogForm(values: BlogFormValues): string | null {
  if (!values.title.trim()) return 'Title is required';
  if (!values.preview.trim()) return 'Preview is required';
  if (!values.content.trim()) return 'Content is required';
  if (values.meta_description.length > META_DESCRIPTION_MAX_LENGTH)
    return `Meta description must be at most ${META_DESCRIPTION_MAX_LENGTH} characters`;
  if (values.featured_image_url.trim()) {
    try {
      const url = new URL(values.featured_image_url.trim());
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Featured Image URL must be a valid URL';
    } catch {
      return 'Featured Image URL must be a valid URL';
    }
  }
  return null;
}

export const bodyOf = (values: BlogFormValues): AdminBlogBody => ({
  title: values.title.trim(),
  slug: values.slug.trim() || null,
  preview: values.preview.trim(),
  content: values.content,
  meta_description: values.meta_description.trim() || null,
  featured_image_url: values.featured_image_url.trim() || null,
  is_published: values.is_published,
  is_featured: values.is_featured,
});

/**
 * 'Create New Blog Post' and 'Edit Blog Post'. The checkboxes read 'Publish immediately' /
 * 'Feature in dropdown' when creating and 'Published' / 'Featured' when editing.
 */
export function BlogFormModal({
  mode,
  initial,
  loading = false,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  mode: 'create' | 'edit';
  initial?: BlogFormValues;
  /** The edit modal waits for the post's details. */
  loading?: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (values: BlogFormValues) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState<BlogFormValues>(initial ?? EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (initial) setValues(initial);
  }, [initial]);
  const set = <K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateBlogForm(values);
    setProblem(invalid);
    if (!invalid) onSubmit(values);
  };
  const field = (
    key: 'title' | 'slug' | 'preview' | 'meta_description' | 'featured_image_url',
    label: string,
    extra: { required?: boolean; placeholder?: string; type?: string; maxLength?: number } = {},
  ) => (
    <label className={labelClass}>
      <span>
        {label}
        {extra.required && <span className="text-flare-400"> *</span>}
      </span>
      <input
        type={extra.type ?? 'text'}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
        placeholder={extra.placeholder}
        maxLength={extra.maxLength}
        className={inputClass}
        data-testid={`blog-form-${key}`}
      />
    </label>
  );

  return (
    <Modal
      title={mode === 'create' ? 'Create New Blog Post' : 'Edit Blog Post'}
      onClose={onClose}
      busy={busy}
      size="lg"
      testId="blog-form-modal"
    >
      {loading ? (
        <p className="mt-8 flex items-center gap-2 text-slate-400" role="status">
          <LoaderCircle className="animate-spin" size={18} aria-hidden /> Loading blog details...
        </p>
      ) : (
        <form onSubmit={submit} className="mt-6 grid gap-4" noValidate>
          {field('title', 'Title', { required: true, placeholder: 'Top 5 Games That Pay Real Money' })}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('slug', 'Slug', { placeholder: 'Auto-generated from the title' })}
            {field('featured_image_url', 'Featured Image URL', { type: 'url', placeholder: 'https://…' })}
          </div>
          <label className={labelClass}>
            <span>
              Preview<span className="text-flare-400"> *</span>
            </span>
            <textarea
              value={values.preview}
              onChange={(event) => set('preview', event.target.value)}
              rows={2}
              className={inputClass}
              data-testid="blog-form-preview"
            />
          </label>
          <label className={labelClass}>
            <span className="flex justify-between gap-2">
              Meta Description
              <span className={values.meta_description.length > META_DESCRIPTION_MAX_LENGTH ? 'text-red-300' : 'text-slate-500'}>
                {values.meta_description.length}/{META_DESCRIPTION_MAX_LENGTH}
              </span>
            </span>
            <input
              value={values.meta_description}
              onChange={(event) => set('meta_description', event.target.value)}
              className={inputClass}
              data-testid="blog-form-meta_description"
            />
          </label>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex items-center gap-2 text-sm text-slate-200">
              <input
                type="checkbox"
                checked={values.is_published}
                onChange={(event) => set('is_published', event.target.checked)}
                className="h-4 w-4 accent-quid-300"
                data-testid="blog-form-published"
              />
              {mode === 'create' ? 'Publish immediately' : 'Published'}
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-200">
              <input
                type="checkbox"
                checked={values.is_featured}
                onChange={(event) => set('is_featured', event.target.checked)}
                className="h-4 w-4 accent-quid-300"
                data-testid="blog-form-featured"
              />
              {mode === 'create' ? 'Feature in dropdown' : 'Featured'}
            </label>
          </div>
          <label className={labelClass}>
            <span>
              Content<span className="text-flare-400"> *</span> <span className="font-normal text-slate-500">(HTML supported)</span>
            </span>
            <textarea
              value={values.content}
              onChange={(event) => set('content', event.target.value)}
              rows={12}
              className={`${inputClass} font-mono text-sm`}
              data-testid="blog-form-content"
            />
          </label>
          {(problem || error) && (
            <Notice kind="error" testId="blog-form-error">
              {problem ?? error}
            </Notice>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Button onClick={onClose} variant="secondary" disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} data-testid="blog-form-submit">
              {busy && <LoaderCircle className="animate-spin" size={16} aria-hidden />}
              {mode === 'create' ? 'Create Post' : 'Save Changes'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
