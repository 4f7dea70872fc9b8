import type { BenchPart } from './part';
import { radarPart } from './radar';

/** Every benchmark part, in the order `npm run bench` runs them. Later issues add theirs here. */
export const BENCH_PARTS: readonly BenchPart[] = [radarPart];
