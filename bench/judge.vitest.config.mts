// `npm run bench:judge` (second part): evaluations completed per minute through the Worker in workerd,
// submitted with SELF.fetch and settled by the real judge-jobs queue consumer (local engine, local D1).
// Serves ../shared/data (or JUDGE_BENCH_DATA) to the benchmark: the FinanceBench pairs, and with
// JUDGE_BENCH_CORPUS=financebench (the default; "none" keeps the index empty) the FinanceBench documents it indexes first.
import { join } from "node:path";
import { fileServer, root, workerdBench } from "./lib/workerd-bench.mts";

export default workerdBench({
  include: "bench/judges/throughput.workerd.ts",
  bindings: {
    JUDGE_BENCH_ROWS: process.env.JUDGE_BENCH_ROWS ?? "300",
    JUDGE_BENCH_JUDGES: process.env.JUDGE_BENCH_JUDGES ?? "llm,agent",
    JUDGE_BENCH_POLL: process.env.JUDGE_BENCH_POLL ?? "retry-after",
    JUDGE_BENCH_CORPUS: process.env.JUDGE_BENCH_CORPUS ?? "financebench",
    JUDGE_BENCH_SHOW: process.env.JUDGE_BENCH_SHOW ?? "",
    JUDGE_BENCH_WARM: process.env.JUDGE_BENCH_WARM ?? "1",
  },
  data: fileServer(process.env.JUDGE_BENCH_DATA ?? join(root, "..", "shared", "data")),
  timeoutMinutes: 30,
});
