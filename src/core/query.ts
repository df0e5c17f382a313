// Turns a URL's query string into a plain object for zod: repeated keys become arrays and bracket keys
// (fiscal_period[start_time][year]=2024) become nested objects, as the spec's query forms use them.

export type QueryValue = string | string[] | { [key: string]: QueryValue };
export type QueryObject = { [key: string]: QueryValue };

/** Segments that would reach an object's prototype instead of an own property. */
const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

/** "a[b][c]" -> ["a", "b", "c"]; each "[" takes the text up to the next "]" (a scan, linear in the key). */
function splitKey(key: string): string[] {
  const head = key.split("[", 1)[0];
  const parts = [head];
  for (let i = head.length; ; ) {
    const open = key.indexOf("[", i);
    const close = open < 0 ? -1 : key.indexOf("]", open + 1);
    if (close < 0) break;
    parts.push(key.slice(open + 1, close));
    i = close + 1;
  }
  return parts;
}

export function parseQuery(params: URLSearchParams): QueryObject {
  const out: QueryObject = {};
  for (const [rawKey, value] of params) {
    const parts = splitKey(rawKey);
    // "tickers[]=A&tickers[]=B" is the same as repeating "tickers".
    if (parts.length === 2 && parts[1] === "") parts.pop();
    // "__proto__[organization_id]=..." would otherwise write to Object.prototype (every object of the isolate).
    if (parts.some((p) => FORBIDDEN_SEGMENTS.has(p))) continue;
    let node: QueryObject = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const existing = Object.hasOwn(node, parts[i]) ? node[parts[i]] : undefined;
      if (typeof existing !== "object" || Array.isArray(existing)) node[parts[i]] = {};
      node = node[parts[i]] as QueryObject;
    }
    const last = parts[parts.length - 1];
    const prev = Object.hasOwn(node, last) ? node[last] : undefined;
    if (prev === undefined) node[last] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else if (typeof prev === "string") node[last] = [prev, value];
  }
  return out;
}
