// Every table, for Drizzle's relational queries. One file per domain lives in ./schema/.
export * from './schema/users';
export * from './schema/orders';
export * from './schema/auth';
export * from './schema/outbox';
export * from './schema/profile';
export * from './schema/payments';
export * from './schema/promo-codes';
export * from './schema/jobs';
export * from './schema/attribution';
export * from './schema/two-factor';
export * from './schema/account';
export * from './schema/staff';
export * from './schema/notifications';
