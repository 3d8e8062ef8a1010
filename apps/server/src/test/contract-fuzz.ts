/**
 * Request generators for the contract fuzzer (src/contract.fuzz.test.ts, docs/security.md#contract-fuzzing):
 * valid values built from the app's own OpenAPI schemas, the hostile values that replace them one at a
 * time, and the raw bodies (JSON, forms) that carry them. Ids and e-mail addresses are generated as
 * references (`ref('beat')`) and resolved when the request is sent, so a case names "a real beat" or
 * "the caller" without knowing the database.
 */
import fc from 'fast-check';

/** The subset of JSON Schema that the OpenAPI document of the app uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** What a reference stands for when the request is sent. */
export type RefKind = 'self' | 'selfEmail' | 'beat' | 'user' | 'admin' | 'purchase' | 'offer' | 'session' | 'randomUuid' | 'otherEmail';

const REF = Symbol('ref');
export interface Ref {
  [REF]: RefKind;
}
export const ref = (kind: RefKind): Ref => ({ [REF]: kind });
export const isRef = (value: unknown): value is Ref => typeof value === 'object' && value !== null && REF in value;
export const refKind = (value: Ref): RefKind => value[REF];

/** Replaces every reference inside a value (arrays and plain objects) with what `resolve` returns. */
export function resolveRefs(value: unknown, resolve: (kind: RefKind) => string): unknown {
  if (isRef(value)) return resolve(value[REF]);
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, resolve));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // defineProperty keeps a key such as __proto__ as an own field, as JSON.parse would.
      Object.defineProperty(out, k, { value: resolveRefs(v, resolve), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

/** Hostile text: empty, control characters, half surrogate pairs, emoji, right-to-left, combining marks, very long. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\uD800',
      'x\uDFFFy',
      '\uDBFF\uDBFF',
      '😀🎵👩🏽‍🎤🇺🇦',
      '\u202Eevil\u202C',
      'مرحبا بالعالم',
      'שלום',
      'e\u0301\u0301\u0301\u0301',
      'Z̷̢̛͇a̶̡l̸̨g̵o̷',
      '\uFEFF\u200B\u200D',
      '\u0007\u001B[31m\r\n',
      '%',
      '%25',
      '%00',
      '%E0%A4%A',
      "'; drop table users; --",
      "O'Brien",
      '" OR 1=1 --',
      '\\',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      '${process.env}',
      'NaN',
      '-1',
      '1e309',
      '0x10',
      'null',
      'true',
      '[]',
      '{}',
      '__proto__',
      '  padded  ',
      '*',
      '_%',
    ),
  },
  // Short runs of the characters that quoting, LIKE patterns, HTML and shells treat specially.
  {
    weight: 4,
    arbitrary: fc.string({ unit: fc.constantFrom(...`'"\\%_;:<>&{}[]()$\`*?!#|/.,=+-`.split(''), 'a', 'Z', '0', ' '), minLength: 1, maxLength: 12 }),
  },
  { weight: 1, arbitrary: fc.constant('x'.repeat(10_000)) },
  { weight: 1, arbitrary: fc.constant('😀'.repeat(3_000)) },
  { weight: 1, arbitrary: fc.constant('é'.repeat(50_000)) },
  { weight: 1, arbitrary: fc.constant('e\u0301'.repeat(2_000)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 120, maxLength: 400 }) },
);

/** Values of the wrong type (or the right type out of range) for any field. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyText,
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1.5,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    [],
    {},
    [1, 2, 3],
    ['a', null],
    { $gt: '' },
    { nested: { deeper: ['x'] } },
  ),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);

export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

/** A string the schema accepts; field names and formats pick references to real rows. */
function validString(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.format === 'uuid') {
    const lower = name.toLowerCase();
    const kinds: RefKind[] = lower.includes('beat')
      ? ['beat', 'beat', 'beat', 'beat', 'beat', 'beat', 'randomUuid']
      : lower.includes('user')
        ? ['self', 'self', 'self', 'self', 'self', 'user', 'admin', 'randomUuid']
        : lower.includes('purchase')
          ? ['purchase', 'purchase', 'randomUuid']
          : lower.includes('offer')
            ? ['offer', 'offer', 'offer', 'randomUuid']
            : ['beat', 'self', 'purchase', 'randomUuid'];
    return fc.constantFrom(...kinds).map(ref);
  }
  if (schema.pattern === EMAIL_PATTERN || name.toLowerCase().includes('email')) {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant(ref('selfEmail')) },
      { weight: 1, arbitrary: fc.constant(ref('otherEmail')) },
      { weight: 1, arbitrary: fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 254)) },
    );
  }
  if (name === 'sessionId') return fc.oneof(fc.constant(ref('session')), fc.string({ minLength: 1, maxLength: 40 }));
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, Math.max(min, 60));
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  }
  if (name.toLowerCase().includes('password')) {
    return fc.oneof(fc.constant('test-password'), fc.string({ unit: 'grapheme', minLength: Math.max(min, 8), maxLength: Math.max(max, 8) }));
  }
  return fc.string({ unit: 'grapheme', minLength: min, maxLength: max }).filter((s) => s.length >= min);
}

function bound(value: number | boolean | undefined, fallback: number | undefined): number | undefined {
  return typeof value === 'number' ? value : fallback;
}

/** A value the schema accepts (as far as JSON Schema can say; the app's refinements may still refuse it). */
export function validValue(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((s) => validValue(s, name)));
  if (schema.allOf && schema.allOf.length > 0) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, name);
  const types = typesOf(schema).filter((t) => t !== 'null');
  const nullable = schema.nullable === true || typesOf(schema).includes('null');
  const base = ((): fc.Arbitrary<unknown> => {
    switch (types[0]) {
      case 'string':
        return validString(schema, name);
      case 'integer': {
        const min = bound(schema.exclusiveMinimum, undefined) !== undefined ? Number(schema.exclusiveMinimum) + 1 : (schema.minimum ?? -1_000);
        const max = bound(schema.exclusiveMaximum, undefined) !== undefined ? Number(schema.exclusiveMaximum) - 1 : (schema.maximum ?? 1_000_000);
        return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
      }
      case 'number':
        // A price the client sends is what it saw; mostly none, so the server's own price is taken and checkouts open.
        if (name === 'price') return fc.option(fc.double({ min: schema.minimum ?? 0, max: schema.maximum ?? 1e6, noNaN: true }), { nil: undefined, freq: 1 });
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(validValue(schema.items ?? {}, name), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
        });
      case 'object': {
        const properties = schema.properties ?? {};
        const shape = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, validValue(s, key)]));
        return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
      }
      default:
        return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
    }
  })();
  return nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

/** The paths of every field inside a schema (objects and the first item of arrays), for mutations. */
export function fieldPaths(schema: JsonSchema, prefix: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    paths.push([...prefix, key]);
    paths.push(...fieldPaths(child, [...prefix, key]));
  }
  if (schema.items) {
    paths.push([...prefix, 0]);
    paths.push(...fieldPaths(schema.items, [...prefix, 0]));
  }
  return paths;
}

/** The schema of the field at `path` (as fieldPaths spells it), or an empty one. */
export function schemaAt(schema: JsonSchema, path: (string | number)[]): JsonSchema {
  let at: JsonSchema | undefined = schema;
  for (const key of path) at = typeof key === 'number' ? at?.items : at?.properties?.[key];
  return at ?? {};
}

/** A wrong value for a field: for a text field mostly hostile text, else anything of the wrong type. */
export function badValueFor(field: JsonSchema): fc.Arbitrary<unknown> {
  return typesOf(field).includes('string')
    ? fc.oneof({ weight: 3, arbitrary: nastyText }, { weight: 1, arbitrary: nastyValue })
    : nastyValue;
}

/** A copy of `value` with the field at `path` set (creating objects and arrays on the way) or deleted. */
export function withField(value: unknown, path: (string | number)[], replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const container: Record<string | number, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : value !== null && typeof value === 'object'
      ? { ...(value as Record<string, unknown>) }
      : typeof head === 'number'
        ? []
        : {};
  const current = (container as Record<string | number, unknown>)[head];
  if (rest.length === 0 && remove) {
    if (Array.isArray(container)) container.splice(Number(head), 1);
    else delete (container as Record<string | number, unknown>)[head];
  } else {
    (container as Record<string | number, unknown>)[head] = withField(current, rest, replacement, remove);
  }
  return container;
}

/** Extra fields a body should not carry, including the ones that poison a prototype. */
export const extraFields: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.constant({ isAdmin: true, userType: 'Admin', credits: 1_000_000 }),
  fc.constant(JSON.parse('{"__proto__": {"isAdmin": true}}') as Record<string, unknown>),
  fc.constant({ constructor: { prototype: { isAdmin: true } } }),
  fc.dictionary(fc.oneof(nastyText, fc.string({ maxLength: 10 })), nastyValue, { minKeys: 1, maxKeys: 4 }),
);

/** A body that is not the JSON object the call expects, sent raw with its content type (or none). */
export interface RawBody {
  contentType: string | null;
  payload: string | Buffer | null;
}

const deepArray = '['.repeat(5_000) + ']'.repeat(5_000);
const deepObject = '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000);

export const brokenJsonBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.constant<RawBody>({ contentType: null, payload: null }),
  fc.constant<RawBody>({ contentType: 'application/json', payload: '' }),
  fc.constantFrom('null', '[]', '"text"', '42', 'true', '{', '{"a":', '{"a":1,}', "{'a':1}", '{"a":NaN}', '\u0000', '{"a":"\\ud800"}', '{"a":"\\u0000"}').map(
    (payload): RawBody => ({ contentType: 'application/json', payload }),
  ),
  fc.constant<RawBody>({ contentType: 'application/json', payload: deepArray }),
  fc.constant<RawBody>({ contentType: 'application/json', payload: deepObject }),
  fc.constant<RawBody>({ contentType: 'application/json', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]) }),
  fc.constant<RawBody>({ contentType: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]) }),
  fc.string({ unit: 'binary', maxLength: 60 }).map((payload): RawBody => ({ contentType: 'application/json', payload })),
  fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/xml',
    'multipart/form-data',
    'multipart/form-data; boundary=abc',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'application/vnd.api+json',
    'application/octet-stream',
    ';;;',
    'application/json\u0000',
  ).map((contentType): RawBody => ({ contentType, payload: '{"email":"a@b.co"}' })),
);

/** A path parameter that is not what the route expects, already encoded for the URL. */
export const nastyPathParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'not-a-uuid',
    '0',
    '-1',
    'null',
    'undefined',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
    '123e4567-e89b-12d3-a456-4266141740000',
    '%00',
    '%25',
    '%ED%A0%80',
    '%F0%9F%98%80',
    '%E0%A4%A',
    '%C0%AF',
    '..%2F..%2Fetc%2Fpasswd',
    '%2E%2E',
    '%20',
    '%27%3B%20drop%20table%20beats%3B--',
    'a'.repeat(99),
  ),
  fc.constant('a'.repeat(101)),
  fc.constant('b'.repeat(5_000)),
  nastyText.map((text) => encodeParam(text)),
);

/** encodeURIComponent, except that a half surrogate pair (which it refuses) is sent as the bytes UTF-8 would never hold. */
export function encodeParam(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\s\S]/gu, (ch) => (/\p{Cs}/u.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch)));
  }
}

/** A query string from a record; arrays repeat the key. */
export function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      const text = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
      parts.push(`${encodeParam(key)}=${encodeParam(text)}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

// ── Multipart ──────────────────────────────────────────────────────────────────────────

export interface FormField {
  name: string;
  value: string | Buffer;
}
export interface FormFile {
  name: string;
  filename: string;
  data: Buffer;
  contentType?: string;
}

/** A multipart/form-data body written by hand, so names and values may hold what no browser would send. */
export function multipartBody(boundary: string, fields: FormField[], files: FormFile[]): Buffer {
  const chunks: Buffer[] = [];
  for (const f of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"\r\n\r\n`));
    chunks.push(Buffer.isBuffer(f.value) ? f.value : Buffer.from(f.value));
    chunks.push(Buffer.from('\r\n'));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(f.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
