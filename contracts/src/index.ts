export * from './api';
export * from './constants';
export * from './events';
export * from './money';
export * from './positions';
export * from './queues';
export * from './wallet-api';
