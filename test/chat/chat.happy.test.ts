// Chat turns through the Worker: event order and framing, a cited extractive answer over real filing
// pages, references with every spec field, follow-ups, no_results, statement tables, the analytics stream.
import { beforeAll, describe, expect, it } from "vitest";
import { createOrg, jsonOf, type TestOrg } from "../helpers/harness";
import { addDocument, answerOf, chat, conversationOf, doc, final, fixturePage, messageOf, named, references, uniqueWord } from "./chat.helpers";

let org: TestOrg;
const ids: Record<string, string> = {};

beforeAll(async () => {
  org = await createOrg();
  const meta: Record<string, { company: string; ticker: string; year: number }> = {
    "3M_2018_10K_p59": { company: "3M", ticker: "MMM", year: 2018 },
    AMAZON_2017_10K_p37: { company: "Amazon", ticker: "AMZN", year: 2017 },
  };
  for (const [name, m] of Object.entries(meta)) {
    const d = await addDocument(
      doc({ organizationId: "external", kind: "external", name: name.replace(/_p\d+$/, ""), tickers: [m.ticker], companyNames: [m.company], fiscalYear: m.year, docSubType: "10k" }),
      [{ page: Number(name.split("_p").pop()), text: await fixturePage(name as never) }],
    );
    ids[name] = d.id;
  }
});

describe("a chat turn", () => {
  it("streams conversation, chat_message_id, status, answer_delta and citation events, then done", async () => {
    const r = await chat(org.key, { query: "What is the FY2018 capital expenditure amount for 3M? Use the cash flow statement." });
    const names = r.events.map((e) => e.event);
    expect(names[0]).toBe("conversation");
    expect(names[1]).toBe("chat_message_id");
    expect(r.events[1].data.chat_message_id).toBe(r.events[1].data.dialogue_id);
    expect(names.filter((n) => n === "done" || n === "error")).toEqual(["done"]);
    expect(names.at(-1)).toBe("done");
    const firstDelta = names.indexOf("answer_delta");
    expect(firstDelta).toBeGreaterThan(1);
    expect(names.lastIndexOf("status")).toBeLessThan(firstDelta);
    expect(names).not.toContain("search_results");
    for (let i = 1; i < r.events.length; i++) expect(r.events[i].id).toBeGreaterThan(r.events[i - 1].id);
    const citations = named(r, "citation");
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.map((c) => c.data.citation_idx)).toEqual(citations.map((_, i) => i + 1));
    expect(citations[0].data.document_id).toBe(ids["3M_2018_10K_p59"]);
    const answer = answerOf(r);
    for (const c of citations) expect(answer).toContain(`[${c.data.citation_idx}]`);
    expect(final(r).data).toEqual({ conversation_id: conversationOf(r), chat_message_id: messageOf(r), finish_reason: "stop" });
  });

  it("answers references with every field and metadata key of the spec, in citation order", async () => {
    const r = await chat(org.key, { query: "What was Amazon's FY2017 net income and total net sales?" });
    const res = await references(org.key, conversationOf(r));
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body.error).toBeNull();
    const refs = body.payload.references;
    const citations = named(r, "citation");
    expect(refs.map((x: any) => x.id)).toEqual(citations.map((c) => c.data.reference_id));
    expect(refs.map((x: any) => x.citation_idx)).toEqual(citations.map((c) => c.data.citation_idx));
    const ref = refs[0];
    expect(Object.keys(ref).sort()).toEqual(["chunk_id", "citation_idx", "document_id", "document_name", "external_url", "id", "metadata", "s3_file_key", "search_type", "text", "text_type"]);
    expect(Object.keys(ref.metadata).sort()).toEqual(
      ["calendar_date", "company_names", "countries", "document_category", "document_subcategory", "fiscal_quarter", "fiscal_year", "offset", "participants", "publisher", "regions", "rms_document_type", "rms_sub_type", "rms_type", "sector", "snippet", "source", "stock_ids", "subsector", "tags", "tickers"].sort(),
    );
    expect(ref.document_id).toBe(ids.AMAZON_2017_10K_p37);
    expect(ref.search_type).toBe("external");
    expect(typeof ref.text).toBe("string");
    expect(ref.metadata.tickers).toEqual(["AMZN"]);
    expect(ref.metadata.fiscal_year).toBe(2017);
    expect(ref.external_url).toBe("");
    for (const [k, v] of Object.entries(ref)) if (k !== "s3_file_key") expect(v, k).not.toBeNull();
  });

  it("says plainly that the documents do not say, uncited, with finish_reason no_results", async () => {
    const r = await chat(org.key, { query: `What did ${uniqueWord()} report about ${uniqueWord()}?` });
    expect(named(r, "citation")).toEqual([]);
    expect(answerOf(r)).toMatch(/do not say/);
    expect(final(r).data.finish_reason).toBe("no_results");
    const refs = (await jsonOf(await references(org.key, conversationOf(r)))).payload.references;
    expect(refs).toEqual([]);
  });

  it("resolves a follow-up against the earlier turn before searching", async () => {
    const word = uniqueWord();
    const a = await addDocument(doc({ organizationId: "external", kind: "external", name: "Widget 2021", tickers: ["WDG"] }), `Widget ${word} revenue in 2021 was 41 million dollars.`);
    const first = await chat(org.key, { query: `What was the Widget ${word} revenue in 2021?` });
    expect(named(first, "citation")[0].data.document_id).toBe(a.id);
    const second = await chat(org.key, { query: "and the year before?", conversation_id: conversationOf(first) });
    expect(conversationOf(second)).toBe(conversationOf(first));
    expect(messageOf(second)).not.toBe(messageOf(first));
    expect(second.events[0].id).toBeGreaterThan(final(first).id);
    const status = named(second, "status").map((e) => e.data.message).join(" ");
    expect(status).toContain(word);
  });

  it("streams statement tables of cited passages as table events with prerelease_filters.stream_table", async () => {
    const r = await chat(org.key, { query: "What is Amazon's FY2017 net income from the income statement?", prerelease_filters: { stream_table: true } });
    const tables = named(r, "table");
    expect(tables.length).toBeGreaterThan(0);
    const citedRefs = new Set(named(r, "citation").map((c) => c.data.reference_id));
    for (const t of tables) {
      expect(citedRefs.has(t.data.reference_id)).toBe(true);
      expect(Array.isArray(t.data.rows)).toBe(true);
    }
    expect(r.events.map((e) => e.event).indexOf("table")).toBeGreaterThan(r.events.map((e) => e.event).lastIndexOf("citation"));
  });

  it("serves the analytics stream at /v2/analytics/sse and /v1/analytics/sse", async () => {
    for (const path of ["/v2/analytics/sse", "/v1/analytics/sse"]) {
      const r = await chat(org.key, { query: "3M capital expenditure 2018", search_types: ["external"] }, { path });
      expect(r.events[0].event).toBe("conversation");
      expect(final(r).event).toBe("done");
    }
  });
});
