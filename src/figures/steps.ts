// Work in steps: a reader written as a generator yields between steps, so a caller that shares its isolate
// with requests can give the event loop a turn there (a Worker's clock stands still while it computes, so
// turns are taken by steps, not by time); runSteps runs one straight through.
import { nextTurn } from "../core/turns";

/** Figures read between two turns of a reader over a whole answer. */
export const FIGURES_PER_STEP = 16;

export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * A job's steps run with turns between them: the event loop serves the isolate's other requests at each
 * yield, so a large answer never holds them for the whole of its reading. A Worker's clock stands still
 * while it computes, so turns are taken by steps, not by time. Same result as runSteps(steps).
 */
export async function runStepsCooperatively<T>(steps: Generator<void, T, void>, turn: () => Promise<void> = nextTurn): Promise<T> {
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await turn();
  }
}
