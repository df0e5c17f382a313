// Plain text (encoding detection) and HTML (visible text, tables, entities) inside workerd.
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/documents/parsers";
import { expectOk, parseFixture } from "./fixtures";

const enc = new TextEncoder();

describe("TXT", () => {
  it("decodes UTF-8 with non-ASCII characters", async () => {
    const r = expectOk(await parseFixture("testTXTNonASCIIUTF8.txt"));
    expect(r.format).toBe("txt");
    expect(r.pages[0].text).toContain("Der schnelle braune Fuchs springt über den faulen Hund");
    expect(r.pages[0].text).toContain("السريع");
  });

  it("decodes windows-1252 smart quotes (bytes 0x93 / 0x94)", async () => {
    const r = expectOk(await parseFixture("testTXT_win-1252.txt"));
    expect(r.pages[0].text).toBe("These smart quotes are the trigger for CharsetRecog_sbcs to think this is a \u201cwindows\u201d encoding");
  });

  it("decodes ISO-8859-1 accented letters", async () => {
    const r = expectOk(await parseFixture("multi-language.txt"));
    expect(r.pages[0].text).toContain("Port ABC não contabilize");
    expect(r.pages[0].text).toContain("español ABC adhoc prácticas");
    expect(r.pages[0].text).not.toContain("\ufffd");
  });

  it("splits pdftotext output on form feeds and keeps the Ulta figures", async () => {
    const r = expectOk(await parseFixture("ULTABEAUTY_2023Q4_EARNINGS.pdftotext-layout.txt"));
    expect(r.pages).toHaveLength(9);
    expect(r.pages[0].text).toContain("Net Sales of $3.2 Billion");
    expect(r.pages[0].text).toContain("$6.68 Per Diluted Share");
  });

  it("strips a UTF-8 BOM and normalizes CRLF / CR newlines", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode("caf\u00e9\r\nline2\rline3\n")]);
    const r = expectOk(await parseDocument(bytes, { fileName: "notes.txt" }));
    expect(r.pages[0].text).toBe("caf\u00e9\nline2\nline3\n");
  });
});

describe("HTML", () => {
  it("extracts the visible text of an EDGAR 10-K cover page with tables and entities", async () => {
    const r = expectOk(await parseFixture("example-10k-1p.html"));
    expect(r.format).toBe("html");
    const t = r.pages[0].text;
    expect(t).toContain("Galaxy Gaming, Inc.");
    expect(t).toContain("Commission file number: 000-30653");
    expect(t).toContain("| Common stock | GLXZ | OTCQB marketplace |");
    expect(t).toContain("6480 Cameron Street Ste. 305 – Las Vegas, NV 89118");
    expect(t).toContain("Registrant’s telephone number");
    expect(t).not.toMatch(/&#\d+;|&nbsp;|<\/?[a-z]/i);
  });

  it("drops script, style, head and hidden elements; blocks become lines; tables become markdown", async () => {
    const html = `<!DOCTYPE html><html><head><title>Q3 &amp; more</title><style>p{color:red}</style><script>var x = "<p>no</p>";</script></head>
<body><h1>Results</h1><p>Revenue rose&nbsp;12&#37; to &euro;5&#x2C;000.</p><div style="display:none"><p>hidden fact</p></div>
<table><tr><th>Item</th><th>2023</th></tr><tr><td>Sales</td><td>$1,234</td></tr><tr><td colspan="2">Note &lt;a&gt;</td></tr></table>
<ul><li>One</li><li>Two</li></ul><noscript>enable js</noscript></body></html>`;
    const r = expectOk(await parseDocument(enc.encode(html), { fileName: "page.html" }));
    expect(r.title).toBe("Q3 & more");
    const t = r.pages[0].text;
    expect(t).toContain("# Results");
    expect(t).toContain("Revenue rose 12% to €5,000.");
    expect(t).toContain("| Item | 2023 |\n| --- | --- |\n| Sales | $1,234 |\n| Note <a> |  |");
    expect(t).toContain("- One\n- Two");
    expect(t).not.toContain("hidden fact");
    expect(t).not.toContain("color:red");
    expect(t).not.toContain("no</p>");
    expect(t).not.toContain("enable js");
    expect(t).not.toContain("Q3 & more");
  });
});
