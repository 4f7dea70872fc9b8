import { errorBodySchema } from '../../contract/common';
import { BEARER_AUTH } from '../plugins/swagger';

type ErrorBodySchema = typeof errorBodySchema;

/**
 * Response schemas for the failures a route can send, so OpenAPI documents the
 * error body next to the success body. 500 is always possible and always listed.
 */
export function errorResponses<const Code extends number>(...codes: Code[]): Record<Code | 500, ErrorBodySchema> {
  const responses = {} as Record<Code | 500, ErrorBodySchema>;
  for (const code of [...codes, 500 as const]) responses[code] = errorBodySchema;
  return responses;
}

/** `schema.security` for routes that need `Authorization: Bearer <token>`. */
export const bearerSecurity = [{ [BEARER_AUTH]: [] }];
