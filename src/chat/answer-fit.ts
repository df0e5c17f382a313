// Whether an asked metric fits the company: a bank or card issuer has no cost of sales, operating income or
// current assets, so its gross margin, operating margin or working capital is not a useful measure. When the
// question invites that answer ("If gross margin is not a useful metric for a company like this, then state
// that and explain why") and the company's cited statement shows a financial institution's lines, it is said.
import type { StatementTable } from "../figures/table";
import type { Source } from "./answer-sources";

/** Lines of a lender's statements: interest income netted into revenue, provisions for credit losses. */
const FINANCIAL_ROW = /^(?:total )?(?:net interest income|provisions? for credit losses|revenues? net of interest expense|total noninterest (?:revenue|expense)|noninterest (?:revenue|expense))\b/;

/** The metrics a financial institution's statements do not give, with the lines each would need. */
const METRICS: { test: RegExp; missing: RegExp; lacks: string }[] = [
  { test: /\bgross (?:profit )?margins?\b|\bgross profit\b/i, missing: /^(?:total )?(?:cost of (?:sales|revenues?|goods sold)|gross (?:profit|margin))\b/, lacks: "no cost of sales or gross profit" },
  { test: /\boperating (?:income )?(?:%\s*)?margins?\b|\boperating income\b/i, missing: /^(?:total )?operating (?:income|profit|loss)\b|^income from operations\b/, lacks: "no operating income" },
  { test: /\bworking capital\b|\bquick ratio\b|\bcurrent ratio\b/i, missing: /^total current (?:assets|liabilities)\b/, lacks: "no current assets or current liabilities" },
];

/** "If gross margin is not a useful metric for a company like this": the metric named and the word used. */
const INVITED = /\bif (?:the )?([a-z][a-z &%-]{2,40}?) (?:is|are) not (?:a |an )?(?:(useful|relevant|meaningful)(?: or (?:useful|relevant|meaningful))?) (?:metric|measure|to measure)/i;

/**
 * The answer that the asked metric does not fit a financial institution, citing the statement that shows
 * its lines; null when the question does not invite it, the passages show no such statement, or any table
 * has the line the metric needs.
 */
export function unfitMetricSentences(question: string, sources: Source[], company: string): string[] | null {
  const invited = INVITED.exec(question);
  if (!invited) return null;
  const metric = METRICS.find((m) => m.test.test(invited[1]));
  if (!metric) return null;
  const tables = sources.flatMap((s) => s.tables);
  if (tables.some((t) => t.rows.some((r) => metric.missing.test(r.label)))) return null;
  for (const source of sources) {
    const rows = financialRows(source.tables);
    if (rows.length < 2) continue;
    const n = (source.members.find((m) => m.text.includes(rows[0])) ?? source.members[0]).n;
    const name = invited[1].trim();
    const verb = /s$/i.test(name) && !/\bcapital$/i.test(name) ? "are" : "is";
    return [
      `${name[0].toUpperCase()}${name.slice(1)} ${verb} not a ${invited[2].toLowerCase()} metric for ${company}: it is a financial institution, whose performance is measured through interest income, credit losses and expenses; its statements report ${rows[0]} and ${rows[1]}, and ${metric.lacks} [${n}].`,
    ];
  }
  return null;
}

/** Labels, as printed, of a table's financial-institution lines (at most one of each kind). */
function financialRows(tables: StatementTable[]): string[] {
  const out: string[] = [];
  const kinds = new Set<string>();
  for (const t of tables) {
    for (const r of t.rows) {
      const m = FINANCIAL_ROW.exec(r.label);
      if (!m) continue;
      const kind = m[0].replace(/^total /, "").replace(/s\b/g, "");
      if (kinds.has(kind)) continue;
      kinds.add(kind);
      let label = r.printed;
      while (label && /[\s:.]/.test(label[label.length - 1])) label = label.slice(0, -1);
      out.push(label);
    }
  }
  return out;
}
