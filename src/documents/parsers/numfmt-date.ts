// Date and time rendering for Excel number formats (yyyy, mmm, d, h:mm AM/PM, [h], fractional seconds).
// Split out of numfmt.ts; converts Excel serial dates (1900 or 1904 system) to calendar parts in UTC.

import type { Section } from "./numfmt";
import { MONTH_NAMES } from "../../core/months";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Excel serial date to UTC calendar parts (1900 system with its Feb-29 bug, or the 1904 system). */
export function serialToDate(serial: number, date1904 = false): Date {
  let days = Math.floor(serial);
  const ms = Math.round((serial - days) * 86400000);
  if (date1904) days += 1462;
  else if (days < 60) days += 1; // serials before the fictional 1900-02-29
  return new Date(Date.UTC(1899, 11, 30) + days * 86400000 + ms);
}

export function formatDate(v: number, sec: Section, date1904: boolean): string {
  const toks = sec.toks;
  // Round to the precision shown: whole seconds unless fractional seconds are displayed.
  const fracTok = toks.find((t) => t.t === "date" && t.s[0] === ".") as { s: string } | undefined;
  const fracDigits = fracTok ? fracTok.s.length - 1 : 0;
  const unit = 86400 * Math.pow(10, fracDigits);
  const rounded = Math.round(v * unit) / unit;
  const d = serialToDate(rounded, date1904);
  const hasAmPm = toks.some((t) => t.t === "date" && (t.s === "ampm" || t.s === "ap"));
  const Y = d.getUTCFullYear(), M = d.getUTCMonth(), D = d.getUTCDate(), H = d.getUTCHours(), Mi = d.getUTCMinutes(), S = d.getUTCSeconds();
  const pad = (n: number, w: number) => String(n).padStart(w, "0");
  let out = "";
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.t === "lit") {
      out += t.s;
      continue;
    }
    if (t.t === "ph") {
      out += t.c === "0" ? "0" : "";
      continue;
    }
    if (t.t === "dot") out += ".";
    else if (t.t === "comma") out += ",";
    else if (t.t === "slash") out += "/";
    else if (t.t === "pct") out += "%";
    if (t.t !== "date") continue;
    const s = t.s;
    if (s[0] === "y") out += s.length <= 2 ? pad(Y % 100, 2) : String(Y);
    else if (s[0] === "d") {
      if (s.length === 1) out += String(D);
      else if (s.length === 2) out += pad(D, 2);
      else if (s.length === 3) out += DAYS[d.getUTCDay()].slice(0, 3);
      else out += DAYS[d.getUTCDay()];
    } else if (s[0] === "h") {
      const h = hasAmPm ? ((H + 11) % 12) + 1 : H;
      out += s.length >= 2 ? pad(h, 2) : String(h);
    } else if (s[0] === "m") {
      // minutes when after an hour token or before a seconds token
      const prevDate = toks.slice(0, i).reverse().find((u) => u.t === "date") as { s: string } | undefined;
      const nextDate = toks.slice(i + 1).find((u) => u.t === "date") as { s: string } | undefined;
      const isMinute = s.length <= 2 && ((prevDate && (prevDate.s[0] === "h" || prevDate.s === "[h]")) || (nextDate && (nextDate.s[0] === "s" || nextDate.s === "[s]")));
      if (isMinute) out += s.length === 2 ? pad(Mi, 2) : String(Mi);
      else if (s.length === 1) out += String(M + 1);
      else if (s.length === 2) out += pad(M + 1, 2);
      else if (s.length === 3) out += MONTH_NAMES[M].slice(0, 3);
      else if (s.length === 5) out += MONTH_NAMES[M][0];
      else out += MONTH_NAMES[M];
    } else if (s[0] === "s") out += s.length >= 2 ? pad(S, 2) : String(S);
    else if (s[0] === ".") out += "." + pad(Math.round((rounded * 86400 - Math.floor(rounded * 86400)) * Math.pow(10, fracDigits)), fracDigits);
    else if (s === "ampm") out += H < 12 ? "AM" : "PM";
    else if (s === "ap") out += H < 12 ? "A" : "P";
    else if (s === "[h]") out += String(Math.floor(rounded * 24));
    else if (s === "[m]") out += String(Math.floor(rounded * 1440));
    else if (s === "[s]") out += String(Math.floor(rounded * 86400));
  }
  return out;
}
