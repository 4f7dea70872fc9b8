import { request } from 'node:http';

// The HTTP bench's second reference: a plain node:http server sending, byte
// for byte, the answers the app gave to the public routes (status, headers,
// compressed body). It shows what sending that answer costs by itself, so a
// row's gap to the hello-world ceiling can be split into "the answer is
// bigger" and "the app does more work".

export interface RecordedAnswer {
  status: number;
  /** As the app sent them, minus the ones node:http adds to every answer anyway. */
  headers: Record<string, string>;
  /** The body's bytes as a latin1 string (one byte per character), so it survives JSON and goes out in one write. */
  bodyLatin1: string;
}

/** Where server-process.ts finds the answers a 'replay' server sends (JSON of ReplayedAnswers). */
export const REPLAY_ENV = 'ORBIT_BENCH_REPLAY';

/** Answers by replayKey. */
export type ReplayedAnswers = Record<string, RecordedAnswer>;

/** A request is told apart by its URL and whether it carries If-None-Match (then the recorded answer is a 304). */
export function replayKey(url: string, conditional: boolean): string {
  return `${conditional ? 'if-none-match' : 'plain'} ${url}`;
}

const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One GET, its answer kept raw (not decompressed). */
export function recordAnswer(url: string, headers: Record<string, string>): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const kept: Record<string, string> = {};
        for (let index = 0; index + 1 < response.rawHeaders.length; index += 2) {
          const name = response.rawHeaders[index] ?? '';
          if (!ADDED_BY_NODE.has(name.toLowerCase())) kept[name] = response.rawHeaders[index + 1] ?? '';
        }
        resolve({ status: response.statusCode ?? 0, headers: kept, bodyLatin1: Buffer.concat(chunks).toString('latin1') });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
