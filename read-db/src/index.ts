export * from './db';
export * from './migrator';
export * from './schema';
export * from './testing';
