/**
 * How long a test waits for something that must come (an answer, an event, a webhook's effect).
 * Long because CI runs this suite on PostgreSQL beside the browser suite on two cores, where 3 s
 * acks have timed out; only a failing test waits it out. Waits for silence pass their own, short, time.
 */
export const ARRIVAL_MS = 10_000;
