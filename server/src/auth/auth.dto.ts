import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { USERNAME_MAX_LENGTH, type Gender, type RegisterRequest, type ForgotPasswordRequest } from '@playquid/contracts';
import { Transform } from 'class-transformer';
import { NoFormatCharacters, toDisplayText, trim } from '../common/validators';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class RegisterDto implements RegisterRequest {
  /** Still sent by older clients; the profile's email always comes from the verified ID token. */
  @ApiPropertyOptional({ example: 'ana@example.com', description: 'Ignored: the email of the ID token is used' })
  @IsOptional()
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid email address' })
  email?: string;

  @ApiPropertyOptional({ maxLength: USERNAME_MAX_LENGTH, description: 'Defaults to the part of the email before @' })
  @IsOptional()
  @Transform(toDisplayText)
  @IsString({ message: 'username must be text' })
  @NoFormatCharacters('username')
  @MaxLength(USERNAME_MAX_LENGTH, { message: `username must be at most ${USERNAME_MAX_LENGTH} characters` })
  username?: string;

  @ApiPropertyOptional({ enum: ['male', 'female'] })
  @IsOptional()
  @IsIn(['male', 'female'], { message: 'Please select your gender' })
  gender?: Gender;

  @ApiPropertyOptional({ description: 'uid from a /?ref={uid} referral link' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  referred_by?: string;
}

export class ForgotPasswordDto implements ForgotPasswordRequest {
  @ApiProperty()
  @Transform(trim)
  @IsNotEmpty({ message: 'Please enter your email address first' })
  @IsEmail({}, { message: 'Invalid email address' })
  email!: string;
}
