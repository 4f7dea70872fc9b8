import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardResponseBodies } from '../../bench/lib/autocannon-bodies';

// The bench skips autocannon's body strings; what it reports must not change.

const BODY = randomBytes(5000);
const REQUESTS = 40;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BODY.length });
    response.end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function run(): Promise<{ result: autocannon.Result; bodyLengths: number[] }> {
  const bodyLengths: number[] = [];
  const result = await autocannon({
    url,
    connections: 4,
    amount: REQUESTS,
    requests: [{ onResponse: (_status, body) => void bodyLengths.push(body.length) }],
  });
  return { result, bodyLengths };
}

describe('discardResponseBodies', () => {
  it('stops autocannon building bodies and keeps its status, request and byte counts', async () => {
    const before = await run();
    expect(before.bodyLengths.length).toBe(REQUESTS);
    expect(before.bodyLengths.every((length) => length > 0)).toBe(true);

    discardResponseBodies();
    const after = await run();

    expect(after.bodyLengths).toEqual(Array.from({ length: REQUESTS }, () => 0));
    for (const { result } of [before, after]) {
      expect(result['2xx']).toBe(REQUESTS);
      expect(result.errors).toBe(0);
      expect(result.requests.total).toBe(REQUESTS);
    }
    expect(after.result.throughput.total).toBe(before.result.throughput.total);
    expect(after.result.throughput.total).toBeGreaterThan(REQUESTS * BODY.length);
  });
});
