// RFC 4180 CSV parsing for the market-data loader: quoted fields with commas, doubled quotes and line
// breaks, CRLF or LF, a leading BOM. A malformed file is an expected outcome, so it is a result, not a throw.

export type CsvResult = { ok: true; header: string[]; rows: string[][] } | { ok: false; error: string };

export function parseCsv(text: string): CsvResult {
  const records: string[][] = [];
  const lineOf: number[] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const endField = () => {
    record.push(field);
    field = "";
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // A line with nothing on it is not a record (trailing newline, blank lines).
    if (!(record.length === 1 && record[0] === "")) {
      records.push(record);
      lineOf.push(recordLine);
    }
    record = [];
  };

  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          const next = text[i + 1];
          if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") {
            return { ok: false, error: `line ${line}: unexpected character after a closing quote` };
          }
        }
      } else {
        if (ch === "\n") line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (fieldStarted) return { ok: false, error: `line ${line}: quote inside an unquoted field` };
      quoted = true;
      fieldStarted = true;
    } else if (ch === ",") {
      endField();
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += ch;
      fieldStarted = true;
    }
  }
  if (quoted) return { ok: false, error: `line ${recordLine}: unterminated quoted field` };
  if (fieldStarted || record.length > 0) endRecord();

  if (records.length === 0) return { ok: false, error: "the file is empty" };
  const [header, ...rows] = records;
  const width = header.length;
  for (let r = 0; r < rows.length; r++) {
    if (rows[r].length !== width) {
      return { ok: false, error: `line ${lineOf[r + 1]}: ${rows[r].length} fields where the header has ${width}` };
    }
  }
  return { ok: true, header: header.map((h) => h.trim()), rows };
}
