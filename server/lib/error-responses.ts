import { errorBodySchema } from '../../contract/common';
import { BEARER_AUTH } from '../plugins/swagger';

type ErrorBodySchema = typeof errorBodySchema;

/**
 * Response schemas for the failures a route can send, so OpenAPI documents the
 * error body next to the success body. 500 (a fault) and 503 (the database out
 * of reach, with Retry-After) are always possible and always listed.
 */
export function errorResponses<const Code extends number>(...codes: Code[]): Record<Code | 500 | 503, ErrorBodySchema> {
  const responses = {} as Record<Code | 500 | 503, ErrorBodySchema>;
  for (const code of [...codes, 500 as const, 503 as const]) responses[code] = errorBodySchema;
  return responses;
}

/** `schema.security` for routes that need `Authorization: Bearer <token>`. */
export const bearerSecurity = [{ [BEARER_AUTH]: [] }];
