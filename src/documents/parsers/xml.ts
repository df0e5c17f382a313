// A small, allocation-light XML event scanner for the OOXML parts (document, sheets, slides).
// Order-preserving and linear-time; namespace prefixes are dropped so "w:p" arrives as "p".

export interface XmlEvents {
  open?(name: string, attrs: string, selfClosing: boolean): void;
  close?(name: string): void;
  text?(text: string): void;
  /** Checked after every tag; returning true ends the walk early (e.g. row caps). */
  stop?(): boolean;
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes XML character and the five predefined entity references. */
export function decodeXml(s: string): string {
  if (s.indexOf("&") < 0) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (m, e: string) => {
    if (e[0] === "#") {
      const cp = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(cp) && cp >= 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : "";
    }
    return NAMED[e] ?? m;
  });
}

function localName(qname: string): string {
  const i = qname.indexOf(":");
  return i < 0 ? qname : qname.slice(i + 1);
}

/** Reads attribute `name` (local name, any prefix) from the raw attribute text of a tag. */
export function attr(raw: string, name: string): string | undefined {
  if (!raw) return undefined;
  const re = new RegExp(`(?:^|[\\s:])${name}\\s*=\\s*("([^"]*)"|'([^']*)')`);
  const m = re.exec(raw);
  if (!m) return undefined;
  return decodeXml(m[2] ?? m[3] ?? "");
}

/**
 * Walks the XML text once, calling the handlers in document order. Comments, PIs, DOCTYPE are skipped.
 * Every open() gets a matching close(), also for self-closing tags.
 */
export function walkXml(xml: string, ev: XmlEvents): void {
  const n = xml.length;
  let i = 0;
  while (i < n) {
    const lt = xml.indexOf("<", i);
    const end = lt < 0 ? n : lt;
    if (end > i && ev.text) ev.text(decodeXml(xml.slice(i, end)));
    if (lt < 0) break;
    const c = xml.charCodeAt(lt + 1);
    if (c === 33 /* ! */) {
      if (xml.startsWith("<!--", lt)) {
        const e = xml.indexOf("-->", lt + 4);
        i = e < 0 ? n : e + 3;
      } else if (xml.startsWith("<![CDATA[", lt)) {
        const e = xml.indexOf("]]>", lt + 9);
        const stop = e < 0 ? n : e;
        if (ev.text) ev.text(xml.slice(lt + 9, stop));
        i = e < 0 ? n : e + 3;
      } else {
        const e = xml.indexOf(">", lt);
        i = e < 0 ? n : e + 1;
      }
      continue;
    }
    if (c === 63 /* ? */) {
      const e = xml.indexOf("?>", lt);
      i = e < 0 ? n : e + 2;
      continue;
    }
    // Find the closing '>' of the tag, skipping quoted attribute values.
    let j = lt + 1;
    let q = 0;
    for (; j < n; j++) {
      const ch = xml.charCodeAt(j);
      if (q) {
        if (ch === q) q = 0;
      } else if (ch === 34 || ch === 39) q = ch;
      else if (ch === 62) break;
    }
    const inner = xml.slice(lt + 1, j);
    i = j + 1;
    if (inner.charCodeAt(0) === 47 /* / */) {
      if (ev.close) ev.close(localName(inner.slice(1).trim()));
      continue;
    }
    const self = inner.charCodeAt(inner.length - 1) === 47;
    const body = self ? inner.slice(0, -1) : inner;
    let k = 0;
    while (k < body.length && !/\s/.test(body[k])) k++;
    const name = localName(body.slice(0, k));
    if (ev.open) ev.open(name, body.slice(k), self);
    if (self && ev.close) ev.close(name);
    if (ev.stop && ev.stop()) return;
  }
}

/** Concatenated text of all elements named `el` (local name), e.g. every <t> in a shared string item. */
export function textOf(xml: string, el: string): string {
  const parts: string[] = [];
  let depth = 0;
  walkXml(xml, {
    open(name) {
      if (name === el) depth++;
    },
    close(name) {
      if (name === el && depth > 0) depth--;
    },
    text(t) {
      if (depth > 0) parts.push(t);
    },
  });
  return parts.join("");
}

/** The relationship id of a tag (r:id or any other prefix), ignoring a plain `id` attribute. */
export function relId(raw: string): string | undefined {
  const m = /(?:^|\s)[\w.-]+:id\s*=\s*("([^"]*)"|'([^']*)')/.exec(raw);
  return m ? (m[2] ?? m[3]) : undefined;
}
