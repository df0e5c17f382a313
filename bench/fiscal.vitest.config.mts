// `npm run bench:fiscal`: the fiscal-calendar check, run inside workerd against the real Worker (admin API,
// vault flow, parse queue, batch listing). Reads the demo corpus (data/external) and ../shared/data.
import { join } from "node:path";
import { fileServer, root, workerdBench } from "./lib/workerd-bench.mts";

const shared = fileServer(process.env.BENCH_DATA_DIR ?? join(root, "..", "shared", "data"));
const demo = fileServer(join(root, "data", "external"));

export default workerdBench({
  include: "bench/fiscal.workerd.ts",
  // The test helpers' admin token, so the bench drives the Worker with them.
  bindings: { ADMIN_TOKEN: "test-admin-token" },
  data: (request) => {
    const path = new URL(request.url).pathname;
    return path.startsWith("/demo/") ? demo(new Request(new URL(path.slice("/demo".length), request.url))) : shared(request);
  },
  timeoutMinutes: 15,
});
