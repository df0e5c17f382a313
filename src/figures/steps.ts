// Work in steps: a reader written as a generator yields between steps, so a caller that shares its isolate
// with requests can give the event loop a turn there (a Worker's clock stands still while it computes, so
// turns are taken by steps, not by time); runSteps runs one straight through.
import { nextTurn } from "../core/turns";

/** Figures read between two turns of a reader over a whole answer. */
export const FIGURES_PER_STEP = 16;

/** Figures' worth of work the phases since the last turnAfter turn have done, in the isolate. */
let owed = 0;

/**
 * A turn between two phases of a reader, taken once the phases since the last such turn, in any job of the
 * isolate, have had FIGURES_PER_STEP figures' worth of work (`figures`: what the phase just done reads, at
 * least one). A turn costs more than a short statement's phase: a claim of two figures passes its eight
 * phases in a few microseconds each (bench:judge, Node), and a turn after each of them was most of the
 * turns of a normal evaluation; a long one's phases each still get their turn.
 */
export function* turnAfter(figures: number): Generator<void, void, void> {
  owed += Math.max(1, figures);
  if (owed < FIGURES_PER_STEP) return;
  owed = 0;
  yield;
}

/** Characters of text counted as one figure's worth of work by turnAfter (prose has a figure every hundred or so). */
export const CHARS_PER_FIGURE = 100;

/** turnAfter for a phase that read `chars` characters of text (a figure's worth per CHARS_PER_FIGURE). */
export function turnAfterChars(chars: number): Generator<void, void, void> {
  return turnAfter(Math.ceil(chars / CHARS_PER_FIGURE));
}

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
