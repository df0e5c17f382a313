// HTML to text: visible text only (script/style/head/hidden dropped), blocks become lines, tables markdown.
// A tolerant single-pass tag scanner, so broken real-world HTML (EDGAR filings) still yields its text.

import type { ParseBudget, ParseLimits } from "./budget";
import { markdownTable } from "./markdown-table";
import { decodeText, normalizeNewlines } from "./text";
import type { ParsedDoc } from "./types";
import { trimBeforeNewlines } from "./whitespace";

const ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ensp: " ", emsp: " ", thinsp: " ", shy: "",
  copy: "©", reg: "®", trade: "™", mdash: "—", ndash: "–", hellip: "…", lsquo: "‘", rsquo: "’", sbquo: "‚",
  ldquo: "“", rdquo: "”", bdquo: "„", bull: "•", middot: "·", euro: "€", pound: "£", yen: "¥", cent: "¢",
  sect: "§", para: "¶", deg: "°", plusmn: "±", times: "×", divide: "÷", frac12: "½", frac14: "¼", frac34: "¾",
  laquo: "«", raquo: "»", iexcl: "¡", iquest: "¿", dagger: "†", Dagger: "‡", permil: "‰", prime: "′",
  minus: "−", larr: "←", rarr: "→", uarr: "↑", darr: "↓", check: "✓", micro: "µ", ordf: "ª", ordm: "º",
  sup1: "¹", sup2: "²", sup3: "³", acute: "´", cedil: "¸", uml: "¨", macr: "¯", curren: "¤", brvbar: "¦", not: "¬",
  szlig: "ß", AElig: "Æ", aelig: "æ", OElig: "Œ", oelig: "œ", ETH: "Ð", eth: "ð", THORN: "Þ", thorn: "þ",
  Oslash: "Ø", oslash: "ø", Aring: "Å", aring: "å", zwj: "", zwnj: "", lrm: "", rlm: "",
};
const ACCENTS: Record<string, string> = { acute: "\u0301", grave: "\u0300", circ: "\u0302", tilde: "\u0303", uml: "\u0308", cedil: "\u0327" };
// Numeric references in 128..159 are windows-1252 in practice (HTML5 spec does the same).
const C1 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

export function decodeHtmlEntities(s: string): string {
  if (s.indexOf("&") < 0) return s;
  return s.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);?/g, (m, e: string) => {
    if (e[0] === "#") {
      const cp = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      if (cp >= 128 && cp <= 159) return C1[cp - 128];
      return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : "";
    }
    const named = ENTITIES[e];
    if (named !== undefined) return named;
    const acc = /^([a-zA-Z])(acute|grave|circ|tilde|uml|cedil)$/.exec(e);
    if (acc) return (acc[1] + ACCENTS[acc[2]]).normalize("NFC");
    return m;
  });
}

const BLOCK = new Set(
  "p div br hr li ul ol dl dt dd h1 h2 h3 h4 h5 h6 section article header footer main nav aside blockquote pre address figure figcaption form fieldset legend center title tr table caption details summary".split(
    " ",
  ),
);
const VOID = new Set("area base br col embed hr img input link meta param source track wbr".split(" "));
const RAW_SKIP = new Set(["script", "style", "noscript", "template", "textarea", "svg", "math", "object", "iframe"]);

interface TableState {
  rows: string[][];
  row: string[] | null;
  cell: string[] | null;
  colspan: number;
}

/** Picks the charset from a BOM, a <meta charset>, or the UTF-8 / windows-1252 sniffing of text.ts. */
function decodeHtmlBytes(bytes: Uint8Array): string {
  const head = String.fromCharCode(...bytes.subarray(0, Math.min(bytes.length, 2048)));
  const m = /<meta[^>]+charset\s*=\s*(?:["']\s*)?([\w-]+)/i.exec(head) ?? /<\?xml[^>]+encoding\s*=\s*["']([\w-]+)/i.exec(head);
  const cs = m?.[1].toLowerCase();
  if (cs && /^(windows-1252|cp1252|iso-8859-1|latin-?1|us-ascii)$/.test(cs) && !(bytes[0] === 0xef && bytes[1] === 0xbb)) {
    return decodeText(bytes, "windows-1252");
  }
  return decodeText(bytes);
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** `html` at `at` spells the lower-case ASCII `name`, in any case. */
function spells(html: string, at: number, name: string): boolean {
  if (at + name.length > html.length) return false;
  for (let k = 0; k < name.length; k++) {
    let c = html.charCodeAt(at + k);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== name.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Where the element `name` (lower case) opened just before `from` ends: just past the tag that closes it,
 * counting nested elements of the same name, or html.length. A scan, where /<(\/?)name\b[^>]*?(\/?)>/gi
 * would retry from every later "<name" once no ">" is left (quadratic on "<div<div<div...").
 */
function skipElement(html: string, from: number, name: string): number {
  const n = html.length;
  let depth = 1;
  let i = from;
  while (depth > 0) {
    const lt = html.indexOf("<", i);
    if (lt < 0) return n;
    const closing = html.charCodeAt(lt + 1) === 47; /* / */
    const at = lt + (closing ? 2 : 1);
    const after = at + name.length;
    // \b after the name: a word character on exactly one side.
    if (!spells(html, at, name) || isWordChar(html.charCodeAt(after - 1)) === isWordChar(html.charCodeAt(after))) {
      i = lt + 1;
      continue;
    }
    const gt = html.indexOf(">", after);
    if (gt < 0) return n; // no tag can end any more
    if (closing) depth--;
    else if (!(gt > after && html.charCodeAt(gt - 1) === 47)) depth++;
    i = gt + 1;
  }
  return i;
}

export function htmlToText(html: string, budget: ParseBudget): { text: string; title?: string } {
  const out: string[] = []; // text outside tables
  const tables: TableState[] = [];
  let title: string | undefined;
  let inTitle = false;
  let pre = 0;
  let inHead = false;

  const sink = (): string[] => {
    const t = tables[tables.length - 1];
    if (t) {
      if (!t.cell) {
        if (!t.row) t.row = [];
        t.cell = [];
        t.colspan = 1;
      }
      return t.cell;
    }
    return out;
  };
  const newline = () => {
    const s = sink();
    if (tables.length) s.push(" ");
    else s.push("\n");
  };
  const closeCell = (t: TableState) => {
    if (!t.cell) return;
    if (!t.row) t.row = [];
    budget.step(t.colspan); // a spanned cell fills up to 50 columns
    t.row.push(t.cell.join("").replace(/\s+/g, " ").trim());
    for (let i = 1; i < t.colspan; i++) t.row.push("");
    t.cell = null;
  };
  const closeRow = (t: TableState) => {
    closeCell(t);
    if (t.row) t.rows.push(t.row);
    t.row = null;
  };
  const closeTable = () => {
    const t = tables.pop();
    if (!t) return;
    closeRow(t);
    if (tables.length) {
      // Nested table: flatten into the enclosing cell as "a, b; c, d".
      const flat = t.rows.map((r) => r.filter((c) => c).join(", ")).filter((r) => r).join("; ");
      sink().push(" " + flat + " ");
    } else {
      const md = markdownTable(t.rows, budget);
      if (md) out.push("\n\n" + md + "\n\n");
    }
  };

  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf("<", i);
    const end = lt < 0 ? n : lt;
    if (end > i) {
      const raw = html.slice(i, end);
      if (inTitle) title = (title ?? "") + decodeHtmlEntities(raw);
      else if (!inHead) {
        const t = decodeHtmlEntities(raw).replace(/\u00a0/g, " ");
        sink().push(pre ? t : t.replace(/[ \t\r\n\f]+/g, " "));
      }
    }
    if (lt < 0) break;
    if (html.startsWith("<!--", lt)) {
      const e = html.indexOf("-->", lt + 4);
      i = e < 0 ? n : e + 3;
      continue;
    }
    const m = /^<(\/?)([a-zA-Z][\w:.-]*)/.exec(html.slice(lt, lt + 64));
    if (!m) {
      if (html[lt + 1] === "!" || html[lt + 1] === "?") {
        const e = html.indexOf(">", lt);
        i = e < 0 ? n : e + 1;
      } else {
        sink().push("<");
        i = lt + 1;
      }
      continue;
    }
    // End of the tag, skipping quoted attribute values.
    let j = lt + m[0].length;
    let q = 0;
    for (; j < n; j++) {
      const c = html.charCodeAt(j);
      if (q) {
        if (c === q) q = 0;
      } else if (c === 34 || c === 39) q = c;
      else if (c === 62) break;
    }
    const attrs = html.slice(lt + m[0].length, j);
    i = j + 1;
    const closing = m[1] === "/";
    const name = m[2].toLowerCase();
    const local = name.includes(":") ? name.slice(name.indexOf(":") + 1) : name;

    if (!closing && RAW_SKIP.has(local) && !attrs.endsWith("/")) {
      const re = new RegExp(`</${name.replace(/[.]/g, "\\.")}\\s*>`, "gi");
      re.lastIndex = i;
      i = re.exec(html) ? re.lastIndex : n;
      continue;
    }
    if (!closing && /display\s*:\s*none/i.test(attrs) && !VOID.has(local) && !attrs.endsWith("/")) {
      // Hidden element (e.g. the inline-XBRL header): skip to its matching close tag.
      i = skipElement(html, i, name);
      continue;
    }
    if (local === "head") {
      inHead = !closing;
      continue;
    }
    if (local === "body" && !closing) inHead = false;
    if (local === "title") {
      inTitle = !closing;
      continue;
    }
    if (local === "pre") pre = Math.max(0, pre + (closing ? -1 : 1));

    if (local === "table") {
      if (closing) closeTable();
      else {
        tables.push({ rows: [], row: null, cell: null, colspan: 1 });
      }
      continue;
    }
    const t = tables[tables.length - 1];
    if (t) {
      if (local === "tr") {
        closeRow(t);
        if (!closing) t.row = [];
        continue;
      }
      if (local === "td" || local === "th") {
        closeCell(t);
        if (!closing) {
          t.cell = [];
          const cs = /colspan\s*=\s*["']?(\d+)/i.exec(attrs);
          t.colspan = cs ? Math.min(50, Math.max(1, parseInt(cs[1], 10))) : 1;
          if (!t.row) t.row = [];
        }
        continue;
      }
    }
    if (/^h[1-6]$/.test(local)) {
      if (closing) sink().push("\n\n");
      else sink().push(tables.length ? " " : "\n\n" + "#".repeat(Number(local[1])) + " ");
      continue;
    }
    if (local === "li") {
      if (!closing) sink().push(tables.length ? " " : "\n- ");
      continue;
    }
    if (local === "td" || local === "th") {
      sink().push(" ");
      continue;
    }
    if (BLOCK.has(local)) {
      if (local === "p" || local === "div" || local === "table") newline();
      newline();
    }
  }
  while (tables.length) closeTable();
  const text = trimBeforeNewlines(out.join(""), true)
    .replace(/\n[ \t\u00a0]+/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { text, title: title?.replace(/\s+/g, " ").trim() || undefined };
}

export function parseHtml(bytes: Uint8Array, limits: ParseLimits): ParsedDoc {
  const html = normalizeNewlines(decodeHtmlBytes(bytes));
  const { text, title } = htmlToText(html, limits.budget);
  // Cut, not failed, past the budget's characters, as plain text is.
  const kept = text.slice(0, limits.budget.limits.maxTextChars);
  limits.budget.text(kept.length);
  return { pages: [{ page: 1, text: kept }], title };
}
