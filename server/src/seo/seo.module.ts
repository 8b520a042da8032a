import { Module } from '@nestjs/common';
import { SeoController } from './seo.controller';
import { SeoRepository } from './seo.repository';
import { SeoService } from './seo.service';

/** Page heads of the served client, robots.txt and sitemap.xml. */
@Module({
  controllers: [SeoController],
  providers: [SeoRepository, SeoService],
  exports: [SeoService],
})
export class SeoModule {}
