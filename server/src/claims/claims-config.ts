/** CLAIM_MIN_AGE_HOURS and CLAIM_ANSWER_BUSINESS_DAYS (README, configuration; validated by @playquid/config). */
export interface ClaimsConfig {
  /** Hours after the member's start before a claim may be opened (0 allowed: tests and demos). */
  minAgeHours: number;
  /** The service clock: 'we answer within N business days'. */
  answerBusinessDays: number;
}

export const CLAIMS_CONFIG = Symbol('CLAIMS_CONFIG');
