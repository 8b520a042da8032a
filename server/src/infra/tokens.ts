export const READ_DB = Symbol('READ_DB');
export const FIREBASE_AUTH = Symbol('FIREBASE_AUTH');
export const REDIS_CONNECTION = Symbol('REDIS_CONNECTION');
/** An ioredis client of the app's own (leases, locks, throttling), apart from BullMQ's. */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
