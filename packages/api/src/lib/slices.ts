// Long CPU work in slices that give the event loop back in between, so one request's work never
// holds every other request, timer and I/O callback of the process for long. The work is a
// generator that yields after each slice (a bounded amount of work) with its progress;
// runInSlices resumes it on a later turn of the loop, drainSlices runs it at once (small inputs,
// tests). The next turn is a timer's (setTimeout 0), not an immediate's: a loop kept turning by
// immediates alone ran up to 19 slices of a file's reading before a 2 ms interval timer came due
// once, while with a timer every other timer, I/O callback and immediate gets its turn between
// two slices (at the cost of up to 1 ms a slice when the process has nothing else to do).

/** Where a sliced piece of work stands when it gives the loop back. */
export interface SliceProgress {
  /** Which step of the work ('decode', 'parse', ...). */
  phase: string;
  /** Units of that step done so far (bytes, cells, rows). */
  done: number;
}

export type SlicedWork<T> = Generator<SliceProgress, T, void>;

/** The next turn of the event loop: the timers, I/O callbacks and immediates due run first. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `work`, one slice per turn of the event loop; `onSlice` sees each slice's progress. */
export async function runInSlices<T>(
  work: SlicedWork<T>,
  onSlice?: (progress: SliceProgress) => void,
): Promise<T> {
  for (let step = work.next(); ; step = work.next()) {
    if (step.done) return step.value;
    onSlice?.(step.value);
    await nextTurn();
  }
}

/** Runs `work` to the end at once. */
export function drainSlices<T>(work: SlicedWork<T>): T {
  for (let step = work.next(); ; step = work.next()) {
    if (step.done) return step.value;
  }
}
