import type { EmulatorUser } from '@playquid/scripts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { bearer, makeAdmin } from '../support/money';
import { eventually, type Stack, startStack } from '../support/stack';

let stack: Stack;
let member: EmulatorUser;
let admin: EmulatorUser;
beforeAll(async () => {
  stack = await startStack();
  [member, admin] = await Promise.all([registeredMember(stack), registeredMember(stack, { label: 'admin' })]);
  await makeAdmin(stack, admin);
});
afterAll(() => stack?.close());

const as = (user: EmulatorUser) => ({
  get: (path: string) => stack.http.get(path).set('authorization', bearer(user)),
  post: (path: string, body: object = {}) => stack.http.post(path).set('authorization', bearer(user)).send(body),
  put: (path: string, body?: object) => (body ? stack.http.put(path).set('authorization', bearer(user)).send(body) : stack.http.put(path).set('authorization', bearer(user))),
  delete: (path: string) => stack.http.delete(path).set('authorization', bearer(user)),
});
/** Every event in the log: "nothing written" means this does not move. */
const eventCount = async () => Number((await sql<{ n: string }>`select count(*) as n from events`.execute(stack.db)).rows[0].n);
const post = (overrides: object = {}) => ({ title: 'Best Games to Earn', preview: 'Our picks for this month.', content: '<p>Play <strong>these</strong>.</p>', ...overrides });
/** Creates a post and waits until the read table has it. */
async function created(overrides: object = {}) {
  const response = await as(admin).post('/api/admin/blogs', post(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const blog = response.body.data.blog;
  await projected(blog.id, (row) => row.updated_at.toISOString() === blog.updated_at && row.is_published === blog.is_published && row.is_featured === blog.is_featured);
  return blog;
}
const projected = (id: string, ready: (row: { updated_at: Date; is_published: boolean; is_featured: boolean; slug: string }) => boolean = () => true) =>
  eventually(async () => {
    const row = await stack.db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
    return row && ready(row) ? row : undefined;
  });
const gone = (id: string) => eventually(async () => ((await stack.db.selectFrom('blogs').select('id').where('id', '=', id).executeTakeFirst()) ? undefined : true));

const SUMMARY_KEYS = ['author', 'created_at', 'featured_image_url', 'id', 'is_featured', 'is_published', 'meta_description', 'preview', 'published_at', 'slug', 'title', 'updated_at', 'view_count'];

describe('admin blogs: access', () => {
  it('refuses visitors (401) and members (403) on every admin blog call, writing nothing', async () => {
    const blog = await created({ title: 'Access check' });
    const before = await eventCount();
    const calls = [
      ['get', '/api/admin/blogs'],
      ['post', '/api/admin/blogs'],
      ['get', `/api/admin/blogs/${blog.id}`],
      ['put', `/api/admin/blogs/${blog.id}`],
      ['delete', `/api/admin/blogs/${blog.id}`],
      ['put', `/api/admin/blogs/${blog.id}/published?published=true`],
      ['put', `/api/admin/blogs/${blog.id}/featured?featured=true`],
      ['post', '/api/admin/blogs/bulk/publish'],
      ['post', '/api/admin/blogs/bulk/unpublish'],
      ['post', '/api/admin/blogs/bulk/delete'],
    ] as const;
    for (const [method, path] of calls) {
      expect((await stack.http[method](path).send({ ...post(), blog_ids: [blog.id] })).status, path).toBe(401);
      expect((await stack.http[method](path).set('authorization', bearer(member)).send({ ...post(), blog_ids: [blog.id] })).status, path).toBe(403);
    }
    expect(await eventCount()).toBe(before);
  });
});

describe('admin blogs: create, read, edit, toggle, delete', () => {
  it('creates a draft authored by the admin, with a slug made from the title', async () => {
    const response = await as(admin).post('/api/admin/blogs', post({ title: 'Café Games: Top 10!' })).expect(201);
    expect(response.body).toMatchObject({ success: true, message: 'Blog created successfully' });
    const blog = response.body.data.blog;
    expect(Object.keys(blog).sort()).toEqual([...SUMMARY_KEYS, 'content'].sort());
    expect(blog).toMatchObject({
      slug: 'cafe-games-top-10',
      title: 'Café Games: Top 10!',
      is_published: false,
      is_featured: false,
      published_at: null,
      view_count: 0,
      meta_description: null,
      featured_image_url: null,
    });
    expect(blog.author).toMatch(/^admin-/);
    const detail = (await as(admin).get(`/api/admin/blogs/${blog.id}`).expect(200)).body.data.blog;
    expect(detail).toEqual(blog);
  });

  it("publishes and features at creation ('Publish immediately', 'Feature in dropdown')", async () => {
    const blog = await created({ title: 'Published at once', is_published: true, is_featured: true, meta_description: 'Short.', featured_image_url: 'https://images.example/a.jpg' });
    expect(blog).toMatchObject({ is_published: true, is_featured: true, meta_description: 'Short.', featured_image_url: 'https://images.example/a.jpg' });
    expect(blog.published_at).toEqual(expect.any(String));
  });

  it('gives an auto slug the next free suffix, and refuses a typed slug another post holds (409, nothing written)', async () => {
    const first = await created({ title: 'Same Title' });
    const second = await created({ title: 'Same Title' });
    expect([first.slug, second.slug]).toEqual(['same-title', 'same-title-2']);
    const before = await eventCount();
    const taken = await as(admin).post('/api/admin/blogs', post({ slug: 'Same Title' })).expect(409);
    expect(taken.body.message).toBe('A blog post with this slug already exists');
    expect((await as(admin).put(`/api/admin/blogs/${second.id}`, { slug: 'same-title' }).expect(409)).body.message).toBe('A blog post with this slug already exists');
    expect(await eventCount()).toBe(before);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const blog = await created({ title: 'Validation target' });
    const before = await eventCount();
    const cases: Array<[object, string]> = [
      [{ ...post(), title: '' }, 'title is required'],
      [{ ...post(), title: undefined }, 'title is required'],
      [{ ...post(), preview: '   ' }, 'preview is required'],
      [{ ...post(), content: undefined }, 'content is required'],
      [{ ...post(), featured_image_url: 'not a url' }, 'featured_image_url must be a valid URL (http or https)'],
      [{ ...post(), featured_image_url: 'javascript:alert(1)' }, 'featured_image_url must be a valid URL (http or https)'],
      [{ ...post(), meta_description: 'x'.repeat(161) }, 'meta_description must be at most 160 characters'],
      [{ ...post(), slug: '!!!' }, 'slug must contain letters or digits'],
      [{ ...post(), content: '<script>alert(1)</script>' }, 'content has nothing left once unsafe HTML (scripts, styles, frames) is removed'],
      [{ ...post(), is_published: 'yes' }, 'is_published must be true or false'],
      [{ ...post(), author: 'someone' }, 'property author should not exist'],
    ];
    for (const [body, message] of cases) {
      const response = await as(admin).post('/api/admin/blogs', body);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await as(admin).put(`/api/admin/blogs/${blog.id}`, {}).expect(400)).body.message).toBe('Nothing to update: send at least one field');
    expect((await as(admin).put(`/api/admin/blogs/${blog.id}`, { title: null }).expect(400)).body.message).toBe('title is required');
    expect((await as(admin).put(`/api/admin/blogs/${blog.id}`, { meta_description: 'y'.repeat(161) }).expect(400)).body.message).toBe('meta_description must be at most 160 characters');
    expect((await as(admin).put(`/api/admin/blogs/${blog.id}/published?published=maybe`).expect(400)).body.message).toBe('published must be true or false');
    expect((await as(admin).put(`/api/admin/blogs/${blog.id}/featured`).expect(400)).body.message).toBe('featured must be true or false');
    expect((await as(admin).post('/api/admin/blogs/bulk/publish', { blog_ids: [] }).expect(400)).body.message).toBe('blog_ids must name at least one blog post');
    expect((await as(admin).post('/api/admin/blogs/bulk/delete', { blog_ids: 'x' }).expect(400)).body.message).toMatch(/blog_ids must be a list of blog ids/);
    expect(await eventCount()).toBe(before);
  });

  it('answers 404 Blog post not found for an unknown id on every call, writing nothing', async () => {
    const before = await eventCount();
    for (const response of [
      await as(admin).get('/api/admin/blogs/nope'),
      await as(admin).put('/api/admin/blogs/nope', { title: 'x' }),
      await as(admin).delete('/api/admin/blogs/nope'),
      await as(admin).put('/api/admin/blogs/nope/published?published=true'),
      await as(admin).put('/api/admin/blogs/nope/featured?featured=true'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, message: 'Blog post not found' });
    }
    expect(await eventCount()).toBe(before);
  });

  it('edits only what changed, moves the slug and frees the old one', async () => {
    const blog = await created({ title: 'Old title' });
    const edited = (await as(admin).put(`/api/admin/blogs/${blog.id}`, { title: 'New title', slug: '', content: '<h2>Hi</h2><p onclick="x()">there</p>' }).expect(200)).body;
    expect(edited.message).toBe('Blog updated successfully');
    expect(edited.data.blog).toMatchObject({ title: 'New title', slug: 'new-title', content: '<h2>Hi</h2><p>there</p>', preview: blog.preview });
    const types = (await stack.store.readStream(`blog-${blog.id}`)).map((e) => e.type);
    expect(types).toEqual(['BlogCreated', 'BlogUpdated']);
    // The old slug is free again.
    expect((await created({ title: 'Old title' })).slug).toBe('old-title');
    await projected(blog.id, (row) => row.slug === 'new-title');
  });

  it('toggles published and featured independently; a repeat writes nothing', async () => {
    const blog = await created({ title: 'Toggle me' });
    const published = (await as(admin).put(`/api/admin/blogs/${blog.id}/published?published=true`).expect(200)).body;
    expect(published).toMatchObject({ message: 'Blog published successfully', data: { blog: { is_published: true, is_featured: false } } });
    const featured = (await as(admin).put(`/api/admin/blogs/${blog.id}/featured?featured=true`).expect(200)).body;
    expect(featured).toMatchObject({ message: 'Blog featured successfully', data: { blog: { is_published: true, is_featured: true } } });
    const before = await eventCount();
    await as(admin).put(`/api/admin/blogs/${blog.id}/featured?featured=true`).expect(200);
    expect(await eventCount()).toBe(before);
    expect((await as(admin).put(`/api/admin/blogs/${blog.id}/featured?featured=false`).expect(200)).body.message).toBe('Blog unfeatured successfully');
    expect((await as(admin).put(`/api/admin/blogs/${blog.id}/published?published=false`).expect(200)).body).toMatchObject({
      message: 'Blog unpublished successfully',
      data: { blog: { is_published: false, published_at: null } },
    });
  });

  it('deletes a post: gone from admin and public calls, its slug free', async () => {
    const blog = await created({ title: 'Delete me', is_published: true });
    expect((await as(admin).delete(`/api/admin/blogs/${blog.id}`).expect(200)).body).toMatchObject({ message: 'Blog deleted successfully', data: { id: blog.id } });
    await gone(blog.id);
    await as(admin).get(`/api/admin/blogs/${blog.id}`).expect(404);
    await stack.http.get(`/api/blogs/${blog.slug}`).expect(404);
    expect((await created({ title: 'Delete me' })).slug).toBe('delete-me');
  });
});

describe('admin blogs: list and bulk actions', () => {
  it('lists every post with drafts, per_page 100 by default, with the stat counts and filters', async () => {
    const body = (await as(admin).get('/api/admin/blogs').expect(200)).body;
    expect(body).toMatchObject({ success: true, message: 'Blogs loaded', page: 1, per_page: 100, total_pages: 1 });
    const counts = await stack.db.selectFrom('blogs').select((eb) => [eb.fn.countAll<string>().as('n')]).executeTakeFirstOrThrow();
    expect(body.total).toBe(Number(counts.n));
    expect(body.stats).toEqual({ total: body.total, published: body.data.filter((b: { is_published: boolean }) => b.is_published).length, featured: body.data.filter((b: { is_featured: boolean }) => b.is_featured).length });
    expect(Object.keys(body.data[0]).sort()).toEqual(SUMMARY_KEYS);
    const drafts = (await as(admin).get('/api/admin/blogs?status=draft').expect(200)).body.data;
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((b: { is_published: boolean }) => !b.is_published)).toBe(true);
    expect((await as(admin).get('/api/admin/blogs?per_page=101').expect(400)).body.message).toBe('per_page must be a whole number between 1 and 100');
    expect((await as(admin).get('/api/admin/blogs?status=secret').expect(400)).body.message).toBe('status must be published or draft');
  });

  it('publishes, unpublishes and deletes in bulk; an unknown id refuses the whole batch', async () => {
    const a = await created({ title: 'Bulk A' });
    const b = await created({ title: 'Bulk B', is_published: true });
    const before = await eventCount();
    const refused = await as(admin).post('/api/admin/blogs/bulk/publish', { blog_ids: [a.id, 'missing-id'] }).expect(404);
    expect(refused.body.message).toBe('Blog post not found: missing-id');
    expect(await eventCount()).toBe(before);
    const published = (await as(admin).post('/api/admin/blogs/bulk/publish', { blog_ids: [a.id, b.id, a.id] }).expect(200)).body;
    expect(published).toMatchObject({ success: true, message: '1 blog posts published', data: { updated: [a.id], skipped: [b.id] } });
    const unpublished = (await as(admin).post('/api/admin/blogs/bulk/unpublish', { blog_ids: [a.id, b.id] }).expect(200)).body;
    expect(unpublished.data).toEqual({ updated: [a.id, b.id], skipped: [] });
    const deleted = (await as(admin).post('/api/admin/blogs/bulk/delete', { blog_ids: [a.id, b.id] }).expect(200)).body;
    expect(deleted).toMatchObject({ message: '2 blog posts deleted', data: { updated: [a.id, b.id] } });
    await gone(a.id);
    await gone(b.id);
  });
});

describe('public blog', () => {
  let published: { id: string; slug: string };
  let draft: { id: string; slug: string };
  beforeAll(async () => {
    published = await created({ title: 'Public Searchable Post', preview: 'Unique zebra preview', is_published: true, is_featured: true });
    draft = await created({ title: 'Hidden Draft Post', is_featured: true });
  });

  it('lists only published posts, 10 a page by default, newest first, without bodies', async () => {
    const body = (await stack.http.get('/api/blogs').expect(200)).body;
    expect(body).toMatchObject({ success: true, message: 'Blog posts loaded', page: 1, per_page: 10 });
    expect(Object.keys(body).sort()).toEqual(['data', 'message', 'page', 'per_page', 'success', 'total', 'total_pages']);
    expect(body.data.every((b: { is_published: boolean }) => b.is_published)).toBe(true);
    expect(body.data.map((b: { id: string }) => b.id)).not.toContain(draft.id);
    expect(Object.keys(body.data[0]).sort()).toEqual(SUMMARY_KEYS);
    const dates = body.data.map((b: { published_at: string }) => b.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const paged = (await stack.http.get('/api/blogs?per_page=1&page=2').expect(200)).body;
    expect(paged).toMatchObject({ page: 2, per_page: 1, total: body.total, total_pages: body.total });
    expect(paged.data).toHaveLength(1);
  });

  it('searches title and preview, case-insensitive, and says when nothing matched', async () => {
    expect((await stack.http.get('/api/blogs?search=ZEBRA').expect(200)).body.data.map((b: { id: string }) => b.id)).toEqual([published.id]);
    expect((await stack.http.get('/api/blogs?search=searchable').expect(200)).body.data.map((b: { id: string }) => b.id)).toEqual([published.id]);
    expect((await stack.http.get('/api/blogs?search=hidden draft').expect(200)).body).toMatchObject({ data: [], total: 0, total_pages: 1, message: 'No blog posts found' });
    expect((await stack.http.get('/api/blogs?search=100%25').expect(200)).body.data).toEqual([]);
    expect((await stack.http.get('/api/blogs?page=0').expect(400)).body.message).toBe('page must be a whole number between 1 and 100000');
  });

  it('lists featured published posts, 5 by default, limit up to 20', async () => {
    const featured = (await stack.http.get('/api/blogs/featured').expect(200)).body;
    expect(featured).toMatchObject({ success: true, message: 'Featured blog posts loaded' });
    const ids = featured.data.map((b: { id: string }) => b.id);
    expect(ids).toContain(published.id);
    expect(ids).not.toContain(draft.id);
    expect(featured.data.length).toBeLessThanOrEqual(5);
    expect(featured.data.every((b: { is_featured: boolean; is_published: boolean }) => b.is_featured && b.is_published)).toBe(true);
    expect((await stack.http.get('/api/blogs/featured?limit=1').expect(200)).body.data).toHaveLength(1);
    expect((await stack.http.get('/api/blogs/featured?limit=0').expect(400)).body.message).toBe('limit must be a whole number between 1 and 20');
    expect((await stack.http.get('/api/blogs/featured?limit=abc').expect(400)).body.message).toBe('limit must be a whole number between 1 and 20');
  });

  it('reads a published post by slug, counting each view without an event', async () => {
    const before = await eventCount();
    const first = (await stack.http.get(`/api/blogs/${published.slug}`).expect(200)).body;
    expect(first).toMatchObject({ success: true, message: 'Blog post loaded', data: { blog: { id: published.id, view_count: 1, content: '<p>Play <strong>these</strong>.</p>' } } });
    const second = (await stack.http.get(`/api/blogs/${published.slug}`).expect(200)).body;
    expect(second.data.blog.view_count).toBe(2);
    expect(await eventCount()).toBe(before);
    expect((await as(admin).get(`/api/admin/blogs/${published.id}`).expect(200)).body.data.blog.view_count).toBe(2);
  });

  it("answers 404 'Blog post not found' for drafts and unknown slugs", async () => {
    for (const slug of [draft.slug, 'no-such-post']) {
      const response = await stack.http.get(`/api/blogs/${slug}`).expect(404);
      expect(response.body).toMatchObject({ success: false, message: 'Blog post not found', detail: 'Blog post not found' });
    }
  });
});

describe('blog content: hostile HTML is stored inert', () => {
  const CORPUS = [
    '<h2>Safe heading</h2><p>Safe <a href="https://example.com/ok">link</a>.</p>',
    '<script>window.__xss=1</script>',
    '<img src=x onerror="window.__xss=1"><img src="https://ok.example/a.png" onload="window.__xss=1">',
    '<p onclick="window.__xss=1" style="background:url(javascript:window.__xss=1)">p</p>',
    '<a href="javascript:window.__xss=1">js</a><a href="JaVaScRiPt:alert(1)">js2</a><a href="data:text/html,<script>alert(1)</script>">data</a>',
    '<svg onload="window.__xss=1"><script>window.__xss=1</script></svg>',
    '<style>body{display:none}</style><iframe src="javascript:alert(1)"></iframe><object data="x"></object>',
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  ].join('\n');
  const inert = (html: string) => {
    expect(html).not.toMatch(/<\s*(script|style|iframe|svg|math|object|embed)\b/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=|\sstyle\s*=|javascript:|data:/i);
    expect(html).not.toContain('window.__xss');
  };

  it('sanitises on write: the event, the read table and every response carry only the safe subset', async () => {
    const created = (await as(admin).post('/api/admin/blogs', post({ title: 'XSS corpus', content: CORPUS, is_published: true })).expect(201)).body.data.blog;
    inert(created.content);
    expect(created.content).toContain('<h2>Safe heading</h2>');
    expect(created.content).toContain('<a href="https://example.com/ok" rel="nofollow">link</a>');
    const [event] = await stack.store.readStream(`blog-${created.id}`);
    inert((event.data as { content: { content: string } }).content.content);
    const row = await projected(created.id, (r) => r.is_published);
    inert((row as unknown as { content: string }).content);
    inert((await stack.http.get(`/api/blogs/${created.slug}`).expect(200)).body.data.blog.content);

    const edited = (await as(admin).put(`/api/admin/blogs/${created.id}`, { content: `<p>Edited</p>${CORPUS}` }).expect(200)).body.data.blog;
    inert(edited.content);
    expect(edited.content.startsWith('<p>Edited</p>')).toBe(true);
  });
});
