// `npm run bench:ttsql`: the TTSQL benchmark inside workerd against the real Worker (local engine) and a
// local MARKET_DB loaded with the full demo set (data/market) through the admin loaders.
// Gold answers come from bench/ttsql/gold.mjs (run first by the npm script), computed from the CSVs.
// TTSQL_QUESTIONS=heldout runs the held-out set instead (`TTSQL_QUESTIONS=heldout npm run bench:ttsql`).
import { fileServer, root, workerdBench } from "./lib/workerd-bench.mts";

export default workerdBench({
  include: "bench/ttsql/run.workerd.ts",
  bindings: { BENCH_VERBOSE: process.env.BENCH_VERBOSE ?? "", TTSQL_QUESTIONS: process.env.TTSQL_QUESTIONS ?? "" },
  // data/market/* (gunzipped) and bench/ttsql/*.json
  data: fileServer(root, { allow: /^(data\/market|bench\/ttsql)\//, gunzip: true }),
});
