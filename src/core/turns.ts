// Long CPU work inside a request or job takes turns: between its steps it waits one macrotask, so the
// isolate's other requests (each a macrotask) run in between instead of waiting for the whole of it.

/**
 * Resolves after the tasks already queued in the isolate have had their turn: the Workers runtime's
 * scheduler.wait(0), else (Node, where benchmarks bundle the readers) a zero-delay timer. The same turn
 * either way; scheduler.wait is the runtime's own awaitable timer, which test harnesses do not wrap
 * (vitest-pool-workers wraps setTimeout and reads a stack trace on every call).
 */
export function nextTurn(): Promise<void> {
  if (typeof scheduler !== "undefined" && typeof scheduler.wait === "function") return scheduler.wait(0);
  return new Promise((resolve) => setTimeout(resolve, 0));
}
