// Work in steps: a reader written as a generator yields between steps, so a caller that shares its isolate
// with requests can give the event loop a turn there (a Worker's clock stands still while it computes, so
// turns are taken by steps, not by time); runSteps runs one straight through.

/** Figures read between two turns of a reader over a whole answer. */
export const FIGURES_PER_STEP = 64;

export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
