export * from './db';
export * from './migrator';
export * from './schema';
export * from './testing';
export { PARKED_EMAIL_DOMAIN } from './migrations/1795720000000-UniqueEmails';
export { ALL_MEMBERS, MEMBER_ROWS_CHANNEL } from './migrations/1795920000000-MemberRowNotifications';
export { CHECKPOINTS_CHANNEL } from './migrations/1796200000001-ProjectionCommitNotifications';
export { seedReadModel } from './seed';
