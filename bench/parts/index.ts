import { httpPart } from './http';
import type { BenchPart } from './part';
import { radarPart } from './radar';
import { frontendPart } from './frontend';
import { photosPart } from './photos';
import { realtimePart } from './realtime';
import { historyPart } from './history';
import { callsPart } from './calls';
import { livePart } from './live';
import { ledgerPart } from './ledger';
import { giftsPart } from './gifts';

/** Every benchmark part, in the order `npm run bench` runs them. Later issues add theirs here. */
export const BENCH_PARTS: readonly BenchPart[] = [radarPart, httpPart, frontendPart, photosPart, realtimePart, historyPart, callsPart, ledgerPart, giftsPart, livePart];
