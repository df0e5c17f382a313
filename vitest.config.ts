// Tests run inside workerd against the real local bindings (D1, R2, Queues, Durable Objects).
// Two projects: the global deployment and the EU environment of wrangler.toml.
import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";

const secrets = {
  ADMIN_TOKEN: "test-admin-token",
  KEY_TAG_SECRET: "test-key-tag-secret-0123456789",
  URL_SIGNING_SECRET: "test-url-signing-secret-0123456789",
  CORS_ORIGINS: "https://app.example.com",
};

async function project(name: string, environment: string | undefined, include: string[]) {
  const [db, market] = await Promise.all([readD1Migrations("migrations/db"), readD1Migrations("migrations/market")]);
  return {
    plugins: [
      cloudflareTest({
        main: "./src/index.ts",
        wrangler: { configPath: "./wrangler.toml", environment },
        miniflare: { bindings: { ...secrets, TEST_MIGRATIONS: db, TEST_MARKET_MIGRATIONS: market } },
      }),
    ],
    test: { name, include, setupFiles: ["./test/setup.ts"] },
  };
}

export default defineConfig(async () => ({
  test: {
    projects: [await project("global", undefined, ["test/**/*.test.ts"]), await project("eu", "eu", ["test/eu/**/*.eu-test.ts"])],
  },
}));
