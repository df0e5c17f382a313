// `npm run bench:chat`: the chat answer benchmark over FinanceBench, run inside workerd against the real
// search and answer code and local D1. Data is read from the shared data folder through the BENCH_DATA binding.
import { join } from "node:path";
import { fileServer, root, workerdBench } from "./lib/workerd-bench.mts";

export default workerdBench({
  include: process.env.BENCH_FILE ?? "bench/chat.workerd.ts",
  bindings: {
    BENCH_SIZES: process.env.BENCH_SIZES ?? "10000,100000",
    BENCH_VERBOSE: process.env.BENCH_VERBOSE ?? "",
    BENCH_TOP_K: process.env.BENCH_TOP_K ?? "8",
    BENCH_DUMP: process.env.BENCH_DUMP ?? "",
  },
  data: fileServer(process.env.BENCH_DATA_DIR ?? join(root, "..", "shared", "data")),
});
