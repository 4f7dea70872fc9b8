/** Settings every part reads; parts may ignore what does not apply to them. */
export interface BenchOptions {
  /** Rows to seed (the radar part: people). */
  users: number;
  /** Unmeasured runs before timing each query. */
  warmup: number;
  /** Timed runs per query at most (fewer when the time budget runs out). */
  samples: number;
}

export interface BenchContext {
  options: BenchOptions;
  /** performance.now() by which this part must have finished measuring. */
  deadline: number;
  log(message: string): void;
}

/** One figure judged against its target, for the generated summary. */
export interface Verdict {
  figure: string;
  result: string;
  target: string;
  pass: boolean;
}

export interface PartOutcome {
  table: { headers: string[]; rows: Array<Array<string | number>> };
  /** The figures judged against a target; when absent, read from the table's target and met columns. */
  verdicts?: Verdict[];
  notes: string[];
  /** What goes into bench/results.json under the part's name. */
  data: unknown;
}

/** One benchmark; bench/run.ts runs the registered parts in order. */
export interface BenchPart {
  name: string;
  description: string;
  /** The code the figures describe (paths for git): a later commit touching them makes the stored figures stale. */
  measures: readonly string[];
  /** Share of the time budget relative to the other parts (default 1). */
  weight?: number;
  run(context: BenchContext): Promise<PartOutcome>;
}
