// The deciders and pure business rules of PlayQuid. Framework-free: imports only @playquid/contracts.
export * from './decider';
export * from './blogs/blog.decider';
export * from './callbacks/callback.decider';
export * from './offers/offer-catalogue.decider';
export * from './offers/offer-starts.decider';
export * from './offers/offer.decider';
export * from './users/email-claim.decider';
export * from './users/user.decider';
export * from './wallet/money-change';
export * from './wallet/wallet-earnings';
export * from './wallet/wallet-payouts';
export * from './wallet/wallet.decider';
