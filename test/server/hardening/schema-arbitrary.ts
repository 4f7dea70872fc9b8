import fc from 'fast-check';
import type { JsonSchema } from './route-inventory';

/**
 * fast-check arbitraries from the JSON schemas of the OpenAPI document (the
 * subset zod emits: type, properties, required, enum, anyOf, string lengths,
 * patterns and formats, number bounds, array items). No maintained library
 * does this for fast-check 4 and JSON Schema 2020-12, and the subset is small.
 *
 * `valid` values follow the schema; `mutated` values break it here and there
 * (a wrong type, a value just past a bound, an unknown or missing key), which
 * is what validation has to turn into a 400 rather than a crash.
 */
export interface SchemaArbitraryOptions {
  /** Real ids (a post, a user, a withdrawal) mixed into uuid fields so handlers get past "not found". */
  knownIds?: readonly string[];
}

/** Long generated strings are capped: the hostile corpus covers megabyte values on its own. */
const GENERATED_STRING_CAP = 120;

const anyJson = fc.jsonValue({ maxDepth: 2 });
const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', '\u202e', '\u200d', "' OR 1=1 --", 'NaN', '-1', '1e309', '__proto__'),
);

function asSchemaList(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? value.filter((item): item is JsonSchema => typeof item === 'object' && item !== null) : [];
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function stringArbitrary(schema: JsonSchema, key: string | undefined, options: SchemaArbitraryOptions): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return options.knownIds?.length ? fc.oneof(fc.uuid(), fc.constantFrom(...options.knownIds)) : fc.uuid();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((date) => date.toISOString());
  if (schema.format === 'date') return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((date) => date.toISOString().slice(0, 10));
  const minLength = numberOr(schema.minLength, 0);
  const maxLength = Math.max(minLength, Math.min(numberOr(schema.maxLength, GENERATED_STRING_CAP), GENERATED_STRING_CAP));
  const short = fc.string({ minLength, maxLength, unit: 'grapheme' });
  // Handlers meet the longest allowed text too, not only what the cap above lets through.
  const limit = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const plain = limit === undefined ? short : fc.oneof({ weight: 3, arbitrary: short }, { weight: 1, arbitrary: fc.constantFrom('a', 'é', ' ').map((unit) => unit.repeat(limit)) });
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length >= minLength && value.length <= numberOr(schema.maxLength, Infinity));
    } catch {
      return plain;
    }
  }
  // zod's email check is stricter than RFC 5322, so plain addresses come too, or no email would ever pass.
  const simpleEmail = fc.tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.com', 'orbit.test')).map(([name, domain]) => `${name}@${domain}`);
  if (key === 'email') return fc.oneof(simpleEmail, fc.emailAddress(), plain);
  // Ids that accept any text (blog posts) still get real ones now and then.
  if (key === 'id' && options.knownIds?.length) return fc.oneof(plain, fc.constantFrom(...options.knownIds));
  return plain;
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number';
  const min = numberOr(schema.minimum, numberOr(schema.exclusiveMinimum, -1e6));
  const max = numberOr(schema.maximum, numberOr(schema.exclusiveMaximum, 1e6));
  if (schema.type === 'integer') return fc.integer({ min: Math.ceil(exclusiveMin ? min + 1 : min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: exclusiveMin });
}

function objectArbitrary(schema: JsonSchema, options: SchemaArbitraryOptions, valid: boolean): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, propertySchema] of Object.entries(properties)) shape[key] = build(propertySchema, options, valid, key);
  const record = fc.record(shape, { requiredKeys: valid ? required : [] });
  if (valid) return record;
  // Keys the schema does not know, including the prototype-pollution classics.
  const extraKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'isAdmin', 'coins', 'x');
  return fc.tuple(record, fc.option(fc.tuple(extraKey, anyJson), { freq: 3 })).map(([value, extra]) => {
    if (!extra) return value;
    const copy: Record<string, unknown> = { ...value };
    Object.defineProperty(copy, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
    return copy;
  });
}

function build(schema: JsonSchema, options: SchemaArbitraryOptions, valid: boolean, key?: string): fc.Arbitrary<unknown> {
  const exact = buildExact(schema, options, valid, key);
  if (valid) return exact;
  // One field in five is replaced by something of another kind.
  return fc.oneof({ weight: 4, arbitrary: exact }, { weight: 1, arbitrary: fc.oneof(anyJson, oddText) });
}

function buildExact(schema: JsonSchema, options: SchemaArbitraryOptions, valid: boolean, key?: string): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = [...asSchemaList(schema.anyOf), ...asSchemaList(schema.oneOf)];
  if (alternatives.length > 0) return fc.oneof(...alternatives.map((alternative) => build(alternative, options, valid, key)));
  const [first] = asSchemaList(schema.allOf);
  if (first) return build(first, options, valid, key);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => build({ ...schema, type }, options, valid, key)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, key, options);
    case 'number':
    case 'integer':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = typeof schema.items === 'object' && schema.items !== null ? (schema.items as JsonSchema) : {};
      const maxItems = Math.min(numberOr(schema.maxItems, 6), 8);
      return fc.array(build(items, options, valid), { minLength: numberOr(schema.minItems, 0), maxLength: valid ? maxItems : maxItems + 1 });
    }
    case 'object':
      return objectArbitrary(schema, options, valid);
    default:
      return anyJson;
  }
}

/** Values that follow the schema, and values that break it; both must get a well-formed answer. */
export function arbitraryFromSchema(schema: JsonSchema, options: SchemaArbitraryOptions = {}, name?: string): fc.Arbitrary<unknown> {
  return fc.oneof(build(schema, options, true, name), build(schema, options, false, name));
}

/** Only schema-following values: the base that hostile variants replace one field of. */
export function validArbitraryFromSchema(schema: JsonSchema, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return build(schema, options, true);
}
