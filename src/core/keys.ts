// API key format: rk_<gl|eu>_<64 hex random>_<16 hex tag>. The tag is an HMAC of region and random part
// under KEY_TAG_SECRET (shared by both deployments), so a deployment can tell a genuine key of the other
// region from garbage without a database lookup. Only the SHA-256 of a key is ever stored.
import { hmacHex, randomHex, sha256Hex, timingSafeEqual } from "./crypto";

export type Region = "global" | "eu";

const REGION_PREFIX: Record<Region, string> = { global: "gl", eu: "eu" };
const KEY_PATTERN = /^rk_(gl|eu)_([0-9a-f]{64})_([0-9a-f]{16})$/;

export interface ParsedKey {
  region: Region;
  random: string;
  tag: string;
}

export function parseApiKey(raw: string): ParsedKey | null {
  const m = KEY_PATTERN.exec(raw);
  if (!m) return null;
  return { region: m[1] === "eu" ? "eu" : "global", random: m[2], tag: m[3] };
}

async function tagFor(secret: string, region: Region, random: string): Promise<string> {
  return (await hmacHex(secret, `${region}:${random}`)).slice(0, 16);
}

export async function hasValidTag(secret: string, key: ParsedKey): Promise<boolean> {
  return timingSafeEqual(await tagFor(secret, key.region, key.random), key.tag);
}

export async function generateApiKey(secret: string, region: Region): Promise<{ apiKey: string; prefix: string; hash: string }> {
  const random = randomHex(32);
  const apiKey = `rk_${REGION_PREFIX[region]}_${random}_${await tagFor(secret, region, random)}`;
  return { apiKey, prefix: displayPrefix(apiKey), hash: await hashApiKey(apiKey) };
}

/** The readable part shown in listings: region prefix and the first 8 characters of the random part. */
export function displayPrefix(apiKey: string): string {
  return apiKey.slice(0, "rk_gl_".length + 8);
}

export function hashApiKey(apiKey: string): Promise<string> {
  return sha256Hex(apiKey);
}
