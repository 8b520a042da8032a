import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type AdminOfferBody,
  type DevicePlatform,
  FEATURED_OFFERS_MAX,
  LIMITS,
  OFFER_DEVICES,
  OFFER_SORTS,
  type OfferDevice,
  type OfferDifficulty,
  type OfferProgressBody,
  type OfferSort,
  type OfferStatus,
  PAGE_SIZES,
} from '@playquid/contracts';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Max, MaxLength, Min, ValidateBy, ValidateIf } from 'class-validator';
import {
  booleanText,
  filterText,
  NoFormatCharacters,
  PageParam,
  PerPageParam,
  toDisplayText,
  trim,
  trimToUndefined,
} from '../common/validators';

const STATUSES: OfferStatus[] = ['active', 'inactive', 'draft'];
const DIFFICULTIES: OfferDifficulty[] = ['Easy', 'Medium', 'Hard'];
const PLATFORMS: DevicePlatform[] = [0, 1, 2, 3];
const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

class PagingDto {
  @PageParam()
  page = 1;

  @PerPageParam(PAGE_SIZES.offersPage)
  per_page: number = PAGE_SIZES.offersPage;
}

class OfferFilterDto extends PagingDto {
  @ApiPropertyOptional({ description: 'In title or description, case-insensitive', maxLength: 100 })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsString({ message: 'search must be text' })
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  search?: string;

  @ApiPropertyOptional({ description: 'Exact category (case-insensitive); "all" for any', maxLength: 100 })
  @IsOptional()
  @Transform(filterText)
  @IsString({ message: 'category must be text' })
  @MaxLength(100, { message: 'category must be at most 100 characters' })
  category?: string;

  @ApiPropertyOptional({ enum: DIFFICULTIES, description: '"all" for any' })
  @IsOptional()
  @Transform(filterText)
  @IsIn(DIFFICULTIES, { message: `difficulty must be one of ${DIFFICULTIES.join(', ')}` })
  difficulty?: OfferDifficulty;

  @ApiPropertyOptional({ enum: PLATFORMS, description: '1 Android, 2 iOS, 0 web/universal, 3 PC' })
  @IsOptional()
  @Type(() => Number)
  @IsIn(PLATFORMS, { message: 'device_platform must be 0, 1, 2 or 3' })
  device_platform?: DevicePlatform;

  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @Transform(booleanText)
  @IsBoolean({ message: 'featured must be true or false' })
  featured?: boolean;
}

export class OffersQueryDto extends OfferFilterDto {
  /** Draft and inactive offers are unpublished: only admins see them, through /api/admin/offers. */
  @ApiPropertyOptional({ enum: ['active'], default: 'active', description: 'The public list has active offers only' })
  @IsOptional()
  @IsIn(['active'], { message: 'status must be active: the public list has active offers only (admins use /api/admin/offers)' })
  status = 'active' as const;

  @ApiPropertyOptional({ enum: OFFER_SORTS, default: 'highest_reward', description: 'best_rated is kept for old links: members cannot rate yet, so it orders as most_popular (real completions)' })
  @IsOptional()
  @IsIn(OFFER_SORTS, { message: `sort must be one of ${OFFER_SORTS.join(', ')}` })
  sort: OfferSort = 'highest_reward';

  @ApiPropertyOptional({
    enum: OFFER_DEVICES,
    description: "The visitor's device: one offer per game playable on it (a phone: its own store's and universal offers), paged by game, with `facets`",
  })
  @IsOptional()
  @IsIn(OFFER_DEVICES, { message: `device must be one of ${OFFER_DEVICES.join(', ')}` })
  device?: OfferDevice;
}

export class AdminOffersQueryDto extends OfferFilterDto {
  @ApiPropertyOptional({ enum: STATUSES, description: 'Omit for every status' })
  @IsOptional()
  @Transform(filterText)
  @IsIn(STATUSES, { message: 'status must be one of active, inactive, draft' })
  status?: OfferStatus;
}

export class FeaturedOffersQueryDto {
  @ApiPropertyOptional({ default: LIMITS.featuredOffersDefault, minimum: 1, maximum: FEATURED_OFFERS_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: `limit must be between 1 and ${FEATURED_OFFERS_MAX}` })
  @Max(FEATURED_OFFERS_MAX, { message: `limit must be between 1 and ${FEATURED_OFFERS_MAX}` })
  limit: number = LIMITS.featuredOffersDefault;
}

export class OfferProgressDto implements OfferProgressBody {
  @ApiPropertyOptional({ enum: ['in_progress', 'completed'], default: 'in_progress', description: "The member's client's own report; credits still come only from BitLabs callbacks" })
  @IsOptional()
  @IsIn(['in_progress', 'completed'], { message: 'status must be in_progress or completed' })
  status?: 'in_progress' | 'completed';
}

/** Create: title required; update: every field optional but at least one (checked by the service). */
export class AdminOfferDto implements Partial<AdminOfferBody> {
  @ApiPropertyOptional({ maxLength: 200, description: 'Required to create' })
  @IsOptional()
  @Transform(toDisplayText)
  @IsString({ message: 'title must be text' })
  @NoFormatCharacters('title')
  @IsNotEmpty({ message: 'title must not be empty' })
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  title?: string;

  @ApiPropertyOptional({ maxLength: 5000 })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'description must be text' })
  @MaxLength(5000, { message: 'description must be at most 5000 characters' })
  description?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsUrl(URL_OPTIONS, { message: 'icon_url must be an http(s) URL' })
  icon_url?: string | null;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'category must be text' })
  @IsNotEmpty({ message: 'category must not be empty' })
  @MaxLength(100, { message: 'category must be at most 100 characters' })
  category?: string;

  @ApiPropertyOptional({ enum: DIFFICULTIES })
  @IsOptional()
  @IsIn(DIFFICULTIES, { message: `difficulty must be one of ${DIFFICULTIES.join(', ')}` })
  difficulty?: OfferDifficulty;

  @ApiPropertyOptional({ enum: PLATFORMS })
  @IsOptional()
  @IsIn(PLATFORMS, { message: 'device_platform must be 0, 1, 2 or 3' })
  device_platform?: DevicePlatform;

  @ApiPropertyOptional({ nullable: true, maxLength: 100, description: 'Trimmed; empty clears it' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: 'anchor must be text' })
  @MaxLength(100, { message: 'anchor must be at most 100 characters' })
  anchor?: string | null;

  @ApiPropertyOptional({ enum: STATUSES, description: 'A new offer is a draft unless given' })
  @IsOptional()
  @IsIn(STATUSES, { message: 'status must be one of active, inactive, draft' })
  status?: OfferStatus;

  @ApiPropertyOptional({ minimum: 0, maximum: 100_000, description: 'The member reward in pence' })
  @IsOptional()
  @IsInt({ message: 'reward_pence must be a whole number of pence' })
  @Min(0, { message: 'reward_pence must be between 0 and 100000' })
  @Max(100_000, { message: 'reward_pence must be between 0 and 100000' })
  reward_pence?: number;

  @ApiPropertyOptional({ nullable: true, description: 'Tracking link; the start call adds the member uid' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsUrl(URL_OPTIONS, { message: 'click_url must be an http(s) URL' })
  click_url?: string | null;
}

export class AnchorDto {
  @ApiProperty({ nullable: true, maxLength: 100, description: 'Trimmed; empty or null clears it' })
  // One check with one message: separate decorators would all report a missing anchor at once.
  @ValidateBy({
    name: 'isAnchor',
    validator: {
      validate: (value: unknown) => value === null || (typeof value === 'string' && value.length <= 100),
      defaultMessage: (args) =>
        args?.value === undefined ? 'anchor is required (empty clears it)' : typeof args.value === 'string' ? 'anchor must be at most 100 characters' : 'anchor must be text',
    },
  })
  anchor!: string | null;
}

export class FeaturedQueryDto {
  @ApiProperty({ type: Boolean })
  @Transform(booleanText)
  @IsBoolean({ message: 'featured must be true or false' })
  featured!: boolean;
}

export class StatusQueryDto {
  @ApiPropertyOptional({ enum: STATUSES, description: 'Omit to toggle: active <-> inactive, draft -> active' })
  @IsOptional()
  @Transform(filterText)
  @IsIn(STATUSES, { message: 'new_status must be one of active, inactive, draft' })
  new_status?: OfferStatus;
}
