// Filter tokens of the FTS5 `scope` column and the MATCH expressions built from them. Tenant scoping and
// every request filter are evaluated inside the index this way, never by dropping rows afterwards.
//
// A token is `z<tag><hex of the value>9`: hex keeps arbitrary values (tickers with dots, UUIDs) to one
// unicode61 token, and the trailing digit keeps the porter stemmer from touching it.
import { lastDay } from "../core/fiscal-calendar";
import type { IndexableDocument } from "./types";

const TAG = {
  access: "a",
  organization: "o",
  kind: "k",
  sharedVisibility: "v",
  owner: "u",
  document: "d",
  batch: "b",
  ticker: "t",
  stock: "s",
  docType: "y",
  rmsType: "r",
  rmsSubType: "q",
  fiscalYear: "f",
  uploadYear: "cy",
  uploadMonth: "cm",
  uploadDay: "cd",
  /** Publication date (published_at, else calendar_date; UTC days): "dated" or "undated", then decade, year, month, day. */
  dated: "pn",
  publishedDecade: "px",
  publishedYear: "py",
  publishedMonth: "pm",
  publishedDay: "pd",
} as const;

type Tag = keyof typeof TAG;

const encoder = new TextEncoder();

function hex(value: string): string {
  let out = "";
  for (const b of encoder.encode(value)) out += b.toString(16).padStart(2, "0");
  return out;
}

export function scopeToken(tag: Tag, value: string): string {
  return `z${TAG[tag]}${hex(value)}9`;
}

/** Tickers compare case-insensitively; stored and queried upper-case. */
export function normalizeTicker(ticker: string): string {
  return ticker.trim().toUpperCase();
}

/**
 * One token per (organization, kind, audience[, external doc type]): the access check of a query is a
 * short OR of these instead of an AND of common tokens, and bm25 reads far fewer postings for it.
 */
export function accessKey(organizationId: string, kind: string, audience: { shared: true } | { owner: string }, docType?: string | null): string {
  const who = "shared" in audience ? "*" : `u:${audience.owner}`;
  return kind === "external" ? `${organizationId}|${kind}|${who}|${docType ?? ""}` : `${organizationId}|${kind}|${who}`;
}

/**
 * The instant a document speaks for, for the published window: published_at, else calendar_date, as
 * RFC 3339 UTC with milliseconds (so stored values compare as strings); null when it has neither (vault
 * uploads) or the value is not a date: such documents are undated and kept by every window.
 */
export function datedAt(doc: Pick<IndexableDocument, "publishedAt" | "calendarDate">): string | null {
  const raw = doc.publishedAt ?? doc.calendarDate;
  return raw ? utcInstant(raw) : null;
}

/** RFC 3339 UTC with milliseconds, or null when the text is no instant within years 0000-9999. */
export function utcInstant(text: string): string | null {
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) return null;
  const iso = new Date(ms).toISOString();
  return iso.length === 24 ? iso : null;
}

/** The scope column of every chunk of a document. */
export function documentScope(doc: IndexableDocument): string {
  const audience = doc.visibility === "organization" ? { shared: true as const } : doc.ownerUserId ? { owner: doc.ownerUserId } : null;
  const tokens = [
    scopeToken("organization", doc.organizationId),
    scopeToken("kind", doc.kind),
    scopeToken("document", doc.id),
  ];
  if (audience) tokens.push(scopeToken("access", accessKey(doc.organizationId, doc.kind, audience, doc.docType)));
  if (doc.visibility === "organization") tokens.push(scopeToken("sharedVisibility", "organization"));
  else if (doc.ownerUserId) tokens.push(scopeToken("owner", doc.ownerUserId));
  if (doc.sourceBatchId) tokens.push(scopeToken("batch", doc.sourceBatchId));
  for (const t of doc.tickers) tokens.push(scopeToken("ticker", normalizeTicker(t)));
  for (const s of doc.stockIds) tokens.push(scopeToken("stock", s));
  if (doc.docType) tokens.push(scopeToken("docType", doc.docType));
  if (doc.rmsType) tokens.push(scopeToken("rmsType", doc.rmsType));
  if (doc.rmsSubType) tokens.push(scopeToken("rmsSubType", doc.rmsSubType));
  if (doc.fiscalYear !== null) tokens.push(scopeToken("fiscalYear", String(doc.fiscalYear)));
  const created = doc.createdAt.slice(0, 10); // YYYY-MM-DD
  tokens.push(scopeToken("uploadYear", created.slice(0, 4)), scopeToken("uploadMonth", created.slice(0, 7)), scopeToken("uploadDay", created));
  const dated = datedAt(doc);
  if (dated === null) tokens.push(scopeToken("dated", "undated"));
  else {
    const day = dated.slice(0, 10);
    tokens.push(
      scopeToken("dated", "dated"),
      scopeToken("publishedDecade", day.slice(0, 3)),
      scopeToken("publishedYear", day.slice(0, 4)),
      scopeToken("publishedMonth", day.slice(0, 7)),
      scopeToken("publishedDay", day),
    );
  }
  return [...new Set(tokens)].join(" ");
}

/** A boolean expression over scope tokens; rendered into FTS5 syntax by `render`. */
export type ScopeExpr =
  | { op: "token"; token: string }
  | { op: "and" | "or"; items: ScopeExpr[] }
  /** The first item without the second (FTS5's binary NOT). */
  | { op: "not"; items: [ScopeExpr, ScopeExpr] }
  | { op: "none" };

export const tok = (tag: Tag, value: string): ScopeExpr => ({ op: "token", token: scopeToken(tag, value) });
export const NONE: ScopeExpr = { op: "none" };

export function and(...items: ScopeExpr[]): ScopeExpr {
  if (items.some((i) => i.op === "none")) return NONE;
  return items.length === 1 ? items[0] : { op: "and", items };
}

export function or(...items: ScopeExpr[]): ScopeExpr {
  const live = items.filter((i) => i.op !== "none");
  if (live.length === 0) return NONE;
  return live.length === 1 ? live[0] : { op: "or", items: live };
}

export function anyOf(tag: Tag, values: string[]): ScopeExpr {
  return or(...[...new Set(values)].map((v) => tok(tag, v)));
}

/** FTS5 syntax; tokens are hex with a letter prefix, so they need no quoting. */
export function render(expr: ScopeExpr): string {
  switch (expr.op) {
    case "token":
      return expr.token;
    case "none":
      throw new Error("an empty scope matches nothing and must not be rendered");
    case "not":
      return `(${render(expr.items[0])} NOT ${render(expr.items[1])})`;
    default:
      return `(${expr.items.map(render).join(expr.op === "and" ? " AND " : " OR ")})`;
  }
}

export interface Ymd {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const FIRST_UPLOAD_YEAR = 2000;

interface DayTags {
  decade?: Tag;
  year: Tag;
  month: Tag;
  day: Tag;
}

const ymdKey = (d: Ymd) => d.year * 10000 + d.month * 100 + d.day;

/**
 * A range of UTC days (inclusive) as the fewest decade/year/month/day tokens covering it exactly: whole
 * decades (when the tags have them) and years inside, whole months at the edges, single days at the
 * edges of those.
 */
function dayCover(tags: DayTags, s: Ymd, e: Ymd): ScopeExpr {
  if (ymdKey(s) > ymdKey(e)) return NONE;
  const out: ScopeExpr[] = [];
  const dayTok = (y: number, m: number, d: number) => tok(tags.day, `${y}-${pad(m)}-${pad(d)}`);
  const monthTok = (y: number, m: number) => tok(tags.month, `${y}-${pad(m)}`);
  const wholeYear = (y: number) => (y > s.year || (s.month === 1 && s.day === 1)) && (y < e.year || (e.month === 12 && e.day === 31));

  const addDays = (y: number, m: number, from: number, to: number) => {
    if (from === 1 && to === lastDay(y, m)) out.push(monthTok(y, m));
    else for (let d = from; d <= to; d++) out.push(dayTok(y, m, d));
  };
  for (let y = s.year; y <= e.year; y++) {
    if (tags.decade && y % 10 === 0 && y + 9 <= e.year && wholeYear(y) && wholeYear(y + 9)) {
      out.push(tok(tags.decade, String(y).slice(0, -1)));
      y += 9;
      continue;
    }
    if (wholeYear(y)) {
      out.push(tok(tags.year, String(y)));
      continue;
    }
    const from = y === s.year ? s : { year: y, month: 1, day: 1 };
    const to = y === e.year ? e : { year: y, month: 12, day: 31 };
    for (let m = from.month; m <= to.month; m++) {
      const d0 = m === from.month ? from.day : 1;
      const d1 = m === to.month ? to.day : lastDay(y, m);
      addDays(y, m, d0, d1);
    }
  }
  return or(...out);
}

/**
 * An upload-date range (inclusive, UTC days) as the fewest year/month/day tokens covering it exactly:
 * whole years inside, whole months at the edges, single days at the edges of those.
 */
export function uploadRange(start: Ymd | undefined, end: Ymd | undefined, now = new Date()): ScopeExpr {
  const s = start ?? { year: FIRST_UPLOAD_YEAR, month: 1, day: 1 };
  const e = end ?? { year: now.getUTCFullYear() + 1, month: 12, day: 31 };
  return dayCover({ year: "uploadYear", month: "uploadMonth", day: "uploadDay" }, s, e);
}

/** Published windows are covered from here to the next year; older or later dates rely on the exact check. */
const FIRST_PUBLISHED_YEAR = 1900;
const PUBLISHED: DayTags = { decade: "publishedDecade", year: "publishedYear", month: "publishedMonth", day: "publishedDay" };

function dayOf(ms: number): Ymd {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The first day of the day's month, shifted by `months` months. */
function monthStart(d: Ymd, months = 0): Ymd {
  const m = d.year * 12 + (d.month - 1) + months;
  return { year: Math.floor(m / 12), month: (((m % 12) + 12) % 12) + 1, day: 1 };
}

/** The last day of the day's month, shifted by `months` months. */
function monthEnd(d: Ymd, months = 0): Ymd {
  const s = monthStart(d, months);
  return { ...s, day: lastDay(s.year, s.month) };
}

/**
 * The scope side of a published window (instants as utcInstant strings, inclusive): undated documents,
 * and dated ones whose UTC month lies in the window's months. A superset at the edges: documents of the
 * first and last month outside the instants are removed by the exact check on search_documents.dated_at
 * (repo.ts), before any LIMIT, so the search's results are those of the exact window. Whole months keep
 * the expression short (at most eleven month tokens an edge, where days took up to thirty more): FTS5
 * parses and looks up every token of it for each search. A bounded side covers its months; an open side
 * excludes the months beyond the other bound's month instead (a NOT of a few tokens rather than an OR of
 * a century of them). Null when nothing narrows.
 */
export function publishedRange(start: string | null, end: string | null, now = new Date()): ScopeExpr | null {
  if (start === null && end === null) return null;
  const undated = tok("dated", "undated");
  const dated = tok("dated", "dated");
  const floor: Ymd = { year: FIRST_PUBLISHED_YEAR, month: 1, day: 1 };
  const ceiling: Ymd = { year: now.getUTCFullYear() + 1, month: 12, day: 31 };
  let inWindow: ScopeExpr;
  if (start !== null && end !== null) {
    inWindow = dayCover(PUBLISHED, monthStart(dayOf(Date.parse(start))), monthEnd(dayOf(Date.parse(end))));
  } else {
    const outside =
      end !== null
        ? dayCover(PUBLISHED, monthStart(dayOf(Date.parse(end)), 1), ceiling)
        : dayCover(PUBLISHED, floor, monthEnd(dayOf(Date.parse(start!)), -1));
    inWindow = outside.op === "none" ? dated : { op: "not", items: [dated, outside] };
  }
  return or(undated, inWindow);
}
