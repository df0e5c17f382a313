// `npm run bench:search`: the FinanceBench retrieval benchmark, run inside workerd against the real
// search code and local D1. Data is read from ../shared/data through the BENCH_DATA service binding.
import { join } from "node:path";
import { fileServer, root, workerdBench } from "./lib/workerd-bench.mts";

export default workerdBench({
  include: process.env.BENCH_FILE ?? "bench/search.workerd.ts",
  bindings: {
    BENCH_SIZES: process.env.BENCH_SIZES ?? "10000,100000",
    BENCH_VERBOSE: process.env.BENCH_VERBOSE ?? "",
    BENCH_IDS: process.env.BENCH_IDS ?? "",
  },
  data: fileServer(process.env.BENCH_DATA_DIR ?? join(root, "..", "shared", "data")),
});
