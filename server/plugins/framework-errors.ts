import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../contract/common';
import { INTERNAL_ERROR_MESSAGE } from './errors';
import { PERMISSIONS_POLICY, securityHeadersFor } from './security';

// Some failures never reach Orbit's error handler: Fastify answers a URL it
// cannot decode before routing, and Node's HTTP parser answers a request it
// cannot parse (headers or request line too large, garbage) on the socket
// itself. Left to their defaults they answer in Fastify's own shape, without
// the security headers, and echo the path. These give them Orbit's shape
// and headers, and never repeat what the client sent.

export const MALFORMED_URL_MESSAGE = 'Malformed URL';
export const URL_SEGMENT_TOO_LONG_MESSAGE = 'A part of the URL is too long';
export const REQUEST_TOO_LARGE_MESSAGE = 'The request line or headers are too large';
export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive';
export const MALFORMED_REQUEST_MESSAGE = 'Malformed HTTP request';

const JSON_TYPE = 'application/json; charset=utf-8';

function frameworkFailure(error: FastifyError): { statusCode: number; message: string } {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return { statusCode: 400, message: MALFORMED_URL_MESSAGE };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { statusCode: 414, message: URL_SEGMENT_TOO_LONG_MESSAGE };
    default:
      return { statusCode: 500, message: INTERNAL_ERROR_MESSAGE };
  }
}

/** Fastify's `frameworkErrors` option: errors raised while routing, before any hook runs. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { statusCode, message } = frameworkFailure(error);
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  const body: ErrorBody = { success: false, message };
  void reply
    .code(statusCode)
    .headers({ ...securityHeadersFor(request.raw.url ?? '/'), 'cache-control': 'no-store' })
    .type(JSON_TYPE)
    .send(body);
}

function clientFailure(code: string | undefined): { statusCode: number; message: string } {
  switch (code) {
    // Node counts the request line with the headers, so a URL too long lands here too.
    case 'HPE_HEADER_OVERFLOW':
      return { statusCode: 431, message: REQUEST_TOO_LARGE_MESSAGE };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { statusCode: 408, message: REQUEST_TIMEOUT_MESSAGE };
    default:
      return { statusCode: 400, message: MALFORMED_REQUEST_MESSAGE };
  }
}

/** The whole HTTP/1.1 answer to a request the parser refused, with the API's security headers. */
export function clientErrorResponse(code: string | undefined): string {
  const { statusCode, message } = clientFailure(code);
  const body = JSON.stringify({ success: false, message } satisfies ErrorBody);
  // The request was never parsed, so its path is unknown: the API's headers (nothing may load or frame
  // the answer) and the page's permissions policy, the strictest of both.
  const headers: Record<string, string> = {
    ...securityHeadersFor('/api/'),
    'permissions-policy': PERMISSIONS_POLICY,
    'cache-control': 'no-store',
    'content-type': JSON_TYPE,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? 'Error'}\r\n${head}\r\n${body}`;
}

/** A socket whose response Node already started writing; then nothing more may be written. */
function responseStarted(socket: Socket): boolean {
  const message = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  return message?.headersSent === true;
}

/** Fastify's `clientErrorHandler` option (Node's 'clientError'), bound to the Fastify instance. */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ code: error.code }, 'unparseable request');
  if (socket.writable && !responseStarted(socket)) socket.write(clientErrorResponse(error.code));
  socket.destroy(error);
}
