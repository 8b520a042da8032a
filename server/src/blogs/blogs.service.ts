import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Blog, BLOG_NOT_FOUND, type BlogContent, type BlogStreamEvent, type BlogSummary, type BulkBlogsResult, slugify } from '@playquid/contracts';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth.types';
import { DomainError, pageOffset, paging } from '@playquid/domain';
import type { HandleResult } from '../cqrs/command-handler';
import { type BlogCommandInput, BlogStreams, RunBlogCommand, RunBlogSlugCommand } from './blog.commands';
import type { BlogState } from '@playquid/domain';
import { sanitizeBlogHtml } from './blog-html';
import { blogOfRow, blogOfState, summaryOf } from './blog-view';
import type { AdminBlogsQueryDto, BlogsQueryDto, CreateBlogDto, UpdateBlogDto } from './blogs.dto';
import { BlogsRepository } from './blogs.repository';

export type BulkAction = 'publish' | 'unpublish' | 'delete';

const actorOf = (admin: AuthUser) => admin.email ?? admin.uid;
const notFound = () => new NotFoundException(BLOG_NOT_FOUND);
/** An auto-generated slug that is taken gets -2, -3, … up to this many tries. */
const AUTO_SLUG_TRIES = 20;

function sanitizedContent(html: string): string {
  const clean = sanitizeBlogHtml(html);
  if (!clean) throw new BadRequestException('content has nothing left once unsafe HTML (scripts, styles, frames) is removed');
  return clean;
}

/**
 * Blog posts. Posts are decided on their own streams; a slug is
 * claimed on its own stream before a post takes it and released after the post leaves it, so two
 * posts never share one. Content is sanitised here, on write: every reader gets inert HTML.
 */
@Injectable()
export class BlogsService {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly streams: BlogStreams,
    private readonly blogs: BlogsRepository,
  ) {}

  // ------------------------------------------------------------ public
  async list(query: BlogsQueryDto) {
    const { rows, total } = await this.blogs.page({ published: true, search: query.search }, query.per_page, pageOffset(query.page, query.per_page));
    return { data: rows.map((row) => summaryOf(blogOfRow(row))), ...paging(query.page, query.per_page, total) };
  }

  async featured(limit: number): Promise<BlogSummary[]> {
    return (await this.blogs.featured(limit)).map((row) => summaryOf(blogOfRow(row)));
  }

  /** A published post by its slug; reading it counts one view (no event: see the Blogs migration). */
  async read(slug: string): Promise<Blog> {
    const row = await this.blogs.publishedBySlug(slug);
    if (!row) throw notFound();
    return blogOfRow({ ...row, view_count: await this.blogs.countView(row.id) });
  }

  // ------------------------------------------------------------ admin
  async adminList(query: AdminBlogsQueryDto) {
    const published = query.status === undefined ? undefined : query.status === 'published';
    const [{ rows, total }, stats] = await Promise.all([
      this.blogs.page({ published, search: query.search }, query.per_page, pageOffset(query.page, query.per_page)),
      this.blogs.counts(),
    ]);
    return { data: rows.map((row) => summaryOf(blogOfRow(row))), ...paging(query.page, query.per_page, total), stats };
  }

  async get(id: string): Promise<Blog> {
    return this.blogAfter(await this.live(id));
  }

  async create(admin: AuthUser, dto: CreateBlogDto): Promise<Blog> {
    const blogId = randomUUID();
    const html = sanitizedContent(dto.content);
    const slug = await this.claimSlug(admin, blogId, dto.slug, dto.title);
    const content: BlogContent = {
      slug,
      title: dto.title,
      preview: dto.preview,
      content: html,
      metaDescription: dto.meta_description ?? null,
      featuredImageUrl: dto.featured_image_url ?? null,
    };
    const authorName = await this.blogs.displayName(admin.uid, admin.email);
    const result = await this.run(
      { type: 'CreateBlog', blogId, content, authorName, publish: dto.is_published ?? false, feature: dto.is_featured ?? false, by: admin.uid },
      admin,
    ).catch(async (error: unknown) => {
      await this.releaseSlug(admin, blogId, slug);
      throw error;
    });
    return blogOfState(result.state, 0);
  }

  async update(admin: AuthUser, id: string, dto: UpdateBlogDto): Promise<Blog> {
    const given = Object.values(dto).some((value) => value !== undefined);
    if (!given) throw new BadRequestException('Nothing to update: send at least one field');
    const blog = await this.live(id);
    const current = blog.content!;
    const changes: Partial<BlogContent> = {};
    if (dto.title !== undefined) changes.title = dto.title;
    if (dto.preview !== undefined) changes.preview = dto.preview;
    if (dto.content !== undefined) changes.content = sanitizedContent(dto.content);
    if (dto.meta_description !== undefined) changes.metaDescription = dto.meta_description;
    if (dto.featured_image_url !== undefined) changes.featuredImageUrl = dto.featured_image_url;
    // An emptied slug box makes a new slug from the (possibly new) title; the same slug stays as is.
    if (dto.slug !== undefined) {
      const wanted = dto.slug === null ? null : slugOf(dto.slug);
      if (wanted !== current.slug) changes.slug = await this.claimSlug(admin, id, wanted, changes.title ?? current.title);
    }
    const command: BlogCommandInput = { type: 'UpdateBlog', blogId: id, changes, published: dto.is_published, featured: dto.is_featured, by: admin.uid };
    const result = await this.run(command, admin).catch(async (error: unknown) => {
      if (changes.slug) await this.releaseSlug(admin, id, changes.slug);
      throw error;
    });
    if (changes.slug) await this.releaseSlug(admin, id, current.slug);
    return this.blogAfter(result.state);
  }

  async setPublished(admin: AuthUser, id: string, published: boolean): Promise<Blog> {
    return this.blogAfter((await this.run({ type: 'SetBlogPublished', blogId: id, published, by: admin.uid }, admin)).state);
  }

  async setFeatured(admin: AuthUser, id: string, featured: boolean): Promise<Blog> {
    return this.blogAfter((await this.run({ type: 'SetBlogFeatured', blogId: id, featured, by: admin.uid }, admin)).state);
  }

  async remove(admin: AuthUser, id: string): Promise<{ id: string }> {
    const { state } = await this.run({ type: 'DeleteBlog', blogId: id, by: admin.uid }, admin);
    await this.releaseSlug(admin, id, state.content!.slug);
    return { id };
  }

  /**
   * Every id is checked before anything is written, so an unknown id is a 404 with nothing changed.
   * Posts already in the asked state are reported as skipped.
   */
  async bulk(admin: AuthUser, action: BulkAction, blogIds: string[]): Promise<BulkBlogsResult> {
    const ids = [...new Set(blogIds)];
    const states = await Promise.all(ids.map((id) => this.streams.blog(id)));
    const missing = ids.filter((_, i) => !isLive(states[i]));
    if (missing.length > 0) throw new NotFoundException(`${BLOG_NOT_FOUND}: ${missing.join(', ')}`);
    const result: BulkBlogsResult = { updated: [], skipped: [] };
    for (const id of ids) {
      let changed = true;
      if (action === 'delete') await this.remove(admin, id);
      else changed = (await this.run({ type: 'SetBlogPublished', blogId: id, published: action === 'publish', by: admin.uid }, admin)).events.length > 0;
      (changed ? result.updated : result.skipped).push(id);
    }
    return result;
  }

  // ------------------------------------------------------------ helpers
  private run(input: BlogCommandInput, admin: AuthUser): Promise<HandleResult<BlogState, BlogStreamEvent>> {
    return this.commandBus.execute(new RunBlogCommand(input, actorOf(admin)));
  }

  private async live(id: string): Promise<BlogState> {
    const state = await this.streams.blog(id);
    if (!isLive(state)) throw notFound();
    return state;
  }

  private async blogAfter(state: BlogState): Promise<Blog> {
    return blogOfState(state, await this.blogs.views(state.blogId!));
  }

  /**
   * Claims a slug for the post: the one the admin typed (taken is a 409), else one made from the
   * title, where a taken one gets the next free -2, -3, … suffix.
   */
  private async claimSlug(admin: AuthUser, blogId: string, typed: string | null | undefined, title: string): Promise<string> {
    if (typed) {
      const slug = slugOf(typed);
      await this.claim(admin, blogId, slug);
      return slug;
    }
    const base = slugify(title) || `post-${blogId.slice(0, 8)}`;
    for (let n = 1; n <= AUTO_SLUG_TRIES; n++) {
      const slug = n === 1 ? base : `${base.slice(0, 110)}-${n}`;
      try {
        await this.claim(admin, blogId, slug);
        return slug;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'conflict')) throw error;
      }
    }
    return this.claimSlug(admin, blogId, `${base.slice(0, 100)}-${blogId.slice(0, 8)}`, title);
  }

  private async claim(admin: AuthUser, blogId: string, slug: string): Promise<void> {
    const holder = await this.streams.slugHolder(slug);
    const holderUsesSlug = holder !== null && holder !== blogId && usesSlug(await this.streams.blog(holder), slug);
    await this.commandBus.execute(new RunBlogSlugCommand({ type: 'ClaimBlogSlug', slug, blogId, holderUsesSlug }, actorOf(admin)));
  }

  private async releaseSlug(admin: AuthUser, blogId: string, slug: string): Promise<void> {
    await this.commandBus.execute(new RunBlogSlugCommand({ type: 'ReleaseBlogSlug', slug, blogId }, actorOf(admin)));
  }
}

const isLive = (state: BlogState) => state.exists && !state.deleted;
const usesSlug = (state: BlogState, slug: string) => isLive(state) && state.content?.slug === slug;

/** A typed slug, normalised the way the title would be; nothing usable left is a 400. */
function slugOf(typed: string): string {
  const slug = slugify(typed);
  if (!slug) throw new BadRequestException('slug must contain letters or digits');
  return slug;
}
