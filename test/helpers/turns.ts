// Whether long work takes turns: a zero-delay timer that sets itself again counts the macrotasks the event
// loop runs while the work is awaited (each turn of runStepsCooperatively lets at least one fire).

/** Starts counting timer turns; `count()` reads how many have fired, `stop()` ends the count and returns it. */
export function timerTurns(): { count: () => number; stop: () => number } {
  let ticks = 0;
  let on = true;
  const tick = () => {
    ticks += 1;
    if (on) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  return {
    count: () => ticks,
    stop: () => {
      on = false;
      return ticks;
    },
  };
}
