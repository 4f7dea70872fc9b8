import http from 'node:http';

export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  token?: string;
  /**
   * The loopback address the request comes from (127.0.0.2 to 127.0.0.254).
   * Registration and sign-in are limited per client address, so the stream
   * spreads them over many addresses the way many real people would arrive,
   * and the server keeps its production limits.
   */
  from?: string;
}

export interface ApiAnswer {
  status: number;
  json: unknown;
}

const REQUEST_TIMEOUT_MS = 20_000;

/** One request on its own connection, so a killed server fails exactly the requests that were in flight. */
export function callApi(port: number, call: ApiCall): Promise<ApiAnswer> {
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: call.method,
        path: call.path,
        agent: false,
        timeout: REQUEST_TIMEOUT_MS,
        ...(call.from ? { localAddress: call.from } : {}),
        headers: {
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = text;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            // Not JSON: keep the text so a failure message can show it.
          }
          resolve({ status: response.statusCode ?? 0, json });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${call.method} ${call.path} timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** Hands out loopback source addresses in turn, so no one address registers or signs in more than a person would. */
export class SourceAddresses {
  private next = 2;

  take(): string {
    const address = `127.0.0.${this.next}`;
    this.next = this.next >= 254 ? 2 : this.next + 1;
    return address;
  }
}

/** Narrows a parsed JSON answer to a record for reading fields. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
