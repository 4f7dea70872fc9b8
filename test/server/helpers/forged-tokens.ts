import { createHmac } from 'node:crypto';

function encodeJson(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A JWT signed by hand, so tests can present algorithms the server must refuse. */
export function signToken(claims: object, secret: string, algorithm: 'HS256' | 'HS512'): string {
  const unsigned = `${encodeJson({ alg: algorithm, typ: 'JWT' })}.${encodeJson(claims)}`;
  const digest = algorithm === 'HS256' ? 'sha256' : 'sha512';
  return `${unsigned}.${createHmac(digest, secret).update(unsigned).digest('base64url')}`;
}

/** An unsigned token ("alg": "none"): accepting it would let anyone pick their identity. */
export function unsignedToken(claims: object): string {
  return `${encodeJson({ alg: 'none', typ: 'JWT' })}.${encodeJson(claims)}.`;
}

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The claims of a token the server issued (read, not verified), e.g. its session id `jti`. */
export function claimsOf(token: string): { sub: string; role: string; ver: number; jti: string; exp: number } {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string; role: string; ver: number; jti: string; exp: number };
}
