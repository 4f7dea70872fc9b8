import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { encodeComponent, HOSTILE_STRINGS, HOSTILE_VALUES, RAW_BODIES, RAW_IMAGE_BODIES, RAW_URL_FRAGMENTS } from './hostile-corpus';
import type { DocumentedRoute, JsonSchema, OpenApiParameter } from './route-inventory';
import { arbitraryFromSchema, validArbitraryFromSchema } from './schema-arbitrary';

export const FUZZ_SEED = 20_260_808;

/** One request of the fuzz run, already encoded; `name` says which hostile variant it is. */
export interface FuzzRequest {
  name: string;
  url: string;
  /** A JSON value (serialised by inject), or raw text or bytes with its content type. */
  payload?: { json: unknown } | { raw: string | Buffer; contentType: string };
}

export interface RouteShape {
  route: DocumentedRoute;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  bodySchema: JsonSchema | undefined;
  /** A real id for this route's {id}, so variants of the body and query reach the handler. */
  realId: string;
  /** Real values for params that are not that id (a photo's id, its file name), by name. */
  realParams: Record<string, string>;
  knownIds: readonly string[];
}

export function routeShape(route: DocumentedRoute, realId: string, knownIds: readonly string[], realParams: Record<string, string> = {}): RouteShape {
  const parameters = route.operation.parameters ?? [];
  return {
    route,
    pathParams: parameters.filter((parameter) => parameter.in === 'path'),
    queryParams: parameters.filter((parameter) => parameter.in === 'query'),
    bodySchema: route.operation.requestBody?.content?.['application/json']?.schema,
    realId,
    realParams,
    knownIds,
  };
}

/** Builds the URL from already-encoded path values and query pairs. */
export function buildUrl(shape: RouteShape, encodedParams: Record<string, string> = {}, encodedQuery: Array<[string, string]> = []): string {
  const path = shape.route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodedParams[name] ?? encodeComponent(shape.realParams[name] ?? shape.realId));
  const query = encodedQuery.map(([key, value]) => `${encodeComponent(key)}=${value}`).join('&');
  return query ? `${path}?${query}` : path;
}

function queryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value) ?? '';
}

/** The property-based part: params, query and body drawn from the route's own schemas. */
export function generatedRequest(shape: RouteShape): fc.Arbitrary<FuzzRequest> {
  const options = { knownIds: shape.knownIds };
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of shape.pathParams) params[parameter.name] = arbitraryFromSchema(parameter.schema ?? {}, options, parameter.name).map(queryText);
  const query: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of shape.queryParams) query[parameter.name] = arbitraryFromSchema(parameter.schema ?? {}, options, parameter.name).map(queryText);
  const body = shape.bodySchema ? fc.option(arbitraryFromSchema(shape.bodySchema, options), { freq: 8 }) : fc.constant(null);
  return fc.record({ params: fc.record(params), query: fc.record(query, { requiredKeys: [] }), body }).map((input) => {
    const encodedParams = Object.fromEntries(Object.entries(input.params).map(([name, value]) => [name, encodeComponent(value)]));
    const encodedQuery = Object.entries(input.query)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]): [string, string] => [name, encodeComponent(value)]);
    return {
      name: 'generated',
      url: buildUrl(shape, encodedParams, encodedQuery),
      ...(shape.bodySchema && input.body !== null ? { payload: { json: input.body } } : {}),
    };
  });
}

/** Dotted paths to every property of an object schema, nested objects included (three levels). */
function propertyPaths(schema: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  const objectSchema = [schema, ...((schema.anyOf as JsonSchema[] | undefined) ?? [])].find((candidate) => candidate.type === 'object');
  if (!objectSchema || depth > 2) return [];
  const paths: string[][] = [];
  for (const [key, child] of Object.entries((objectSchema.properties ?? {}) as Record<string, JsonSchema>)) {
    paths.push([...prefix, key]);
    paths.push(...propertyPaths(child, [...prefix, key], depth + 1));
  }
  return paths;
}

function withValueAt(base: unknown, path: string[], value: unknown): unknown {
  const root: Record<string, unknown> = typeof base === 'object' && base !== null && !Array.isArray(base) ? structuredClone(base as Record<string, unknown>) : {};
  let node = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node[key] = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1] ?? 'x'] = value;
  return root;
}

const NESTED_FIELD_VARIANTS = new Set(['megabyte', 'nulByte', 'loneHighSurrogate', 'sqlOrTrue', 'nanText', 'null', 'hugeNumber', 'fraction', 'emptyArray', 'emptyObject']);

/** The fixed corpus for one route: every hostile text and value in every field, param and query key. */
export function hostileRequests(shape: RouteShape): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const texts = Object.entries(HOSTILE_STRINGS);
  const values = [...texts, ...Object.entries(HOSTILE_VALUES)];

  for (const parameter of shape.pathParams) {
    for (const [name, text] of texts) requests.push({ name: `param ${parameter.name} = ${name}`, url: buildUrl(shape, { [parameter.name]: encodeComponent(text) }) });
    for (const [name, raw] of Object.entries(RAW_URL_FRAGMENTS)) requests.push({ name: `param ${parameter.name} = raw ${name}`, url: buildUrl(shape, { [parameter.name]: raw }) });
  }
  for (const parameter of shape.queryParams) {
    for (const [name, text] of texts) requests.push({ name: `query ${parameter.name} = ${name}`, url: buildUrl(shape, {}, [[parameter.name, encodeComponent(text)]]) });
    for (const [name, raw] of Object.entries(RAW_URL_FRAGMENTS)) requests.push({ name: `query ${parameter.name} = raw ${name}`, url: buildUrl(shape, {}, [[parameter.name, raw]]) });
    requests.push({ name: `query ${parameter.name} given twice`, url: buildUrl(shape, {}, [[parameter.name, '1'], [parameter.name, '2']]) });
    requests.push({ name: `query ${parameter.name} as array syntax`, url: buildUrl(shape, {}, [[`${parameter.name}[]`, '1'], [`${parameter.name}[a]`, '2']]) });
  }
  if (shape.queryParams.length > 0) requests.push({ name: 'unknown query key', url: buildUrl(shape, {}, [['__proto__', '1'], ['zzz', '1']]) });

  if (shape.route.method === 'GET') return requests;
  const url = buildUrl(shape);
  for (const raw of RAW_BODIES) requests.push({ name: `body ${raw.name}`, url, payload: { raw: raw.body, contentType: raw.contentType } });
  // Routes whose body is an image (a photo upload) get broken and lying files too: their JSON schema is none, their parser is the image decoder.
  const takesImages = Object.keys(shape.route.operation.requestBody?.content ?? {}).some((type) => type.startsWith('image/'));
  if (takesImages) for (const raw of RAW_IMAGE_BODIES) requests.push({ name: `image body ${raw.name}`, url, payload: { raw: raw.body, contentType: raw.contentType } });
  if (!shape.bodySchema) return requests;

  const [base] = fc.sample(validArbitraryFromSchema(shape.bodySchema, { knownIds: shape.knownIds }), { seed: FUZZ_SEED, numRuns: 1 });
  if (typeof base === 'object' && base !== null && !Array.isArray(base)) {
    const json = JSON.stringify(base);
    const inner = json === '{}' ? '' : `,${json.slice(1, -1)}`;
    requests.push({ name: 'valid body with __proto__', url, payload: { raw: `{"__proto__":{"role":"admin"}${inner}}`, contentType: 'application/json' } });
    requests.push({ name: 'valid body with constructor', url, payload: { raw: `{"constructor":{"prototype":{"role":"admin"}}${inner}}`, contentType: 'application/json' } });
  }
  for (const path of propertyPaths(shape.bodySchema)) {
    // Nested fields get a representative few, which keeps settings with many nested fields within the time box.
    const chosen = path.length === 1 ? values : values.filter(([name]) => NESTED_FIELD_VARIANTS.has(name));
    for (const [name, value] of chosen) requests.push({ name: `body ${path.join('.')} = ${name}`, url, payload: { json: withValueAt(base, path, value) } });
  }
  return requests;
}

/** Why a response breaks the promise (never a 5xx, failures as JSON with a message), or null when it keeps it. */
export function brokenPromise(response: LightMyRequestResponse): string | null {
  const summary = `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode >= 500) return `server error: ${summary}`;
  if (response.statusCode < 400) return null;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return `not JSON: ${summary}`;
  try {
    const message = (JSON.parse(response.body) as { message?: unknown }).message;
    return typeof message === 'string' && message.trim() !== '' ? null : `no message: ${summary}`;
  } catch {
    return `unparseable JSON: ${summary}`;
  }
}
