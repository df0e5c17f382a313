// Long CPU work inside a request or job takes turns: between its steps it waits one macrotask, so the
// isolate's other requests (each a macrotask) run in between instead of waiting for the whole of it.

/** Resolves after the tasks already queued in the isolate have had their turn. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
