import type { FastifyError, FastifyPluginCallback, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../contract/common';
import { ACCOUNT_GONE_MESSAGE, isMissingReference } from '../db/missing-reference';
import { isDatabaseUnavailable } from '../db/unavailable';

type FieldError = NonNullable<ErrorBody['errors']>[number];

/** An expected failure whose message is safe to show to the user as is. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    /** What the client acts on beyond the message, and when to come back (Retry-After). */
    readonly details: { code?: ErrorCode; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const ROUTE_NOT_FOUND_MESSAGE = 'Route not found';
export const SERVICE_UNAVAILABLE_MESSAGE = 'Orbit is briefly unavailable; please try again in a moment';
/** How long a client is asked to wait before trying again while the database is out of reach: about one restart of the embedded database. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

interface ErrorResponse {
  statusCode: number;
  body: ErrorBody;
  /** Sent as Retry-After when the failure is expected to pass on its own. */
  retryAfterSeconds?: number;
}

/** Turns any thrown value into the status and JSON body the client receives. */
export function toErrorResponse(error: unknown, bodyLimitBytes: number): ErrorResponse {
  if (error instanceof HttpError) {
    const { code, retryAfterSeconds } = error.details;
    const answer = failure(error.statusCode, error.message);
    if (code) answer.body.code = code;
    return retryAfterSeconds === undefined ? answer : { ...answer, retryAfterSeconds };
  }
  if (hasZodFastifySchemaValidationErrors(error)) return validationFailure(error.validation, error.validationContext);
  if (isDatabaseUnavailable(error)) {
    return { ...failure(503, SERVICE_UNAVAILABLE_MESSAGE), retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS };
  }
  if (isMissingReference(error)) return failure(409, ACCOUNT_GONE_MESSAGE);
  if (!isFastifyError(error)) return failure(500, INTERNAL_ERROR_MESSAGE);

  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return failure(400, 'Malformed JSON body');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return failure(400, 'Request body is empty; send a JSON object');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return failure(413, `Request body is too large (limit ${Math.floor(bodyLimitBytes / 1024)} KB)`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return failure(415, 'Unsupported content type; send application/json');
  }
  const statusCode = error.statusCode ?? 500;
  // Fastify's own 4xx messages describe the request, not the server; 5xx
  // messages may carry SQL or paths and are never passed on.
  if (statusCode >= 400 && statusCode < 500) return failure(statusCode, error.message);
  return failure(500, INTERNAL_ERROR_MESSAGE);
}

function failure(statusCode: number, message: string, errors?: FieldError[]): ErrorResponse {
  return { statusCode, body: errors ? { success: false, message, errors } : { success: false, message } };
}

function validationFailure(issues: FastifySchemaValidationError[], context: string | undefined): ErrorResponse {
  const errors = issues.flatMap((issue) => toFieldErrors(issue, context));
  const message = errors.map((error) => (error.field ? `${error.field}: ${error.message}` : error.message)).join('; ');
  return failure(400, message || 'Invalid request', errors);
}

function toFieldErrors(issue: FastifySchemaValidationError, context: string | undefined): FieldError[] {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (issue.keyword === 'unrecognized_keys') {
    const keys = Array.isArray(issue.params.keys) ? issue.params.keys.map(String) : [];
    return keys.map((key) => ({ field: field ? `${field}.${key}` : key, message: 'Unknown field' }));
  }
  if (!field && issue.keyword === 'invalid_type') {
    return [{ field: '', message: `Request ${context === 'body' ? 'body' : (context ?? 'input')} must be a JSON object` }];
  }
  return [{ field, message: issue.message ?? 'Invalid value' }];
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error && typeof error.code === 'string';
}

/**
 * Every failure leaves as `{ success: false, message, errors? }`: the SPA shows
 * `message` and never has to parse HTML error pages or framework formats.
 */
const errorsPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body, retryAfterSeconds } = toErrorResponse(error, app.initialConfig.bodyLimit ?? 1_048_576);
    // Not a fault in the request or the code: the answer asks the client to come back, the log says why.
    if (statusCode === 503) request.log.warn({ err: error }, 'database unavailable');
    else if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    if (retryAfterSeconds !== undefined) void reply.header('retry-after', String(retryAfterSeconds));
    return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((_request, reply) => {
    const body: ErrorBody = { success: false, message: ROUTE_NOT_FOUND_MESSAGE };
    return reply.code(404).type('application/json; charset=utf-8').send(body);
  });
  done();
};

export default fp(errorsPlugin, { name: 'orbit-errors', fastify: '5.x' });
