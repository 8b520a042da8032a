import { Module } from '@nestjs/common';
import { AdminBlogsController } from './admin-blogs.controller';
import { BLOG_COMMAND_HANDLERS, BlogStreams } from './blog.commands';
import { BlogsController } from './blogs.controller';
import { BlogsRepository } from './blogs.repository';
import { BlogsService } from './blogs.service';

/** The blog: public reading, admin writing, the post and slug command handlers. */
@Module({
  controllers: [BlogsController, AdminBlogsController],
  providers: [BlogStreams, BlogsRepository, BlogsService, ...BLOG_COMMAND_HANDLERS],
})
export class BlogsModule {}
