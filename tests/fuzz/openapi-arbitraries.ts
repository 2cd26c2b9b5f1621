import fc, { type Arbitrary } from 'fast-check';

/**
 * fast-check arbitraries of requests, derived from the OpenAPI document of the running app
 * (`app.swagger()`): for each operation, path ids, query strings, headers and bodies that are
 * mostly shaped like its schema (so the handlers run, not only the validation) and often hostile
 * (wrong types, boundary values, huge strings, NUL, lone surrogates, deep nesting, extra fields,
 * malformed JSON and multipart).
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: OpenApiParameter[];
  /** The content type of the body the operation declares, if any. */
  bodyType: 'application/json' | 'multipart/form-data' | null;
  bodySchema: JsonSchema | null;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was generated, for the failure message. */
  shape: string;
}

/** Every operation of an OpenAPI 3 document. */
export function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as { parameters?: OpenApiParameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
      const content = op.requestBody?.content ?? {};
      const bodyType = 'multipart/form-data' in content ? 'multipart/form-data' : 'application/json' in content ? 'application/json' : null;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        bodyType,
        bodySchema: bodyType ? (content[bodyType].schema ?? null) : null,
      });
    }
  }
  return operations;
}

// --- hostile values -------------------------------------------------------------------------

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Texts that broke or could break a server: NUL, lone surrogates, control and bidi characters, injections. */
const nastyText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'Welle\u0000',
  '\uD800',
  'Rohr\uDFFFende',
  'a\uDBFF',
  '\uFEFF',
  '\u202Egnp.exe',
  '\r\n\r\n',
  '\t',
  '💥🏭',
  'Ä'.repeat(60),
  '%00',
  '%',
  '../../../etc/passwd',
  '..\\..\\windows',
  "' or 1=1 --",
  '"; drop table events; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '=cmd|"/c calc"!A1',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x7fffffff',
  '9'.repeat(40),
  '2026-02-30T25:61:61Z',
  '0000-00-00',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
);

const hugeText = fc.constantFrom('x'.repeat(70_000), 'é'.repeat(20_000), '\u0000'.repeat(1000), '9'.repeat(5000));

export const hostileString: Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: nastyText },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), loneSurrogate, fc.string({ maxLength: 8 })).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: hugeText },
);

const boundaryNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  1,
  0.5,
  -0.000001,
  999,
  1000,
  9999999.99,
  10000000,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
);

/** A JSON value of the wrong kind, anywhere. */
const wrongValue: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }, JSON.parse('{"__proto__":{"admin":true}}') as unknown, '1', 1, ['a', 1, null]),
  boundaryNumbers,
  hostileString,
);

/** An array or object nested `depth` deep. */
const deeplyNested = (depth: number, kind: 'array' | 'object'): unknown => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = kind === 'array' ? [value] : { a: value };
  return value;
};
const deepValue = fc.constantFrom(deeplyNested(64, 'array'), deeplyNested(64, 'object'), deeplyNested(2000, 'array'), deeplyNested(2000, 'object'));

const hostileValue: Arbitrary<unknown> = fc.oneof({ weight: 6, arbitrary: wrongValue }, { weight: 1, arbitrary: deepValue });

const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'companyId', 'company_id', 'version', 'role', '\u0000', '\uD800', ''),
  fc.string({ maxLength: 12 }),
);

// --- values shaped by a schema -----------------------------------------------------------------

export interface Known {
  /** Ids that exist in the fuzzed company (users, a material, the company): handlers go deeper with them. */
  ids: string[];
}

const typeOf = (schema: JsonSchema): string | undefined => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

function stringFor(schema: JsonSchema, known: Known): Arbitrary<string> {
  const max = schema.maxLength ?? 60;
  const min = schema.minLength ?? 0;
  const fitting = fc.string({ minLength: Math.min(min, 200), maxLength: Math.min(max, 200) });
  const boundaries = fc.constantFrom(
    'A'.repeat(Math.min(max, 100_000)),
    'Z'.repeat(Math.min(max + 1, 100_000)),
    'B'.repeat(Math.max(0, min - 1)),
    'Ü'.repeat(Math.min(max, 1000)),
  );
  switch (schema.format) {
    case 'uuid':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known.ids) }, { weight: 2, arbitrary: fc.uuid() }, { weight: 1, arbitrary: hostileString });
    case 'email':
      return fc.oneof(fc.emailAddress(), fc.constantFrom('a@b', '@example.com', 'x@example.com\u0000', `${'a'.repeat(300)}@example.com`));
    case 'date-time':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
        fc.constantFrom('2026-13-01T00:00:00Z', '9999-12-31T23:59:59.999Z'),
      );
    case 'date':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
        fc.constantFrom('2026-02-30', '+275760-09-13'),
      );
    default:
      return fc.oneof({ weight: 5, arbitrary: fitting }, { weight: 2, arbitrary: boundaries });
  }
}

function numberFor(schema: JsonSchema): Arbitrary<number> {
  const integer = typeOf(schema) === 'integer';
  const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : -1e9;
  const max = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : 1e9;
  const low = Math.max(min, -1e15);
  const high = Math.min(max, 1e15);
  const fitting = integer
    ? fc.integer({ min: Math.ceil(Math.max(low, -(2 ** 31))), max: Math.floor(Math.min(high, 2 ** 31 - 1)) })
    : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(
    { weight: 4, arbitrary: fitting },
    { weight: 2, arbitrary: fc.constantFrom(min, max, min - 1, max + 1, min + 0.5) },
    { weight: 1, arbitrary: boundaryNumbers },
  );
}

/** A value mostly shaped like `schema`, at times hostile; `depth` bounds the recursion. */
export function valueFor(schema: JsonSchema | undefined, known: Known, depth = 0): Arbitrary<unknown> {
  if (!schema || depth > 6) return hostileValue;
  return fc.oneof({ weight: 8, arbitrary: shapedValue(schema, known, depth) }, { weight: 1, arbitrary: hostileValue });
}

function shapedValue(schema: JsonSchema, known: Known, depth: number): Arbitrary<unknown> {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => valueFor(variant, known, depth + 1)));
  if (schema.allOf?.length) return valueFor(Object.assign({}, ...schema.allOf) as JsonSchema, known, depth + 1);
  const shaped = shapedByType(schema, known, depth);
  return schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null')) ? fc.oneof(fc.constant(null), shaped) : shaped;
}

function shapedByType(schema: JsonSchema, known: Known, depth: number): Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: hostileString });
  switch (typeOf(schema)) {
    case 'string':
      return stringFor(schema, known);
    case 'integer':
    case 'number':
      return numberFor(schema);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const maxLength = Math.min(schema.maxItems ?? 4, 6);
      const items = fc.array(valueFor(schema.items, known, depth + 1), { minLength: Math.min(schema.minItems ?? 0, maxLength), maxLength });
      const tooMany =
        schema.maxItems !== undefined && schema.maxItems < 50
          ? fc.array(valueFor(schema.items, known, depth + 1), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 2 })
          : items;
      return fc.oneof({ weight: 5, arbitrary: items }, { weight: 1, arbitrary: tooMany });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = (schema.required ?? []).filter((key) => key in properties);
      const record = fc.record(Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, valueFor(property, known, depth + 1)])), {
        requiredKeys: required,
      });
      const extras = fc.dictionary(extraKey, hostileValue, { maxKeys: 3 });
      return fc.oneof(
        { weight: 6, arbitrary: record },
        { weight: 1, arbitrary: fc.tuple(record, extras).map(([value, extra]) => ({ ...extra, ...value })) },
        { weight: 1, arbitrary: fc.tuple(record, extras).map(([value, extra]) => ({ ...value, ...extra })) },
      );
    }
    default:
      return hostileValue;
  }
}

// --- encoding ----------------------------------------------------------------------------------

/** Percent-encodes any text, lone surrogates too (as the WTF-8 bytes a careless client sends). */
export function percentEncode(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[index]);
    }
  }
  return out;
}

/** A query or path value as text (objects and arrays as JSON, as a confused client would). */
const asText = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? ''));

/** Raw path segments and query strings that are not valid percent-encoding or are otherwise odd. */
const rawSegment = fc.constantFrom('%E0%A4%A', '%', '%%', '%zz', '%C0%AE%C0%AE', '..', '.', '%2e%2e%2f', '%00', 'a%2Fb', ' ');
const rawQuery = fc.constantFrom(
  'a=%E0%A4%A',
  '%',
  '&&&',
  '=',
  'page=1&page=2&page=x',
  'q[]=1&q[]=2',
  'q[a][b]=c',
  'limit=1e3',
  'limit=-1',
  '__proto__[x]=1',
  'q=' + 'x'.repeat(10_000),
);

// --- bodies ------------------------------------------------------------------------------------

const malformedJson = fc.constantFrom(
  '',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '"text"',
  '42',
  'null',
  '[]',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '{"a":1,}',
  "{'a':1}",
  '{"\u0000":1}',
  '\u0000',
);

const hugeJson = fc.constant(JSON.stringify({ blob: 'x'.repeat(1_200_000) }));

const jsonBody = (schema: JsonSchema | null, known: Known): Arbitrary<{ payload?: string; shape: string }> =>
  fc.oneof(
    { weight: 10, arbitrary: valueFor(schema ?? undefined, known).map((value) => ({ payload: JSON.stringify(value) ?? 'null', shape: 'json' })) },
    { weight: 1, arbitrary: malformedJson.map((payload) => ({ payload, shape: 'malformed json' })) },
    { weight: 1, arbitrary: fc.constant({ payload: undefined, shape: 'no body' }) },
    { weight: 1, arbitrary: hugeJson.map((payload) => ({ payload, shape: 'huge json' })) },
  );

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');

interface MultipartBody {
  payload: Buffer;
  contentType: string;
  shape: string;
}

function multipart(
  parts: { field: string; fileName?: string; type?: string; bytes: Buffer }[],
  boundary = 'fuzzBoundary7MA4YWxkTrZu0gW',
  close = true,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName === undefined ? `form-data; name="${part.field}"` : `form-data; name="${part.field}"; filename="${part.fileName}"`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`, 'latin1'),
    );
    chunks.push(part.bytes, Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const fileBytes = fc.oneof(
  fc.constantFrom(PNG, JPEG, PDF, Buffer.alloc(0), Buffer.from('GIF89a'), Buffer.alloc(300_000, 0xff)),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
);
const fileName = fc.oneof(
  fc.constantFrom('a.png', 'b.jpg', 'c.pdf', '', '../../x.png', 'ä.png', 'x'.repeat(300), 'nul\u0000.png'),
  hostileString.map((name) => name.replace(/["\r\n]/g, '_')),
);

const multipartBody: Arbitrary<MultipartBody> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.constantFrom('file', 'image', 'logo', 'medium', 'x'),
        fileName,
        fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/html', ''),
        fileBytes,
      )
      .map(([field, name, type, bytes]) => ({
        payload: multipart([{ field, fileName: Buffer.from(name, 'utf8').toString('latin1'), type, bytes }]),
        contentType: 'multipart/form-data; boundary=fuzzBoundary7MA4YWxkTrZu0gW',
        shape: `multipart file ${field}`,
      })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<MultipartBody>(
      { payload: multipart([{ field: 'file', fileName: 'a.png', bytes: PNG }]), contentType: 'multipart/form-data', shape: 'multipart without boundary' },
      {
        payload: multipart([{ field: 'file', fileName: 'a.png', bytes: PNG }], 'fuzzBoundary7MA4YWxkTrZu0gW', false),
        contentType: 'multipart/form-data; boundary=fuzzBoundary7MA4YWxkTrZu0gW',
        shape: 'multipart never closed',
      },
      { payload: Buffer.from('garbage'), contentType: 'multipart/form-data; boundary=', shape: 'multipart empty boundary' },
      { payload: Buffer.from('garbage'), contentType: `multipart/form-data; boundary=${'b'.repeat(100)}`, shape: 'multipart long boundary' },
      {
        payload: multipart([{ field: 'note', bytes: Buffer.from('text only') }]),
        contentType: 'multipart/form-data; boundary=fuzzBoundary7MA4YWxkTrZu0gW',
        shape: 'multipart without a file',
      },
      {
        payload: multipart([
          { field: 'file', fileName: 'a.png', bytes: PNG },
          { field: 'file', fileName: 'b.png', bytes: PNG },
        ]),
        contentType: 'multipart/form-data; boundary=fuzzBoundary7MA4YWxkTrZu0gW',
        shape: 'multipart two files',
      },
      { payload: Buffer.from('{"a":1}'), contentType: 'application/json', shape: 'json to an upload' },
    ),
  },
);

// --- headers -----------------------------------------------------------------------------------

/** Header values a client can send (visible Latin-1; Node refuses the rest before sending). */
const headerText = fc.oneof(
  fc.constantFrom('', 'de', 'de-DE,de;q=0.9', '*', 'xx-YY', 'en;q=abc', ',,,', 'x'.repeat(4000), 'bytes=0-', '"etag"', 'W/"1"', '-1', '1e400', 'ÿ'),
  fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
);

const extraHeaders: Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom('accept-language', 'idempotency-key', 'if-match', 'if-none-match', 'range', 'x-request-id', 'accept', 'x-forwarded-for', 'origin'),
  headerText,
  { maxKeys: 2 },
);

const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'application/xml',
  'garbage',
  'multipart/form-data',
);

// --- requests ----------------------------------------------------------------------------------

/** Requests for one operation, signed in with `authorization`. */
export function requestsFor(op: Operation, known: Known, authorization: string): Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = op.parameters.filter((parameter) => parameter.in === 'query');

  const pathValue = (parameter: OpenApiParameter): Arbitrary<string> =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known.ids).map(percentEncode) },
      { weight: 3, arbitrary: valueFor(parameter.schema, known).map((value) => percentEncode(asText(value))) },
      { weight: 1, arbitrary: hostileString.map(percentEncode) },
      { weight: 1, arbitrary: rawSegment },
    );
  const path = fc
    .tuple(...pathParams.map(pathValue))
    .map((values) => pathParams.reduce((url, parameter, index) => url.replace(`{${parameter.name}}`, values[index] || '%20'), op.path));

  const queryPart = (parameter: OpenApiParameter): Arbitrary<string | null> =>
    fc.option(
      valueFor(parameter.schema, known).map((value) => `${parameter.name}=${percentEncode(asText(value))}`),
      { freq: 2 },
    );
  const query = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(...queryParams.map(queryPart)).map((parts) => parts.filter((part): part is string => part !== null).join('&')) },
    { weight: 1, arbitrary: rawQuery },
    { weight: 1, arbitrary: fc.tuple(extraKey, hostileString).map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`) },
  );

  const body: Arbitrary<{ payload?: string | Buffer; contentType?: string; shape: string }> =
    op.bodyType === 'multipart/form-data'
      ? multipartBody
      : op.bodyType === 'application/json'
        ? fc.tuple(jsonBody(op.bodySchema, known), fc.option(wrongContentType, { freq: 8 })).map(([json, wrong]) => ({
            ...json,
            contentType: json.payload === undefined ? undefined : (wrong ?? 'application/json'),
            shape: wrong ? `${json.shape} as ${wrong}` : json.shape,
          }))
        : fc.oneof(
            { weight: 6, arbitrary: fc.constant({ shape: 'no body' }) },
            {
              weight: 1,
              arbitrary: jsonBody(null, known).map((json) => ({ ...json, contentType: json.payload === undefined ? undefined : 'application/json' })),
            },
          );

  return fc.tuple(path, query, body, extraHeaders).map(([url, queryString, requestBody, headers]) => ({
    method: op.method,
    url: queryString ? `${url}?${queryString}` : url,
    headers: { ...headers, authorization, ...(requestBody.contentType ? { 'content-type': requestBody.contentType } : {}) },
    payload: requestBody.payload,
    shape: requestBody.shape,
  }));
}
