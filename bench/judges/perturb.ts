// Perturbation benchmark (issue 19, "Measured"): correct FinanceBench oracle answers (label PASS) of the
// calibration half that state figures, each turned into variants that are wrong in one known way, graded
// against the same passage as the original. A variant should score strictly lower than its original; the
// share that does is printed per kind of perturbation (a tie counts as a miss). Every variant is built
// deterministically (seeded PRNG per answer and kind), from the engine's own readers of figures and tables:
//   scaled      every figure of the answer (statementFigures) times one factor in [0.5, 2] outside [0.9, 1.1],
//               written as the original (currency sign, parentheses, separators, decimals, %, scale word);
//   years       the two most frequent distinct years of the answer (2022, FY2022, FY22) swapped throughout,
//               except in a list that names both ("in FY2023 and FY2021", "between 2022 and 2021": the same
//               with them swapped) and in a name ("the Securities Exchange Act of 1934");
//   neighbour   one figure the passage states in a table (parseTables, same number within the answer's
//               rounding) replaced by the value of the next or previous row (same column) or column (same row);
//   company     the company the question names, replaced everywhere in the answer by a peer company.
// PERTURB_SHOW=<kind> prints up to 10 misses of that kind with the scores, the edits and the engine's notes.
// PERTURB_FACT=1: misses on factuality instead of overall (a variant whose factuality is not lower).
import { gradeAnswer, gradeDetails, type GradeInput } from "../../src/judges/engine/grade";
import { statedScale, statementFigures, type FigureInContext } from "../../src/figures/context";
import { parseTables } from "../../src/figures/table";
import { seededRandom } from "../lib/random";

export interface PerturbRow { financebench_id: string; question: string; passage: string; model_answer: string; label: string }

/** The share of variants that must score strictly lower than their original, per kind (issue 19). */
export const PERTURB_TARGET = 0.95;

type Kind = "scaled" | "years" | "neighbour" | "company";
const KINDS: Kind[] = ["scaled", "years", "neighbour", "company"];

interface Edit { at: number; from: string; to: string }
interface Variant { kind: Kind; text: string; edits: Edit[]; /** neighbour: which cell was taken for which. */ where?: string }

// ---------------------------------------------------------------- deterministic randomness

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The seeded PRNG of bench/lib/random.ts on a string's hash. */
function prng(seed: string): () => number {
  return seededRandom(hash(seed));
}

// ---------------------------------------------------------------- rewriting figures in their format

const NUM_IN_RAW = /(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)/;

/** A number written like `like` ("6,098", "1.500", ".5", "1500"): same separators and decimals. */
function formatLike(value: number, like: string, decimals: number): string {
  // Separators as written; a number written under 1,000 takes them ("$962 million" x 1.8: "$1,732 million").
  const grouping = like.includes(",") || !/^\d{4,}/.test(like);
  let s = Math.abs(value).toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: grouping });
  if (like.startsWith(".") && s.startsWith("0.")) s = s.slice(1);
  return s;
}

/**
 * The figure's raw text with its number replaced by `value` (in the same units as the number written),
 * keeping everything around the number; more decimals only when its rounding would read the old number.
 */
function rewriteRaw(raw: string, value: number, minDecimals = 0): string | null {
  const m = NUM_IN_RAW.exec(raw);
  if (!m) return null;
  const num = m[1];
  const dot = num.indexOf(".");
  const written = Number(num.replace(/,/g, ""));
  const own = dot >= 0 ? num.length - dot - 1 : 0;
  let decimals = Math.max(minDecimals, own);
  let s = formatLike(value, num, decimals);
  // "$1 million" x 1.3: "$1.3 million", not "$1 million" again.
  while (Number(s.replace(/,/g, "")) === written && decimals < own + 3) s = formatLike(value, num, ++decimals);
  if (Number(s.replace(/,/g, "")) === written) return null;
  return raw.slice(0, m.index) + s + raw.slice(m.index + num.length);
}

function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.to + out.slice(e.at + e.from.length);
  return out;
}

/** The answer's figures whose raw text is where the reader says (so they can be rewritten in place). */
function figuresOf(answer: string): FigureInContext[] {
  return statementFigures(answer).filter((f) => f.index >= 0 && answer.slice(f.index, f.index + f.raw.length) === f.raw && !listMarker(answer, f));
}

/** "10. Licensing of ..." at the start of a line: the number of a list item, not a figure to change. */
function listMarker(answer: string, f: FigureInContext): boolean {
  return /^\d{1,2}$/.test(f.raw) && /(?:^|\n)[ \t]*$/.test(answer.slice(Math.max(0, f.index - 8), f.index)) && /^[.)]\s/.test(answer.slice(f.index + f.raw.length, f.index + f.raw.length + 2));
}

// ---------------------------------------------------------------- 1. scaled

function scaled(answer: string, figures: FigureInContext[], rand: () => number): Variant | null {
  // Uniform over [0.5, 0.9) U (1.1, 2].
  const u = rand() * 1.3;
  const factor = u < 0.4 ? 0.5 + u : 1.1 + (u - 0.4);
  const edits: Edit[] = [];
  for (const f of figures) {
    if (f.mantissa === 0) continue;
    const to = rewriteRaw(f.raw, f.mantissa * factor);
    if (to && to !== f.raw) edits.push({ at: f.index, from: f.raw, to });
  }
  return edits.length ? { kind: "scaled", text: applyEdits(answer, edits), edits } : null;
}

// ---------------------------------------------------------------- 2. years swapped

const YEARS = /\b(FY\s?'?)(\d{4}|\d{2})\b|(?<![\w,.$])((?:19|20)\d{2})(?![\d,%]|\.\d)/gi;

interface YearAt { at: number; raw: string; year: number; digits: string; prefix: string }

function yearsIn(answer: string): YearAt[] {
  const out: YearAt[] = [];
  for (const m of answer.matchAll(YEARS)) {
    const at = m.index ?? 0;
    if (m[1]) {
      const d = m[2];
      if (d.length === 4 && !/^(19|20)/.test(d)) continue;
      out.push({ at, raw: m[0], year: d.length === 2 ? 2000 + Number(d) : Number(d), digits: d, prefix: m[1] });
    } else out.push({ at, raw: m[0], year: Number(m[3]), digits: m[3], prefix: "" });
  }
  return out;
}

/** Years written in one list ("FY2023, FY2022, and FY2021", "between 2022 and 2021"): the index of its list, per year. */
function listsOf(answer: string, found: YearAt[]): number[] {
  const list: number[] = [];
  found.forEach((y, i) => {
    const prev = found[i - 1];
    const between = prev ? answer.slice(prev.at + prev.raw.length, y.at) : "";
    list.push(prev && /^(?:\s*,)?\s*(?:(?:and|or|&)\s+)?(?:the\s+)?(?:fiscal\s+(?:years?\s+)?)?$/i.test(between) ? list[i - 1] : i);
  });
  return list;
}

function yearsSwapped(answer: string): Variant | null {
  // "the Securities Exchange Act of 1934": a name, not a period.
  const found = yearsIn(answer).filter((y) => !/\bAct of\s*$/i.test(answer.slice(Math.max(0, y.at - 10), y.at)));
  const counts = new Map<number, number>();
  for (const y of found) counts.set(y.year, (counts.get(y.year) ?? 0) + 1);
  if (counts.size < 2) return null;
  // The two most frequent years; ties go to the one named first (Map keeps first-appearance order; sort is stable).
  const [a, b] = [...counts.entries()].sort((x, y) => y[1] - x[1]).map(([year]) => year);
  // A list that names both years says the same with them swapped ("in FY2023 and FY2021"): left as written.
  const lists = listsOf(answer, found);
  const both = new Set(lists.filter((l) => found.some((y, i) => lists[i] === l && y.year === a) && found.some((y, i) => lists[i] === l && y.year === b)));
  const edits: Edit[] = [];
  for (const [i, y] of found.entries()) {
    if ((y.year !== a && y.year !== b) || both.has(lists[i])) continue;
    const other = y.year === a ? b : a;
    const digits = y.digits.length === 2 ? String(other % 100).padStart(2, "0") : String(other);
    edits.push({ at: y.at, from: y.raw, to: y.prefix + digits });
  }
  return edits.length ? { kind: "years", text: applyEdits(answer, edits), edits } : null;
}

// ---------------------------------------------------------------- 3. neighbour figure

interface Neighbour { figure: FigureInContext; to: string; where: string }

function neighbourFigure(answer: string, figures: FigureInContext[], passage: string, rand: () => number): Variant | null {
  const tables = parseTables(passage);
  if (!tables.length) return null;
  const passageScale = statedScale(passage);
  const candidates: Neighbour[] = [];
  for (const f of figures) {
    if (f.mantissa === 0) continue;
    const tolerance = 0.5 * 10 ** -f.decimals;
    // The written figure must pin its number down: rounding no coarser than 5% of it.
    if (tolerance / f.mantissa > 0.05) continue;
    // Table units -> the answer's units: the same when the figure has no scale word of its own (or the
    // same one as the tables); converted when both scales are known ("$1.58 billion" for 1,577 in millions).
    const factor = f.scale && passageScale && f.kind === "amount" && f.scale !== passageScale ? passageScale / f.scale : 1;
    tables.forEach((t, ti) =>
      t.rows.forEach((row, ri) =>
        row.values.forEach((v, ci) => {
          const cell = row.cells[ci];
          if (cell?.percent && f.kind !== "percent") return;
          if (Math.abs(Math.abs(v) * factor - f.mantissa) > tolerance + 1e-9) return;
          const around: [number | undefined, string][] = [
            [t.rows[ri - 1]?.values[ci], `row "${t.rows[ri - 1]?.printed}", same column`],
            [t.rows[ri + 1]?.values[ci], `row "${t.rows[ri + 1]?.printed}", same column`],
            [row.values[ci - 1], `column ${t.years[ci - 1]}, same row "${row.printed}"`],
            [row.values[ci + 1], `column ${t.years[ci + 1]}, same row "${row.printed}"`],
          ];
          for (const [n, where] of around) {
            if (n === undefined || n === 0 || Math.abs(n) === Math.abs(v)) continue;
            const to = rewriteRaw(f.raw, Math.abs(n) * factor);
            if (to && to !== f.raw) candidates.push({ figure: f, to, where: `table ${ti + 1}: ${row.printed} ${t.years[ci]} ${v} -> ${where} ${n}` });
          }
        }),
      ),
    );
  }
  if (!candidates.length) return null;
  const pick = candidates[Math.floor(rand() * candidates.length)];
  const edits = [{ at: pick.figure.index, from: pick.figure.raw, to: pick.to }];
  return { kind: "neighbour", text: applyEdits(answer, edits), edits, where: pick.where };
}

// ---------------------------------------------------------------- 4. company renamed

/** The FinanceBench companies: the names a question or answer writes for each, and peers to rename it to. */
const COMPANIES: { names: string[]; peers: string[]; caseSensitive?: boolean }[] = [
  { names: ["3M Company", "3M"], peers: ["Honeywell", "General Electric"] },
  { names: ["Activision Blizzard", "Activision"], peers: ["Electronic Arts", "Take-Two Interactive"] },
  { names: ["Adobe"], peers: ["Oracle", "Salesforce"] },
  { names: ["AES Corporation", "AES"], peers: ["Duke Energy", "NextEra Energy"] },
  { names: ["Amazon"], peers: ["Walmart", "Alibaba"] },
  { names: ["Amcor"], peers: ["Berry Global", "Sealed Air"] },
  { names: ["Advanced Micro Devices", "AMD"], peers: ["Intel", "Nvidia"] },
  { names: ["American Express", "AmEx"], peers: ["Capital One", "Discover"] },
  { names: ["American Water Works", "American Water"], peers: ["Essential Utilities", "California Water Service"] },
  { names: ["Best Buy"], peers: ["Target", "Costco"] },
  { names: ["Block"], peers: ["PayPal", "Fiserv"], caseSensitive: true },
  { names: ["Boeing"], peers: ["Airbus", "Lockheed Martin"] },
  { names: ["Coca-Cola", "Coca Cola"], peers: ["PepsiCo", "Keurig Dr Pepper"] },
  { names: ["Corning"], peers: ["Amphenol", "TE Connectivity"] },
  { names: ["Costco"], peers: ["Walmart", "Target"] },
  { names: ["CVS Health", "CVS"], peers: ["Walgreens", "Cigna"] },
  { names: ["Foot Locker", "Footlocker"], peers: ["Finish Line", "JD Sports"] },
  { names: ["General Mills"], peers: ["Kellogg", "Conagra"] },
  { names: ["Johnson & Johnson", "Johnson and Johnson", "JnJ", "J&J"], peers: ["Merck", "Abbott"] },
  { names: ["JPMorgan Chase", "JPMorgan", "JP Morgan", "JPM"], peers: ["Citigroup", "Wells Fargo"] },
  { names: ["Kraft Heinz"], peers: ["Mondelez", "Conagra"] },
  { names: ["Lockheed Martin", "Lockheed"], peers: ["Northrop Grumman", "Raytheon"] },
  { names: ["MGM Resorts International", "MGM Resorts", "MGM"], peers: ["Caesars Entertainment", "Wynn Resorts"] },
  { names: ["Microsoft"], peers: ["Alphabet", "Oracle"] },
  { names: ["Netflix"], peers: ["Disney", "Warner Bros. Discovery"] },
  { names: ["Nike"], peers: ["Adidas", "Under Armour"] },
  { names: ["PayPal"], peers: ["Fiserv", "Visa"] },
  { names: ["PepsiCo"], peers: ["Mondelez", "Keurig Dr Pepper"] },
  { names: ["Pfizer"], peers: ["Merck", "Bristol-Myers Squibb"] },
  { names: ["Ulta Beauty", "Ulta"], peers: ["Sally Beauty", "Sephora"] },
  { names: ["Verizon Communications", "Verizon"], peers: ["Comcast", "T-Mobile"] },
  { names: ["Walmart", "Wal-Mart"], peers: ["Target", "Kroger"] },
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const nameRegex = (names: string[], caseSensitive = false) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...names].sort((a, b) => b.length - a.length).map(escape).join("|")})(?![\\p{L}\\p{N}])`, caseSensitive ? "gu" : "giu");

function companyRenamed(question: string, answer: string, passage: string): Variant | null {
  // The company the question names (its first-named FinanceBench company).
  let company: (typeof COMPANIES)[number] | null = null;
  let first = Infinity;
  for (const c of COMPANIES) {
    const m = nameRegex(c.names, c.caseSensitive).exec(question);
    if (m && (m.index ?? 0) < first) { first = m.index ?? 0; company = c; }
  }
  if (!company) return null;
  // A peer that none of the texts mentions.
  const all = `${question}\n${answer}\n${passage}`;
  const peer = company.peers.find((p) => !nameRegex([p]).test(all));
  if (!peer) return null;
  const edits: Edit[] = [...answer.matchAll(nameRegex(company.names, company.caseSensitive))].map((m) => ({ at: m.index ?? 0, from: m[0], to: peer }));
  return edits.length ? { kind: "company", text: applyEdits(answer, edits), edits } : null;
}

// ---------------------------------------------------------------- the benchmark

interface Scores { factuality: number; completeness: number; relevance: number; grounding: number; overall: number }

function grade(question: string, answer: string, passage: string): Scores {
  const g = gradeAnswer(input(question, answer, passage));
  return { factuality: g.factuality, completeness: g.completeness, relevance: g.relevance, grounding: g.grounding, overall: (g.factuality + g.completeness + g.relevance + g.grounding) / 4 };
}

function input(question: string, answer: string, passage: string): GradeInput {
  return { query: question, answer, references: [passage], evidence: [], verdicts: { supported: 0, contradicted: 0, unresolved: 0 } };
}

const fmtScores = (s: Scores) => `F${s.factuality} C${s.completeness} R${s.relevance} G${s.grounding} overall ${s.overall.toFixed(2)}`;

function snippet(original: string, e: Edit): string {
  const before = original.slice(Math.max(0, e.at - 50), e.at).replace(/\s+/g, " ");
  const after = original.slice(e.at + e.from.length, e.at + e.from.length + 40).replace(/\s+/g, " ");
  return `...${before}[${e.from} -> ${e.to}]${after}...`;
}

/** One graded pair: an original answer and one variant of it. */
export interface PerturbPair { kind: Kind; id: string; row: number; question: string; passage: string; answer: string; variant: Variant; original: Scores; scores: Scores }

/** The calibration half's correct answers that state figures (the engine's reader), with their figures. */
function pool(rows: PerturbRow[], calibrationIds: Set<string>) {
  return rows
    .map((r, i) => ({ ...r, row: i }))
    .filter((r) => calibrationIds.has(r.financebench_id) && r.label === "PASS")
    .map((r) => ({ ...r, figures: figuresOf(r.model_answer) }))
    .filter((r) => r.figures.length > 0);
}

/** Every variant of every pooled answer, graded with its original. */
export function perturbationPairs(rows: PerturbRow[], calibrationIds: Set<string>): { answers: number; pairs: PerturbPair[] } {
  const answers = pool(rows, calibrationIds);
  const pairs: PerturbPair[] = [];
  for (const r of answers) {
    const seed = `${r.financebench_id}:${r.row}`;
    const variants = [
      scaled(r.model_answer, r.figures, prng(`scaled:${seed}`)),
      yearsSwapped(r.model_answer),
      neighbourFigure(r.model_answer, r.figures, r.passage, prng(`neighbour:${seed}`)),
      companyRenamed(r.question, r.model_answer, r.passage),
    ].filter((v): v is Variant => v !== null && v.text !== r.model_answer);
    if (!variants.length) continue;
    const original = grade(r.question, r.model_answer, r.passage);
    for (const v of variants) {
      pairs.push({ kind: v.kind, id: r.financebench_id, row: r.row, question: r.question, passage: r.passage, answer: r.model_answer, variant: v, original, scores: grade(r.question, v.text, r.passage) });
    }
  }
  return { answers: answers.length, pairs };
}

export interface PerturbResult { kind: Kind; n: number; overall: number; factuality: number; grounding: number }

/** Builds the variants of the calibration half's correct answers with figures, grades them and prints one line per kind. */
export function perturbations(rows: PerturbRow[], calibrationIds: Set<string>): PerturbResult[] {
  const show = process.env.PERTURB_SHOW;
  const { answers, pairs } = perturbationPairs(rows, calibrationIds);
  console.log(`\nFinanceBench perturbations (calibration half, correct answers with figures): ${answers} answers; target >= ${PERTURB_TARGET.toFixed(2)} of pairs strictly lower per kind (a tie is a miss)`);
  const out: PerturbResult[] = [];
  for (const kind of KINDS) {
    const set = pairs.filter((p) => p.kind === kind);
    const lower = (k: keyof Scores) => set.filter((p) => p.scores[k] < p.original[k]).length / set.length;
    const r = { kind, n: set.length, overall: lower("overall"), factuality: lower("factuality"), grounding: lower("grounding") };
    const f = (x: number) => (set.length ? x.toFixed(2) : "n/a");
    // Misses on overall whose original was already graded low (factuality 2 or less): the engine doubted the correct answer.
    const misses = set.filter((p) => !(p.scores.overall < p.original.overall));
    const lowOriginal = misses.filter((p) => p.original.factuality <= 2).length;
    console.log(`  ${kind.padEnd(10)} n=${String(r.n).padEnd(3)} | lower overall ${f(r.overall)} factuality ${f(r.factuality)} grounding ${f(r.grounding)} | misses ${misses.length}, of which original factuality <= 2: ${lowOriginal}`);
    out.push(r);
  }
  if (show) {
    if (!KINDS.includes(show as Kind)) console.log(`\nPERTURB_SHOW: unknown kind ${show} (one of ${KINDS.join(", ")})`);
    else {
      // PERTURB_HIGH=1: only misses whose original was graded factuality 3 or more (the engine believed the correct answer).
      const misses = pairs.filter((p) => p.kind === show && !(process.env.PERTURB_FACT ? p.scores.factuality < p.original.factuality : p.scores.overall < p.original.overall) && (!process.env.PERTURB_HIGH || p.original.factuality >= 3)).slice(0, Number(process.env.PERTURB_LIMIT ?? 10));
      console.log(`\nMisses of ${show} (variant not lower on ${process.env.PERTURB_FACT ? "factuality" : "overall"}), up to 10:`);
      for (const p of misses) {
        const notes = gradeDetails(input(p.question, p.variant.text, p.passage)).notes;
        console.log(
          [
            `  ${p.id} (row ${p.row}): original ${fmtScores(p.original)} | variant ${fmtScores(p.scores)}`,
            `    Q: ${p.question.trim().slice(0, 160)}`,
            ...(p.variant.where ? [`    neighbour: ${p.variant.where}`] : []),
            ...p.variant.edits.slice(0, 4).map((e) => `    ${snippet(p.answer, e)}`),
            ...(p.variant.edits.length > 4 ? [`    (+${p.variant.edits.length - 4} more edits)`] : []),
            `    variant notes: ${notes.join(" ")}`,
          ].join("\n"),
        );
      }
      if (!misses.length) console.log("  none");
    }
  }
  return out;
}
