import { CLAIM_LIMITS } from '@playquid/contracts';

/** CLAIM_MIN_AGE_HOURS and CLAIM_ANSWER_BUSINESS_DAYS (README, configuration). */
export interface ClaimsConfig {
  /** Hours after the member's start before a claim may be opened (0 allowed: tests and demos). */
  minAgeHours: number;
  /** The service clock: 'we answer within N business days'. */
  answerBusinessDays: number;
}

export const CLAIMS_CONFIG = Symbol('CLAIMS_CONFIG');

export function loadClaimsConfig(env: NodeJS.ProcessEnv = process.env): ClaimsConfig {
  const minAgeHours = Number(env.CLAIM_MIN_AGE_HOURS ?? CLAIM_LIMITS.defaultMinAgeHours);
  if (!Number.isFinite(minAgeHours) || minAgeHours < 0 || minAgeHours > 24 * 90) throw new Error('CLAIM_MIN_AGE_HOURS must be a number of hours from 0 to 2160');
  const answerBusinessDays = Number(env.CLAIM_ANSWER_BUSINESS_DAYS ?? CLAIM_LIMITS.defaultAnswerBusinessDays);
  if (!Number.isInteger(answerBusinessDays) || answerBusinessDays < 1 || answerBusinessDays > 60) throw new Error('CLAIM_ANSWER_BUSINESS_DAYS must be a whole number from 1 to 60');
  return { minAgeHours, answerBusinessDays };
}
