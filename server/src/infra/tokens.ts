export const READ_DB = Symbol('READ_DB');
export const FIREBASE_AUTH = Symbol('FIREBASE_AUTH');
export const REDIS_CONNECTION = Symbol('REDIS_CONNECTION');
