import fc from 'fast-check';

/** A schema of the OpenAPI 3.1 document (JSON Schema 2020-12), as generated from the zod schemas. */
export type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
};

/** Resolves `#/components/schemas/…` references of the document. */
export type Resolve = (ref: string) => Schema;

/** An input that breaks its schema in one place, with the kind of break and where (a field path). */
export type Broken = { value: unknown; kind: BreakKind; path: string };
export type BreakKind = 'nul' | 'range' | 'type' | 'length' | 'enum' | 'missing' | 'shape';

const MAX_DEPTH = 4;
/** Long enough to pass any maxLength we break by one, short enough to keep a run fast. */
const SHORT_TEXT = 24;

const INT32 = 2 ** 31 - 1;

/** Text as people type it, NUL excluded (NUL is a break of its own). */
const text = (minLength = 0, maxLength = SHORT_TEXT) =>
  fc
    .string({
      unit: fc.oneof(
        fc.constantFrom('a', 'Z', '0', ' ', '-', '@', '.', '中'),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      ),
      minLength,
      maxLength,
    })
    .map((s) => s.replaceAll('\u0000', ''))
    .filter((s) => s.length >= minLength);

function bounds(schema: Schema): { min: number; max: number } {
  let min = schema.minimum ?? -Number.MAX_SAFE_INTEGER;
  let max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  if (schema.exclusiveMinimum === true) min += 1;
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - 1;
  return { min, max };
}

function integer(min: number, max: number): fc.Arbitrary<number> {
  // fast-check's integer() stays within 32 bits and favours small values and the bounds: ids 1, 2, 3…
  const lo = Math.max(min, -INT32 - 1);
  const hi = Math.min(max, INT32);
  const small = fc.integer({ min: lo, max: Math.max(lo, hi) });
  if (lo === min && hi === max) return small;
  const wide = fc.maxSafeInteger().filter((n) => n >= min && n <= max);
  return fc.oneof({ arbitrary: small, weight: 4 }, { arbitrary: wide, weight: 1 });
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? SHORT_TEXT, Math.max(min, SHORT_TEXT));
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((s) => s.length <= (schema.maxLength ?? 254));
    case 'date-time':
      return fc
        .date({ noInvalidDate: true, min: new Date(2000, 0, 1), max: new Date(2100, 0, 1) })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ noInvalidDate: true, min: new Date(2000, 0, 1), max: new Date(2100, 0, 1) })
        .map((d) => d.toISOString().slice(0, 10));
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
    case 'binary':
      return fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('latin1'));
  }
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .map((s) => s.replaceAll('\u0000', ''))
        .filter(
          (s) =>
            s.length >= min &&
            s.length <= (schema.maxLength ?? 10_000) &&
            new RegExp(schema.pattern as string).test(s),
        );
    } catch {
      // A pattern fast-check cannot generate from (lookarounds): plain text, often a 400.
    }
  }
  return text(min, max);
}

/** Values the schema accepts. */
export function valid(schema: Schema, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) return valid(resolve(schema.$ref), resolve, depth + 1);
  const plain = validPlain(schema, resolve, depth);
  return schema.nullable
    ? fc.oneof({ arbitrary: plain, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })
    : plain;
}

function validPlain(schema: Schema, resolve: Resolve, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // Deep inside a recursive schema, only the leaves: the value must end.
    const options =
      depth >= MAX_DEPTH
        ? alternatives.filter((s) => s.type !== 'array' && s.type !== 'object' && !s.$ref)
        : alternatives;
    return fc.oneof(
      ...(options.length ? options : alternatives.slice(0, 1)).map((s) => valid(s, resolve, depth + 1)),
    );
  }
  if (schema.allOf) return valid(schema.allOf[0] ?? {}, resolve, depth + 1);
  switch (schema.type) {
    case 'integer': {
      const { min, max } = bounds(schema);
      return integer(min, max);
    }
    case 'number': {
      const { min, max } = bounds(schema);
      return fc.oneof(
        integer(min, max),
        fc.double({ min: Math.max(min, -1e9), max: Math.min(max, 1e9), noNaN: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringOf(schema);
    case 'array': {
      if (depth >= MAX_DEPTH) return fc.constant([]);
      const minLength = schema.minItems ?? 0;
      return fc.array(valid(schema.items ?? {}, resolve, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)),
      });
    }
    case 'object':
      return objectOf(schema, resolve, depth);
  }
  return fc.jsonValue({ maxDepth: 2 });
}

function objectOf(schema: Schema, resolve: Resolve, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valid(s, resolve, depth + 1)])),
    { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) },
  );
  if (typeof schema.additionalProperties === 'object' && Object.keys(properties).length === 0) {
    if (depth >= MAX_DEPTH) return fc.constant({});
    return fc.dictionary(text(1, 8), valid(schema.additionalProperties, resolve, depth + 1), { maxKeys: 3 });
  }
  return record;
}

/** Values of another type than the schema's. */
const WRONG_TYPE: Record<string, unknown[]> = {
  string: [7, true, { x: 1 }, [1]],
  integer: ['seven', true, { x: 1 }, [1]],
  number: ['seven', true, { x: 1 }, [1]],
  boolean: ['yes', 7, { x: 1 }],
  object: ['x', 7, true, [1]],
  array: ['x', 7, true, { x: 1 }],
};

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * Values that break the schema in one place: a NUL in a text, a number out of range or not whole, a
 * text too long, a value of another type, a value not in an enum, a required field left out.
 */
export function broken(schema: Schema, resolve: Resolve, path = '', depth = 0): fc.Arbitrary<Broken> {
  if (schema.$ref) return broken(resolve(schema.$ref), resolve, path, depth + 1);
  const at =
    (kind: BreakKind) =>
    (value: unknown): Broken => ({ value, kind, path });
  const wrongType = fc.constantFrom(...(WRONG_TYPE[schema.type ?? ''] ?? [7])).map(at('type'));
  const options: fc.Arbitrary<Broken>[] = [];
  if (schema.enum) {
    options.push(
      text(1, 12)
        .filter((s) => !schema.enum?.includes(s))
        .map(at('enum')),
    );
  } else if (schema.anyOf || schema.oneOf) {
    options.push(fc.constant({ k: [{ deep: true }] }).map(at('type')));
  } else if (schema.type === 'integer' || schema.type === 'number') {
    const { min, max } = bounds(schema);
    const out: number[] = [];
    if (max < Number.MAX_SAFE_INTEGER) out.push(max + 1, max * 2 + 1);
    if (min > -Number.MAX_SAFE_INTEGER) out.push(min - 1);
    if (out.length) options.push(fc.constantFrom(...out).map(at('range')));
    if (schema.type === 'integer') options.push(fc.constantFrom(1.5, 2 ** 53 + 2).map(at('range')));
    options.push(wrongType);
  } else if (schema.type === 'string') {
    if (schema.format !== 'binary') {
      options.push(
        fc.tuple(stringOf(schema), fc.nat()).map(([s, i]) => {
          const cut = s.length ? i % (s.length + 1) : 0;
          return at('nul')(`${s.slice(0, cut)}\u0000${s.slice(cut)}`);
        }),
      );
    }
    if (schema.maxLength !== undefined && schema.maxLength < 100_000) {
      options.push(fc.constant('x'.repeat(schema.maxLength + 1)).map(at('length')));
    }
    options.push(wrongType);
  } else if (schema.type === 'array' && depth < MAX_DEPTH) {
    const item = schema.items ?? {};
    options.push(
      fc
        .tuple(
          fc.array(valid(item, resolve, depth + 1), { maxLength: 2 }),
          broken(item, resolve, join(path, 0), depth + 1),
        )
        .map(([rest, bad]) => ({ ...bad, value: [bad.value, ...rest] })),
    );
    if (schema.maxItems !== undefined && schema.maxItems <= 2000) {
      options.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => 1)).map(at('length')));
    }
    options.push(wrongType);
  } else if (schema.type === 'object' && depth < MAX_DEPTH) {
    const properties = Object.entries(schema.properties ?? {});
    if (properties.length) {
      options.push(
        fc
          .tuple(
            valid(schema, resolve, depth) as fc.Arbitrary<Record<string, unknown>>,
            fc.constantFrom(...properties),
          )
          .chain(([base, [key, propSchema]]) =>
            broken(propSchema, resolve, join(path, key), depth + 1).map((bad) => ({
              ...bad,
              value: { ...base, [key]: bad.value },
            })),
          ),
      );
    }
    const required = schema.required ?? [];
    if (required.length) {
      options.push(
        fc
          .tuple(
            valid(schema, resolve, depth) as fc.Arbitrary<Record<string, unknown>>,
            fc.constantFrom(...required),
          )
          .map(([base, key]) => {
            const { [key]: _left, ...rest } = base;
            return { value: rest, kind: 'missing' as const, path: join(path, key) };
          }),
      );
    }
    options.push(wrongType);
  } else if (schema.type === 'boolean') {
    options.push(wrongType);
  }
  if (!options.length)
    options.push(fc.constant({ value: Symbol.for('unbreakable'), kind: 'shape' as const, path }));
  return fc.oneof(...options);
}
