import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SeoService } from './seo.service';

/** Crawler files at the site root (excluded from the /api prefix in app.factory.ts). */
@ApiExcludeController()
@Controller()
export class SeoController {
  constructor(private readonly seo: SeoService) {}

  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  robots(): string {
    return this.seo.robotsTxt();
  }

  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  sitemap(): Promise<string> {
    return this.seo.sitemapXml();
  }
}
