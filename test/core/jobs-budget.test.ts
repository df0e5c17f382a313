// The consumer's schedule of one batch (runWithin in src/core/jobs.ts): jobs start in order, at most
// `limit` at once, and while more than one runs their weights stay within the budget (judge runs weigh
// their submission's length, so a batch of dense submissions does not hold all their working sets at
// once); those that fit start in the same synchronous stretch, so they share D1 round trips.
import { describe, expect, it } from "vitest";
import { runWithin } from "../../src/core/jobs";

/** Runs that each take `turns` macrotasks, recording what ran at once. */
function recorder() {
  const running = new Map<string, number>();
  const log: { started: string; stretch: number; running: string[]; weight: number }[] = [];
  let stretch = 0;
  const bump = () => {
    stretch += 1;
  };
  queueMicrotask(bump);
  const run = (weights: Record<string, number>, turns = 2) => async (id: string) => {
    running.set(id, weights[id]);
    log.push({ started: id, stretch, running: [...running.keys()], weight: [...running.values()].reduce((a, b) => a + b, 0) });
    for (let i = 0; i < turns; i++) {
      await scheduler.wait(0);
      bump();
    }
    running.delete(id);
  };
  return { log, run };
}

describe("runWithin", () => {
  it("starts every job that fits at once and keeps the weight running within the budget", async () => {
    const weights: Record<string, number> = { a: 10, b: 600_000, c: 600_000, d: 10, e: 10, f: 1_500_000, g: 10 };
    const { log, run } = recorder();
    await runWithin(Object.keys(weights), { limit: 20, budget: 1_000_000, weight: (id) => weights[id] }, run(weights));
    expect(log.map((l) => l.started)).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
    // a and b start together; c waits for b (600,000 + 600,000 is over the budget) and d, e wait behind it.
    expect(log[0].stretch).toBe(log[1].stretch);
    expect(log.find((l) => l.started === "c")?.running).not.toContain("b");
    // A job heavier than the budget runs alone, and every start kept the budget unless it ran alone.
    expect(log.find((l) => l.started === "f")?.running).toEqual(["f"]);
    for (const l of log) if (l.running.length > 1) expect(l.weight).toBeLessThanOrEqual(1_000_000);
  });

  it("runs at most `limit` at once and settles when every job has, a failing one included", async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `j${i}`);
    const weights = Object.fromEntries(ids.map((id) => [id, 1]));
    const { log, run } = recorder();
    const plain = run(weights, 3);
    const done: string[] = [];
    await runWithin(ids, { limit: 5, budget: Infinity, weight: () => 1 }, async (id) => {
      if (id === "j3") throw new Error("job failed");
      await plain(id);
      done.push(id);
    });
    expect(done.sort()).toEqual(ids.filter((id) => id !== "j3").sort());
    expect(Math.max(...log.map((l) => l.running.length))).toBeLessThanOrEqual(5);
    // The first five (one of them failing at once) start in one stretch.
    expect(new Set(log.slice(0, 4).map((l) => l.stretch)).size).toBe(1);
  });

  it("settles at once with no jobs", async () => {
    await runWithin([], { limit: 10, budget: 1, weight: () => 1 }, async () => undefined);
  });
});
