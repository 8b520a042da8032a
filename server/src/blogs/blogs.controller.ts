import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/envelope';
import { BlogsQueryDto, FeaturedBlogsQueryDto } from './blogs.dto';
import { BlogsService } from './blogs.service';

/** The public blog: published posts only. */
@ApiTags('blogs')
@Controller('blogs')
export class BlogsController {
  constructor(private readonly blogs: BlogsService) {}

  @Get()
  @ApiOperation({ summary: 'Published posts, newest first (search in title or preview)' })
  async list(@Query() query: BlogsQueryDto) {
    const page = await this.blogs.list(query);
    return { success: true, message: page.total === 0 ? 'No blog posts found' : 'Blog posts loaded', ...page };
  }

  @Get('featured')
  @ApiOperation({ summary: 'Featured published posts (default 5)' })
  async featured(@Query() query: FeaturedBlogsQueryDto) {
    return ok(await this.blogs.featured(query.limit), 'Featured blog posts loaded');
  }

  @Get(':slug')
  @ApiOperation({ summary: 'One published post; counts a view' })
  @ApiNotFoundResponse({ description: 'Blog post not found' })
  async read(@Param('slug') slug: string) {
    return ok({ blog: await this.blogs.read(slug) }, 'Blog post loaded');
  }
}
