// A URL in a log line must not carry a credential: the links Orbit emails
// (reset a password, confirm an address) hold a live single-use token in
// their query, and the browser that opens one asks the server for the page
// with it. Logs keep the path and every other parameter, which say what was
// asked, and never a token's value.

/** Query parameters whose values are credentials (compared without case). */
const SECRET_QUERY_PARAMETERS = new Set(['token', 'access_token', 'code', 'ticket', 'secret', 'password', 'key']);
const REDACTED = 'redacted';

/** `url` (a path with its query, as a request line has it) with the values of secret parameters replaced. */
export function urlForLog(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const hashAt = url.indexOf('#', queryAt);
  const query = new URLSearchParams(url.slice(queryAt + 1, hashAt < 0 ? undefined : hashAt));
  const secretNames = [...new Set(query.keys())].filter((name) => SECRET_QUERY_PARAMETERS.has(name.toLowerCase()));
  if (secretNames.length === 0) return url;
  for (const name of secretNames) query.set(name, REDACTED);
  return `${url.slice(0, queryAt)}?${query.toString()}`;
}

/** The parts of a request a log line keeps: what Fastify's own serializer keeps, the URL without secrets. */
// A type, not an interface: Fastify's logger options ask for an object with an index signature.
export type LoggedRequest = {
  method: string | undefined;
  url: string | undefined;
  host: string | undefined;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
};

/** The logger's `req` serializer: a Fastify request, or the front door's look-alike of one. */
export function serializeRequestForLog(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}): LoggedRequest {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort ?? undefined,
  };
}
