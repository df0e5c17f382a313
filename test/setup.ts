// Applies the D1 migrations of both databases before the tests of each file.
import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await applyD1Migrations(env.MARKET_DB, env.TEST_MARKET_MIGRATIONS);
