// Load shedding's limits for the servers the tests start (playwright.config.ts, e2e/support/built-server.ts, the
// cluster's instances): a shared test machine stalls for longer than 100 ms at rest, and those stalls pile up the
// sign-ins and refreshes of two workers. That is not the overload the defaults are for (docs/faults.md "Load
// shedding"); tests/server/load-shedding.test.ts tries the defaults themselves.
export const TEST_MACHINE_SHEDDING = {
  SHED_MAX_LAG_MS: '2000',
  SHED_MAX_ANONYMOUS: '1000',
} as const;
