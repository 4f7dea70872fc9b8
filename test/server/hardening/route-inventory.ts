import type { OrbitApp } from '../../../server/app';

/** 'METHOD /api/path' with OpenAPI placeholders, e.g. 'GET /api/user/{id}'. */
export type RouteKey = `${Uppercase<string>} /api/${string}`;

export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  security?: Array<Record<string, unknown>>;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

export interface DocumentedRoute {
  key: RouteKey;
  method: string;
  /** OpenAPI form: /api/user/{id}. */
  path: string;
  operation: OpenApiOperation;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head']);

/** Every operation of the app's published OpenAPI document (the app must be ready). */
export function documentedRoutes(app: OrbitApp): DocumentedRoute[] {
  const document = app.swagger() as OpenApiDocument;
  const routes: DocumentedRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!HTTP_METHODS.has(method)) continue;
      routes.push({ key: routeKey(method, path), method: method.toUpperCase(), path, operation });
    }
  }
  return routes;
}

export function routeKey(method: string, path: string): RouteKey {
  return `${method.toUpperCase()} ${path}` as RouteKey;
}

/**
 * Every method and path under /api in Fastify's own route table, in OpenAPI
 * form. Read from printRoutes() because Fastify has no public route list, and
 * this one sees routes that hide themselves from the OpenAPI document.
 * HEAD twins of GET routes and the documentation explorer are left out.
 */
export function registeredApiRoutes(app: OrbitApp): RouteKey[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const keys = new Set<RouteKey>();
  for (const line of tree.split('\n')) {
    const match = /^(?<indent>[│ ]*)[├└]── (?<segment>.*?)(?: \((?<methods>[A-Z, ]+)\))?$/u.exec(line);
    if (!match?.groups) continue;
    const depth = (match.groups.indent?.length ?? 0) / 4;
    prefixes.length = depth;
    const path = `${prefixes.join('')}${match.groups.segment ?? ''}`;
    prefixes.push(match.groups.segment ?? '');
    if (!match.groups.methods || !path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of match.groups.methods.split(',').map((name) => name.trim())) {
      if (method === 'HEAD') continue;
      keys.add(routeKey(method, path.replace(/:(\w+)/g, '{$1}')));
    }
  }
  return [...keys].sort();
}
