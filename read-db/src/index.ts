export * from './db';
export * from './migrator';
export * from './schema';
export * from './testing';
export { PARKED_EMAIL_DOMAIN } from './migrations/1795720000000-UniqueEmails';
export { ALL_MEMBERS, MEMBER_ROWS_CHANNEL } from './migrations/1795920000000-MemberRowNotifications';
export { seedReadModel } from './seed';
export { backfillCounters } from './migrations/1796300000000-Counters';
export * from './personal-data-vault';
