// `npm run bench:judge` (second part): evaluations completed per minute through the Worker in workerd,
// submitted with SELF.fetch and settled by the real judge-jobs queue consumer (local engine, local D1).
// Serves the FinanceBench pairs from ../shared/data (or JUDGE_BENCH_DATA) to the benchmark.
import { join } from "node:path";
import { fileServer, root, workerdBench } from "./lib/workerd-bench.mts";

const data = fileServer(join(process.env.JUDGE_BENCH_DATA ?? join(root, "..", "shared", "data"), "financebench_labeled_answers"));

export default workerdBench({
  include: "bench/judges/throughput.workerd.ts",
  bindings: { JUDGE_BENCH_ROWS: process.env.JUDGE_BENCH_ROWS ?? "300", JUDGE_BENCH_JUDGES: process.env.JUDGE_BENCH_JUDGES ?? "llm,agent", JUDGE_BENCH_POLL: process.env.JUDGE_BENCH_POLL ?? "backoff" },
  data: () => data(new Request("http://bench/derived_oracle_judge_pairs.jsonl")),
  timeoutMinutes: 30,
});
