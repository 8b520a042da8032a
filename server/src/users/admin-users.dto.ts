import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ADMIN_USER_DEFAULT_SORT,
  ADMIN_USER_SORT_FIELDS,
  ADMIN_USER_STATUSES,
  type AdminUserBanBody,
  type AdminUserSortField,
  type AdminUserStatus,
  type AdminUserUnbanBody,
  type AdminUserUpdateBody,
  BAN_REASON_MAX_LENGTH,
  PAGE_SIZES,
  type Role,
  USERNAME_MAX_LENGTH,
} from '@playquid/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import {
  lowerTrimToUndefined,
  NoFormatCharacters,
  PageParam,
  PerPageParam,
  Text,
  toDisplayText,
  trim,
  trimToUndefined,
  upperTrimToUndefined,
} from '../common/validators';

const ROLES: Role[] = ['USER', 'ADMIN'];

export class AdminUsersQueryDto {
  @PageParam()
  page = 1;

  @PerPageParam(PAGE_SIZES.adminUsers)
  per_page: number = PAGE_SIZES.adminUsers;

  @ApiPropertyOptional({ enum: ADMIN_USER_SORT_FIELDS, default: ADMIN_USER_DEFAULT_SORT })
  @IsOptional()
  @Transform(lowerTrimToUndefined)
  @IsIn(ADMIN_USER_SORT_FIELDS, { message: `sort_by must be one of ${ADMIN_USER_SORT_FIELDS.join(', ')}` })
  sort_by: AdminUserSortField = ADMIN_USER_DEFAULT_SORT;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @Transform(lowerTrimToUndefined)
  @IsIn(['asc', 'desc'], { message: "sort_order must be 'asc' or 'desc'" })
  sort_order: 'asc' | 'desc' = 'desc';

  @ApiPropertyOptional({ description: 'Email, username or uid (case-insensitive, partial)' })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('search', 200)
  search?: string;

  @ApiPropertyOptional({ enum: ROLES })
  @IsOptional()
  @Transform(upperTrimToUndefined)
  @IsIn(ROLES, { message: 'role must be USER or ADMIN' })
  role?: Role;

  @ApiPropertyOptional({ enum: ADMIN_USER_STATUSES })
  @IsOptional()
  @Transform(lowerTrimToUndefined)
  @IsIn(ADMIN_USER_STATUSES, { message: `status must be one of ${ADMIN_USER_STATUSES.join(', ')}` })
  status?: AdminUserStatus;
}

export class UpdateAdminUserDto implements AdminUserUpdateBody {
  @ApiPropertyOptional({ enum: ROLES, description: 'A change needs a reason' })
  @IsOptional()
  @Transform(upperTrimToUndefined)
  @IsIn(ROLES, { message: 'role must be USER or ADMIN' })
  role?: Role;

  @ApiPropertyOptional({ maxLength: USERNAME_MAX_LENGTH })
  @IsOptional()
  @Transform(toDisplayText)
  @Text('username', USERNAME_MAX_LENGTH)
  @NoFormatCharacters('username')
  username?: string;

  @ApiPropertyOptional({ maxLength: BAN_REASON_MAX_LENGTH, description: 'Why the role changes (recorded on the event)' })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('reason', BAN_REASON_MAX_LENGTH)
  reason?: string;

  @ApiPropertyOptional({ description: "Read the identity provider's verification flag and record it" })
  @IsOptional()
  @IsBoolean({ message: 'sync_verification must be true or false' })
  sync_verification?: boolean;
}

export class BanUserDto implements AdminUserBanBody {
  @ApiProperty({ maxLength: BAN_REASON_MAX_LENGTH })
  @Transform(trim)
  @Text('reason', BAN_REASON_MAX_LENGTH)
  reason!: string;
}

export class UnbanUserDto implements AdminUserUnbanBody {
  @ApiPropertyOptional({ maxLength: BAN_REASON_MAX_LENGTH })
  @IsOptional()
  @Transform(trimToUndefined)
  @Text('reason', BAN_REASON_MAX_LENGTH)
  reason?: string;
}
