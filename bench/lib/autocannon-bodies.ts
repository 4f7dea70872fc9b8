import { createRequire } from 'node:module';

// autocannon 9 appends every response body to a string as it arrives
// (`body += chunk` in lib/pipelinedRequestsQueue.js), in case a caller checks
// bodies with expectBody, verifyBody or onResponse. The bench never does. On a
// 4.9 KB brotli answer that UTF-8 decoding of binary bytes, not the server,
// capped the rate: the same node:http server sending 5 KB went from ~20k to
// ~29k req/s once it was skipped, while 12-byte answers did not change. The
// status counts, latencies and byte counts autocannon reports do not use the
// string (bytes are counted per socket chunk), so they stay as they were.

interface BodyQueue {
  prototype: { addBody: (data: Buffer) => void };
}

const QUEUE_MODULE = 'autocannon/lib/pipelinedRequestsQueue.js';

/**
 * Makes every autocannon run in this process skip building response bodies.
 * Throws when autocannon no longer has the method, so an upgrade that moves it
 * fails loudly instead of quietly measuring the load generator again.
 */
export function discardResponseBodies(): void {
  const queue = createRequire(import.meta.url)(QUEUE_MODULE) as BodyQueue;
  if (typeof queue.prototype?.addBody !== 'function') {
    throw new Error(`${QUEUE_MODULE} has no addBody any more: check how this autocannon version collects bodies`);
  }
  queue.prototype.addBody = () => {};
}
