// Every table, for Drizzle's relational queries. One file per domain lives in ./schema/.
export * from './schema/users';
export * from './schema/orders';
