// Zod pieces shared by many routes: the identity fields platform keys use to pick organization and user,
// and query-string lists that accept repeated keys or comma-separated values.
import { z } from "zod";

/** organization_id / user_id / user_email / user_name: read by core/auth for platform keys, ignored otherwise. */
export const tenantSelectorFields = {
  organization_id: z.string().optional(),
  user_id: z.string().optional(),
  user_email: z.string().optional(),
  user_name: z.string().optional(),
};

/** ?ids=a,b&ids=c -> ["a", "b", "c"] */
export function queryList<T extends z.ZodType<string>>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined) return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === "string" ? v.split(",") : [v]));
    return parts.map((p) => (typeof p === "string" ? p.trim() : p)).filter((p) => p !== "");
  }, z.array(item).optional());
}

export const queryInt = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
