declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("@cloudflare/vitest-pool-workers").D1Migration[];
    TEST_MARKET_MIGRATIONS: import("@cloudflare/vitest-pool-workers").D1Migration[];
    FIXTURES: Fetcher;
  }
}

// Vite's raw imports (the README's examples are read this way by test/platform.readme.test.ts).
declare module "*?raw" {
  const text: string;
  export default text;
}
