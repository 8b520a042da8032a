import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type AdminBlogBody,
  BLOG_BULK_MAX,
  BLOG_CONTENT_MAX_LENGTH,
  BLOG_LIMITS,
  BLOG_PREVIEW_MAX_LENGTH,
  BLOG_SLUG_MAX_LENGTH,
  BLOG_TITLE_MAX_LENGTH,
  type BulkBlogsBody,
  META_DESCRIPTION_MAX_LENGTH,
  PAGE_SIZES,
} from '@playquid/contracts';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUrl, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import {
  booleanText,
  emptyToNull,
  NoFormatCharacters,
  PageParam,
  PerPageParam,
  Text,
  toDisplayText,
  trim,
  trimToUndefined,
} from '../common/validators';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

class SearchDto {
  @ApiPropertyOptional({ description: 'In title or preview, case-insensitive', maxLength: 100 })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsString({ message: 'search must be text' })
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  search?: string;
}

export class BlogsQueryDto extends SearchDto {
  @PageParam()
  page = 1;

  @PerPageParam(PAGE_SIZES.blogList)
  per_page: number = PAGE_SIZES.blogList;
}

export class AdminBlogsQueryDto extends SearchDto {
  @PageParam()
  page = 1;

  @PerPageParam(PAGE_SIZES.adminBlogList)
  per_page: number = PAGE_SIZES.adminBlogList;

  @ApiPropertyOptional({ enum: ['published', 'draft'], description: 'Omit (or "all") for every post' })
  @IsOptional()
  @Transform(({ value }) => (value === '' || value === 'all' ? undefined : value))
  @IsIn(['published', 'draft'], { message: 'status must be published or draft' })
  status?: 'published' | 'draft';
}

export class FeaturedBlogsQueryDto {
  @ApiPropertyOptional({ default: BLOG_LIMITS.featuredDefault, minimum: 1, maximum: BLOG_LIMITS.featuredMax })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && /^[0-9]{1,4}$/.test(value) ? Number(value) : value))
  // One check, one message: IsInt + Min + Max would all report a non-number at once.
  @ValidateBy({
    name: 'featuredLimit',
    validator: {
      validate: (value: unknown) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= BLOG_LIMITS.featuredMax,
      defaultMessage: () => `limit must be a whole number between 1 and ${BLOG_LIMITS.featuredMax}`,
    },
  })
  limit: number = BLOG_LIMITS.featuredDefault;
}

export class PublishedQueryDto {
  @ApiProperty({ type: Boolean })
  @Transform(booleanText)
  @IsBoolean({ message: 'published must be true or false' })
  published!: boolean;
}

export class BlogFeaturedQueryDto {
  @ApiProperty({ type: Boolean })
  @Transform(booleanText)
  @IsBoolean({ message: 'featured must be true or false' })
  featured!: boolean;
}

/** Fields both the create and the edit body may carry. */
class BlogOptionalFields {
  @ApiPropertyOptional({ nullable: true, maxLength: BLOG_SLUG_MAX_LENGTH, description: 'Made from the title when empty; must be unique' })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: 'slug must be text' })
  @MaxLength(BLOG_SLUG_MAX_LENGTH, { message: `slug must be at most ${BLOG_SLUG_MAX_LENGTH} characters` })
  slug?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: META_DESCRIPTION_MAX_LENGTH })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: 'meta_description must be text' })
  @MaxLength(META_DESCRIPTION_MAX_LENGTH, { message: `meta_description must be at most ${META_DESCRIPTION_MAX_LENGTH} characters` })
  meta_description?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'An http(s) URL' })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, value) => value !== null)
  @IsUrl(URL_OPTIONS, { message: 'featured_image_url must be a valid URL (http or https)' })
  @MaxLength(2000, { message: 'featured_image_url must be at most 2000 characters' })
  featured_image_url?: string | null;

  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @IsBoolean({ message: 'is_published must be true or false' })
  is_published?: boolean;

  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @IsBoolean({ message: 'is_featured must be true or false' })
  is_featured?: boolean;
}

/** Create: title, preview and content required. */
export class CreateBlogDto extends BlogOptionalFields implements AdminBlogBody {
  @ApiProperty({ maxLength: BLOG_TITLE_MAX_LENGTH })
  @Transform(toDisplayText)
  @Text('title', BLOG_TITLE_MAX_LENGTH)
  @NoFormatCharacters('title')
  title!: string;

  @ApiProperty({ maxLength: BLOG_PREVIEW_MAX_LENGTH })
  @Transform(trim)
  @Text('preview', BLOG_PREVIEW_MAX_LENGTH)
  preview!: string;

  @ApiProperty({ maxLength: BLOG_CONTENT_MAX_LENGTH, description: 'HTML; sanitised on the server' })
  @Transform(trim)
  @Text('content', BLOG_CONTENT_MAX_LENGTH)
  content!: string;
}

/** Edit: any field; a field that is sent must still be valid (title, preview, content never empty). */
// ValidateIf rather than IsOptional: IsOptional would also let a null title through unchecked.
const unlessAbsent = () => ValidateIf((_: object, value: unknown) => value !== undefined);

export class UpdateBlogDto extends BlogOptionalFields implements Partial<AdminBlogBody> {
  @ApiPropertyOptional({ maxLength: BLOG_TITLE_MAX_LENGTH })
  @unlessAbsent()
  @Transform(toDisplayText)
  @Text('title', BLOG_TITLE_MAX_LENGTH)
  @NoFormatCharacters('title')
  title?: string;

  @ApiPropertyOptional({ maxLength: BLOG_PREVIEW_MAX_LENGTH })
  @unlessAbsent()
  @Transform(trim)
  @Text('preview', BLOG_PREVIEW_MAX_LENGTH)
  preview?: string;

  @ApiPropertyOptional({ maxLength: BLOG_CONTENT_MAX_LENGTH })
  @unlessAbsent()
  @Transform(trim)
  @Text('content', BLOG_CONTENT_MAX_LENGTH)
  content?: string;
}

export class BulkBlogsDto implements BulkBlogsBody {
  @ApiProperty({ type: [String], minItems: 1, maxItems: BLOG_BULK_MAX })
  @IsArray({ message: 'blog_ids must be a list of blog ids' })
  @ArrayMinSize(1, { message: 'blog_ids must name at least one blog post' })
  @ArrayMaxSize(BLOG_BULK_MAX, { message: `blog_ids may name at most ${BLOG_BULK_MAX} blog posts` })
  @IsString({ each: true, message: 'blog_ids must be a list of blog ids' })
  @MaxLength(100, { each: true, message: 'blog_ids must be a list of blog ids' })
  blog_ids!: string[];
}
