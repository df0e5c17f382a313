// Excel number-format engine: renders a cell value as Excel displays it (currency, %, grouping, (negatives), dates).
// Covers the format codes real workbooks use; shared by the XLSX and XLS (BIFF8) parsers.

import { formatDate } from "./numfmt-date";

const BUILTIN: Record<number, string> = {
  0: "General", 1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00",
  5: '"$"#,##0_);("$"#,##0)', 6: '"$"#,##0_);[Red]("$"#,##0)', 7: '"$"#,##0.00_);("$"#,##0.00)', 8: '"$"#,##0.00_);[Red]("$"#,##0.00)',
  9: "0%", 10: "0.00%", 11: "0.00E+00", 12: "# ?/?", 13: "# ??/??", 14: "m/d/yyyy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy",
  18: "h:mm AM/PM", 19: "h:mm:ss AM/PM", 20: "h:mm", 21: "h:mm:ss", 22: "m/d/yyyy h:mm",
  27: "m/d/yyyy", 30: "m/d/yy", 36: "m/d/yyyy",
  37: "#,##0_);(#,##0)", 38: "#,##0_);[Red](#,##0)", 39: "#,##0.00_);(#,##0.00)", 40: "#,##0.00_);[Red](#,##0.00)",
  41: '_(* #,##0_);_(* (#,##0);_(* "-"_);_(@_)', 42: '_("$"* #,##0_);_("$"* (#,##0);_("$"* "-"_);_(@_)',
  43: '_(* #,##0.00_);_(* (#,##0.00);_(* "-"??_);_(@_)', 44: '_("$"* #,##0.00_);_("$"* (#,##0.00);_("$"* "-"??_);_(@_)',
  45: "mm:ss", 46: "[h]:mm:ss", 47: "mm:ss.0", 48: "##0.0E+0", 49: "@", 50: "m/d/yyyy", 57: "m/d/yyyy", 58: "m/d/yyyy",
};

export function builtinFormat(id: number): string | undefined {
  return BUILTIN[id];
}

export type Tok =
  | { t: "lit"; s: string }
  | { t: "ph"; c: string } // 0 # ?
  | { t: "dot" }
  | { t: "comma" }
  | { t: "pct" }
  | { t: "exp"; sign: string }
  | { t: "slash" }
  | { t: "at" }
  | { t: "date"; s: string }; // y.. m.. d.. h.. s.. AM/PM A/P [h] [m] [s] .0

export interface Section {
  toks: Tok[];
  cond?: { op: string; v: number };
  isDate: boolean;
  isGeneral: boolean;
}

const cache = new Map<string, Section[]>();
const MAX_FORMAT_CODE = 255;

function splitSections(fmt: string): string[] {
  const out: string[] = [];
  let cur = "";
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i];
    if (c === '"') {
      const e = fmt.indexOf('"', i + 1);
      const stop = e < 0 ? fmt.length : e;
      cur += fmt.slice(i, stop + 1);
      i = stop;
    } else if (c === "\\" || c === "_" || c === "*") {
      cur += fmt.slice(i, i + 2);
      i++;
    } else if (c === "[") {
      const e = fmt.indexOf("]", i);
      const stop = e < 0 ? fmt.length : e;
      cur += fmt.slice(i, stop + 1);
      i = stop;
    } else if (c === ";") {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  out.push(cur);
  return out;
}

function tokenize(sec: string): Section {
  const toks: Tok[] = [];
  let cond: Section["cond"];
  const lit = (s: string) => {
    const last = toks[toks.length - 1];
    if (last && last.t === "lit") last.s += s;
    else toks.push({ t: "lit", s });
  };
  const lower = sec.toLowerCase();
  for (let i = 0; i < sec.length; i++) {
    const c = sec[i];
    const lc = lower[i];
    if (c === '"') {
      const e = sec.indexOf('"', i + 1);
      const stop = e < 0 ? sec.length : e;
      lit(sec.slice(i + 1, stop));
      i = stop;
    } else if (c === "\\") {
      lit(sec[i + 1] ?? "");
      i++;
    } else if (c === "_") {
      lit(" ");
      i++;
    } else if (c === "*") {
      i++; // fill character: no width in plain text
    } else if (c === "[") {
      const e = sec.indexOf("]", i);
      const body = sec.slice(i + 1, e < 0 ? sec.length : e);
      i = e < 0 ? sec.length : e;
      const m = /^(<=|>=|<>|<|>|=)\s*(-?[\d.]+)$/.exec(body);
      if (m) cond = { op: m[1], v: Number(m[2]) };
      else if (/^(h+|m+|s+)$/i.test(body)) toks.push({ t: "date", s: "[" + body.toLowerCase()[0] + "]" });
      else if (body.startsWith("$")) {
        const sym = body.slice(1).split("-")[0];
        if (sym) lit(sym);
      } // colours and other [..] codes are dropped
    } else if (c === "0" || c === "#" || c === "?") toks.push({ t: "ph", c });
    else if (c === ".") {
      // ".0" right after seconds is fractional seconds
      const prev = toks[toks.length - 1];
      if (prev && prev.t === "date" && prev.s[0] === "s" && sec[i + 1] === "0") {
        let j = i + 1;
        while (sec[j] === "0") j++;
        toks.push({ t: "date", s: "." + "0".repeat(j - i - 1) });
        i = j - 1;
      } else toks.push({ t: "dot" });
    } else if (c === ",") toks.push({ t: "comma" });
    else if (c === "%") toks.push({ t: "pct" });
    else if ((c === "E" || c === "e") && (sec[i + 1] === "+" || sec[i + 1] === "-")) {
      toks.push({ t: "exp", sign: sec[i + 1] });
      i++;
    } else if (c === "/") toks.push({ t: "slash" });
    else if (c === "@") toks.push({ t: "at" });
    else if (lower.startsWith("am/pm", i)) {
      toks.push({ t: "date", s: "ampm" });
      i += 4;
    } else if (lower.startsWith("a/p", i)) {
      toks.push({ t: "date", s: "ap" });
      i += 2;
    } else if (lc === "y" || lc === "m" || lc === "d" || lc === "h" || lc === "s") {
      let j = i;
      while (lower[j] === lc) j++;
      toks.push({ t: "date", s: lower.slice(i, j) });
      i = j - 1;
    } else if (lc === "g" && lower.startsWith("general", i)) {
      toks.push({ t: "ph", c: "G" });
      i += 6;
    } else if (lc === "b" && /^b[12]$/.test(lower.slice(i, i + 2))) {
      i++; // Buddhist / Gregorian calendar switch
    } else lit(c);
  }
  const isGeneral = toks.some((x) => x.t === "ph" && x.c === "G");
  const isDate = !isGeneral && toks.some((x) => x.t === "date");
  return { toks, cond, isDate, isGeneral };
}

function sections(fmt: string): Section[] {
  let s = cache.get(fmt);
  if (!s) {
    s = splitSections(fmt).map(tokenize);
    if (cache.size > 2000) cache.clear();
    cache.set(fmt, s);
  }
  return s;
}

/** Excel "General": whole numbers in full, otherwise ~11 significant digits, scientific for huge or tiny magnitudes. */
export function formatGeneral(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return "0";
  const a = Math.abs(v);
  // Whole numbers are shown in full (as in a wide column): exact figures matter more than column width here.
  if (Number.isInteger(v) && a < 1e21) return String(v);
  if (a >= 1e11 || a < 1e-9) {
    const [m, e] = v.toExponential(5).split("e");
    const mant = trimFraction(m);
    const ex = Number(e);
    return `${mant}E${ex < 0 ? "-" : "+"}${String(Math.abs(ex)).padStart(2, "0")}`;
  }
  const digits = Math.max(0, 10 - Math.floor(Math.log10(a)));
  return trimFraction(v.toFixed(Math.min(digits, 20)));
}

/** "1.2300" -> "1.23", "5.000" -> "5": a decimal fraction's trailing zeros, then a bare point. */
function trimFraction(s: string): string {
  if (!s.includes(".")) return s;
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48 /* 0 */) end--;
  if (s.charCodeAt(end - 1) === 46 /* . */) end--;
  return s.slice(0, end);
}

/** "1234567" -> "1,234,567" (a string of digits, as toFixed and BigInt write them). */
function group(intStr: string): string {
  const first = intStr.length % 3 || 3;
  const parts = [intStr.slice(0, first)];
  for (let i = first; i < intStr.length; i += 3) parts.push(intStr.slice(i, i + 3));
  return parts.join(",");
}

function toFixedBig(v: number, dec: number): string {
  if (v < 1e21) return v.toFixed(dec);
  return BigInt(Math.round(v)).toString() + (dec ? "." + "0".repeat(dec) : "");
}

function bestFraction(x: number, maxDen: number): [number, number] {
  let [h0, h1, k0, k1] = [0, 1, 1, 0];
  let b = x;
  for (let i = 0; i < 64; i++) {
    const a = Math.floor(b);
    const h2 = a * h1 + h0;
    const k2 = a * k1 + k0;
    if (k2 > maxDen) break;
    [h0, h1, k0, k1] = [h1, h2, k1, k2];
    if (Math.abs(b - a) < 1e-12) break;
    b = 1 / (b - a);
  }
  return [h1, k1];
}

function formatNumber(v: number, sec: Section): string {
  const toks = sec.toks;
  if (sec.isGeneral) return toks.map((t) => (t.t === "ph" && t.c === "G" ? formatGeneral(v) : t.t === "lit" ? t.s : "")).join("");
  const pct = toks.filter((t) => t.t === "pct").length;
  let x = v * Math.pow(100, pct);
  const phIdx = toks.map((t, i) => (t.t === "ph" ? i : -1)).filter((i) => i >= 0);
  if (phIdx.length === 0) return toks.map((t) => (t.t === "lit" ? t.s : t.t === "pct" ? "%" : "")).join("");
  const slash = toks.findIndex((t) => t.t === "slash");
  if (slash > 0 && toks.slice(0, slash).some((t) => t.t === "ph")) return formatFraction(x, toks, slash);
  const dotAt = toks.findIndex((t) => t.t === "dot");
  const expAt = toks.findIndex((t) => t.t === "exp");
  const numEnd = expAt >= 0 ? expAt : toks.length;
  const intEnd = dotAt >= 0 && dotAt < numEnd ? dotAt : numEnd;
  const lastPh = phIdx.filter((i) => i < numEnd).pop() ?? -1;
  const firstPh = phIdx[0];
  // Commas: grouping if between placeholders of the integer part, scaling (/1000) if right after the last digit.
  let grouping = false;
  let scale = 0;
  toks.forEach((t, i) => {
    if (t.t !== "comma") return;
    if (i > firstPh && i < intEnd && phIdx.some((p) => p > i && p < intEnd)) grouping = true;
    else if (i > firstPh && (i > lastPh || i === intEnd - 1 || toks.slice(i + 1, intEnd).every((u) => u.t === "comma"))) scale++;
  });
  x /= Math.pow(1000, scale);
  const intPh = toks.slice(0, intEnd).filter((t): t is { t: "ph"; c: string } => t.t === "ph");
  const decPh = dotAt >= 0 ? toks.slice(dotAt + 1, numEnd).filter((t): t is { t: "ph"; c: string } => t.t === "ph") : [];
  let exponent = 0;
  if (expAt >= 0 && x !== 0) {
    const step = intPh.length > 1 && intPh[0].c === "#" ? intPh.length : 1;
    exponent = Math.floor(Math.log10(Math.abs(x)) / step) * step;
    x = x / Math.pow(10, exponent);
    if (Number(Math.abs(x).toFixed(decPh.length)) >= Math.pow(10, step)) {
      exponent += step;
      x /= Math.pow(10, step);
    }
  }
  const fixed = toFixedBig(Math.abs(x), decPh.length);
  let [intDigits, decDigits = ""] = fixed.split(".");
  const minInt = intPh.filter((p) => p.c === "0").length;
  if (intDigits === "0" && minInt === 0) intDigits = "";
  if (intDigits.length < minInt) intDigits = intDigits.padStart(minInt, "0");
  const qInt = intPh.filter((p) => p.c === "?").length;
  if (grouping) intDigits = group(intDigits);
  if (intDigits.length < qInt) intDigits = intDigits.padStart(qInt, " ");
  // Decimal placeholders: '#' drops trailing zeros, '?' turns them into spaces.
  const dec = decDigits.split("");
  for (let i = dec.length - 1; i >= 0 && dec[i] === "0"; i--) {
    if (decPh[i].c === "#") dec[i] = "";
    else if (decPh[i].c === "?") dec[i] = " ";
    else break;
  }
  let out = "";
  let intDone = false;
  let decI = 0;
  let expDone = false;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.t === "lit") out += t.s;
    else if (t.t === "pct") out += "%";
    else if (t.t === "at" || t.t === "date" || t.t === "slash") continue;
    else if (t.t === "comma") {
      if (i < firstPh) out += ",";
    } else if (t.t === "dot") {
      if (i === dotAt) out += ".";
    } else if (t.t === "ph") {
      if (i < intEnd) {
        if (!intDone) out += intDigits;
        intDone = true;
      } else if (i < numEnd) out += dec[decI++] ?? "";
    } else if (t.t === "exp") {
      if (expDone) continue;
      expDone = true;
      const expPh = toks.slice(i + 1).filter((u) => u.t === "ph").length;
      const e = String(Math.abs(exponent)).padStart(Math.max(1, expPh), "0");
      out += "E" + (exponent < 0 ? "-" : t.sign === "+" ? "+" : "") + e;
      // skip the exponent placeholders
      while (i + 1 < toks.length && toks[i + 1].t === "ph") i++;
    }
  }
  return out;
}

function formatFraction(x: number, toks: Tok[], slash: number): string {
  // numerator placeholders: the run of ph tokens right before the slash; whole part: ph tokens before that run.
  let numStart = slash;
  while (numStart > 0 && toks[numStart - 1].t === "ph") numStart--;
  const hasWhole = toks.slice(0, numStart).some((t) => t.t === "ph");
  const after = toks.slice(slash + 1);
  const denPh = after.filter((t) => t.t === "ph").length;
  const fixedDen = after.find((t) => t.t === "lit" && /^\d+/.test(t.s)) as { s: string } | undefined;
  const a = Math.abs(x);
  const whole = hasWhole ? Math.floor(a) : 0;
  const frac = a - whole;
  let num: number;
  let den: number;
  if (fixedDen && denPh === 0) {
    den = parseInt(fixedDen.s, 10);
    num = Math.round(frac * den);
  } else [num, den] = bestFraction(frac, Math.pow(10, Math.max(1, denPh)) - 1);
  let w = whole;
  if (num === den && den > 0) (w += 1), (num = 0);
  const prefix = toks.slice(0, numStart).filter((t) => t.t === "lit").map((t) => (t as { s: string }).s).join("");
  const wholeStr = hasWhole ? (w === 0 && num !== 0 ? "" : String(w)) : "";
  if (num === 0) return (prefix + (wholeStr || "0")).trim();
  return `${prefix}${wholeStr ? wholeStr + " " : ""}${num}/${den}`.replace(/\s+/g, " ").trim();
}

function matches(c: NonNullable<Section["cond"]>, v: number): boolean {
  switch (c.op) {
    case "<": return v < c.v;
    case "<=": return v <= c.v;
    case ">": return v > c.v;
    case ">=": return v >= c.v;
    case "=": return v === c.v;
    case "<>": return v !== c.v;
  }
  return false;
}

/** Formats a numeric cell value with an Excel format code, as Excel would display it. */
export function formatCellNumber(v: number, fmt: string | undefined, date1904 = false): string {
  // Excel caps a format code at 255 characters; a longer one comes from a hostile file and would cost
  // its length in work for every cell that uses it.
  if (!fmt || fmt.length > MAX_FORMAT_CODE || /^general$/i.test(fmt.trim())) return formatGeneral(v);
  try {
    const secs = sections(fmt);
    let sec: Section;
    let val = v;
    const numericSecs = secs.filter((s) => !s.toks.some((t) => t.t === "at") || s.toks.some((t) => t.t === "ph"));
    if (secs.some((s) => s.cond)) {
      const hit = secs.slice(0, 3).find((s) => s.cond && matches(s.cond, v));
      sec = hit ?? secs.slice(0, 3).find((s) => !s.cond) ?? secs[0];
      if (v < 0 && sec !== secs[0]) val = Math.abs(v);
      else if (v < 0 && sec === secs[0] && !sec.cond) val = v;
    } else if (v > 0 || (v === 0 && secs.length < 3) || (v === 0 && numericSecs.length < 3)) sec = secs[0];
    else if (v < 0 && secs.length >= 2) {
      sec = secs[1];
      val = -v;
    } else if (v === 0) sec = secs[2];
    else sec = secs[0];
    if (sec.isDate) {
      if (v < 0) return formatGeneral(v);
      return formatDate(val, sec, date1904);
    }
    const s = formatNumber(Math.abs(val), sec);
    const negNoSection = val < 0 && !sec.isGeneral;
    const neg = (val < 0 && sec.isGeneral) || negNoSection;
    return neg && /[1-9]/.test(s) ? "-" + s : s;
  } catch {
    return formatGeneral(v);
  }
}

/** True when the format code displays a date or time. */
export function isDateFormat(fmt: string | undefined): boolean {
  if (!fmt) return false;
  try {
    return sections(fmt)[0].isDate;
  } catch {
    return false;
  }
}
