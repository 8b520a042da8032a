import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminRoute, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { AdminBlogsQueryDto, BlogFeaturedQueryDto, BulkBlogsDto, CreateBlogDto, PublishedQueryDto, UpdateBlogDto } from './blogs.dto';
import { BlogsService } from './blogs.service';

/** Blog Posts admin: 401 for visitors, 403 for members. */
@ApiTags('admin')
@Controller('admin/blogs')
export class AdminBlogsController {
  constructor(private readonly blogs: BlogsService) {}

  @Get()
  @AdminRoute()
  @ApiOperation({ summary: 'Every post, drafts included (per_page 100), with the Total/Published/Featured counts' })
  async list(@Query() query: AdminBlogsQueryDto) {
    return { success: true, message: 'Blogs loaded', ...(await this.blogs.adminList(query)) };
  }

  @Post()
  @AdminRoute()
  @ApiConflictResponse({ description: 'A blog post with this slug already exists' })
  async create(@CurrentUser() admin: AuthUser, @Body() dto: CreateBlogDto) {
    return ok({ blog: await this.blogs.create(admin, dto) }, 'Blog created successfully');
  }

  @Post('bulk/publish')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiNotFoundResponse({ description: 'An id names no post; nothing was changed' })
  async bulkPublish(@CurrentUser() admin: AuthUser, @Body() dto: BulkBlogsDto) {
    const result = await this.blogs.bulk(admin, 'publish', dto.blog_ids);
    return ok(result, `${result.updated.length} blog posts published`);
  }

  @Post('bulk/unpublish')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiNotFoundResponse({ description: 'An id names no post; nothing was changed' })
  async bulkUnpublish(@CurrentUser() admin: AuthUser, @Body() dto: BulkBlogsDto) {
    const result = await this.blogs.bulk(admin, 'unpublish', dto.blog_ids);
    return ok(result, `${result.updated.length} blog posts unpublished`);
  }

  @Post('bulk/delete')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiNotFoundResponse({ description: 'An id names no post; nothing was changed' })
  async bulkDelete(@CurrentUser() admin: AuthUser, @Body() dto: BulkBlogsDto) {
    const result = await this.blogs.bulk(admin, 'delete', dto.blog_ids);
    return ok(result, `${result.updated.length} blog posts deleted`);
  }

  @Get(':id')
  @AdminRoute()
  @ApiNotFoundResponse({ description: 'Blog post not found' })
  async get(@Param('id') id: string) {
    return ok({ blog: await this.blogs.get(id) }, 'Blog loaded');
  }

  @Put(':id')
  @AdminRoute()
  @ApiConflictResponse({ description: 'A blog post with this slug already exists' })
  async update(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: UpdateBlogDto) {
    return ok({ blog: await this.blogs.update(admin, id, dto) }, 'Blog updated successfully');
  }

  @Delete(':id')
  @AdminRoute()
  async remove(@CurrentUser() admin: AuthUser, @Param('id') id: string) {
    return ok(await this.blogs.remove(admin, id), 'Blog deleted successfully');
  }

  @Put(':id/published')
  @AdminRoute()
  async published(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Query() query: PublishedQueryDto) {
    const blog = await this.blogs.setPublished(admin, id, query.published);
    return ok({ blog }, blog.is_published ? 'Blog published successfully' : 'Blog unpublished successfully');
  }

  @Put(':id/featured')
  @AdminRoute()
  async featured(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Query() query: BlogFeaturedQueryDto) {
    const blog = await this.blogs.setFeatured(admin, id, query.featured);
    return ok({ blog }, blog.is_featured ? 'Blog featured successfully' : 'Blog unfeatured successfully');
  }
}
