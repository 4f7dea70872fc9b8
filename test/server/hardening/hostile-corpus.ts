/**
 * The fixed hostile corpus of issue 8 point 2: every route gets all of it,
 * whatever fast-check happens to generate.
 */

/** 1,000,000 characters: just under the 1 MiB body limit once quoted, so it reaches validation. */
export const MEGABYTE_STRING = 'a'.repeat(1_000_000);
const NESTING_DEPTH = 10_000;

/** Text values that have broken servers before, named for the report. */
export const HOSTILE_STRINGS: Record<string, string> = {
  megabyte: MEGABYTE_STRING,
  empty: '',
  blank: ' \t\n ',
  nulByte: 'orbit\u0000user',
  onlyNul: '\u0000',
  loneHighSurrogate: 'x\ud800y',
  loneLowSurrogate: '\udfffz',
  rtlOverride: 'abc\u202egnp.exe',
  zeroWidthJoiner: '👩\u200d💻\u200b\ufeff',
  combiningMarks: 'Z\u0351\u0360\u0361\u0362\u0363\u0364',
  sqlOrTrue: "' OR 1=1 --",
  sqlDropTable: "x'; DROP TABLE users; --",
  sqlLikeWildcards: '%_%\\',
  postgresCast: "1::text); SELECT pg_sleep(5); --",
  html: '<script>alert(1)</script><img src=x onerror=alert(1)>',
  pathTraversal: '../../etc/passwd',
  protoKey: '__proto__',
  constructorKey: 'constructor',
  nanText: 'NaN',
  infinityText: 'Infinity',
  negativeInfinityText: '-Infinity',
  hugeNumberText: '1e309',
  bigIntegerText: '99999999999999999999999999',
  negative: '-1',
  fraction: '1.5',
  zero: '0',
  hexNumber: '0x10',
  uuidLike: '00000000-0000-0000-0000-000000000000',
  uuidUpper: 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
};

/** Non-string values for fields that expect something else (or a string). */
export const HOSTILE_VALUES: Record<string, unknown> = {
  null: null,
  true: true,
  zero: 0,
  negative: -1,
  fraction: 0.5,
  hugeNumber: 1e308,
  negativeHugeNumber: -1e308,
  unsafeInteger: Number.MAX_SAFE_INTEGER + 2,
  emptyArray: [],
  arrayOfStrings: ['a', 'b'],
  emptyObject: {},
  nestedObject: { a: { b: { c: [1, { d: 'e' }] } } },
  deepArray: nestedArrays(200),
};

function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

export interface RawBody {
  name: string;
  body: string;
  contentType: string;
}

/** Bodies sent as raw text, most of them not valid JSON or not JSON at all. */
export const RAW_BODIES: RawBody[] = [
  { name: 'malformed JSON (unclosed)', body: '{"a": 1', contentType: 'application/json' },
  { name: 'malformed JSON (trailing comma)', body: '{"a": 1,}', contentType: 'application/json' },
  { name: 'malformed JSON (single quotes)', body: "{'a': 1}", contentType: 'application/json' },
  { name: 'malformed JSON (NaN literal)', body: '{"a": NaN}', contentType: 'application/json' },
  { name: 'malformed JSON (bare word)', body: 'undefined', contentType: 'application/json' },
  { name: 'empty JSON body', body: '', contentType: 'application/json' },
  { name: 'whitespace JSON body', body: '   ', contentType: 'application/json' },
  { name: 'JSON null', body: 'null', contentType: 'application/json' },
  { name: 'JSON array', body: '[]', contentType: 'application/json' },
  { name: 'JSON string', body: '"text"', contentType: 'application/json' },
  { name: 'JSON number', body: '42', contentType: 'application/json' },
  { name: 'JSON true', body: 'true', contentType: 'application/json' },
  { name: 'number overflowing to Infinity', body: '{"a": 1e400, "price": 1e400, "age": 1e400}', contentType: 'application/json' },
  { name: '10,000-deep nested arrays', body: `${'['.repeat(NESTING_DEPTH)}${']'.repeat(NESTING_DEPTH)}`, contentType: 'application/json' },
  { name: '10,000-deep nested objects', body: `${'{"a":'.repeat(NESTING_DEPTH)}1${'}'.repeat(NESTING_DEPTH)}`, contentType: 'application/json' },
  { name: '__proto__ key', body: '{"__proto__": {"role": "admin", "isAdmin": true}}', contentType: 'application/json' },
  { name: 'constructor.prototype key', body: '{"constructor": {"prototype": {"role": "admin"}}}', contentType: 'application/json' },
  { name: 'prototype key', body: '{"prototype": {"role": "admin"}}', contentType: 'application/json' },
  { name: 'byte order mark', body: '\ufeff{}', contentType: 'application/json' },
  { name: 'lone surrogate escape', body: '{"a": "\\ud800"}', contentType: 'application/json' },
  { name: 'NUL escape', body: '{"a": "\\u0000"}', contentType: 'application/json' },
  { name: 'JSON as text/plain', body: '{}', contentType: 'text/plain' },
  { name: 'form encoding', body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { name: 'multipart', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x' },
  { name: 'XML', body: '<?xml version="1.0"?><a>1</a>', contentType: 'application/xml' },
  { name: 'JSON in UTF-16 claimed', body: '{}', contentType: 'application/json; charset=utf-16' },
  { name: 'unknown charset', body: '{}', contentType: 'application/json; charset=klingon' },
  { name: 'garbage content type', body: '{}', contentType: ';;;=' },
];

/** Raw path or query fragments that are not valid percent-encoding or not valid UTF-8. */
export const RAW_URL_FRAGMENTS: Record<string, string> = {
  lonePercent: '%',
  truncatedEscape: '%E0%A4%A',
  invalidUtf8: '%FF%FE',
  encodedSurrogate: '%ED%A0%80',
  encodedNul: 'a%00b',
  encodedSlash: 'a%2Fb',
  doubleEncoded: '%252e%252e%252f',
};

/** Percent-encodes any text, lone surrogates included (encodeURIComponent throws on those). */
export function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
}
