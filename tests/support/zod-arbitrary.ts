// Inputs derived from our zod 4 schemas for the hardening fuzz (docs/hardening.md): `validInputs` draws values a
// schema accepts, and `mutants` turns one into the bad inputs issue 28 lists, as the raw JSON text a client sends.
// Why a deriver of our own: zod-fast-check 0.10.1 needs zod 3 and fast-check 3, and the other libraries either
// need zod 3 or fast-check 1, or draw from faker outside fast-check and skip refinements (docs/hardening.md).
import fc from 'fast-check';
import { z } from 'zod';

/** Values for field names the schema cannot know (a room key, an id that exists), drawn alongside the derived ones. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/** Strings that fit common rules, so that refinements comparing two fields (a password and its repeat) can pass. */
const plainStrings = ['Abc12345', 'hello world', 'abcdefgh-1234', '13800138000', 'sportcast', 'x'];

function stringArbitrary(schema: z.ZodString): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? min + 60, min + 200));
  const patterns = schema._zod.bag.patterns;
  // No filters here: a draw that misses a length or a second rule is dropped by safeParse in validInputs.
  if (patterns instanceof Set && patterns.size > 0) {
    const [pattern] = [...patterns] as unknown[];
    if (pattern instanceof RegExp) {
      try {
        return fc.stringMatching(pattern);
      } catch {
        // A construct fast-check cannot generate from (a lookahead): plain strings below, filtered by safeParse.
      }
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'url') return fc.webUrl();
  const fitting = plainStrings.filter((text) => text.length >= min && text.length <= max);
  const short = Math.min(max, min + 40);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: short }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: short }) },
    { weight: 1, arbitrary: fc.string({ minLength: max, maxLength: max }) },
    { weight: 2, arbitrary: fitting.length > 0 ? fc.constantFrom(...fitting) : fc.string({ minLength: min, maxLength: short }) },
  );
}

function numberArbitrary(schema: z.ZodNumber): fc.Arbitrary<number> {
  const min = Math.max(schema.minValue ?? -1e9, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maxValue ?? 1e9, Number.MAX_SAFE_INTEGER);
  if (schema.isInt && Math.ceil(min) <= Math.floor(max)) {
    // Small values more often: they name rows that exist and amounts a viewer may hold.
    return fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Math.max(min, 0) + 100)) }) },
      { weight: 1, arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) },
      { weight: 1, arbitrary: fc.constantFrom(Math.ceil(min), Math.floor(max)) },
    );
  }
  const small = { min: Math.ceil(Math.max(min, -1000)), max: Math.floor(Math.min(max, 1000)) };
  const double = fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return small.min <= small.max ? fc.oneof(double, fc.integer(small)) : double;
}

/** An arbitrary of inputs `schema` is meant to accept (its input side: before transforms); filter with safeParse. */
export function derive(schema: z.core.$ZodType, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (schema instanceof z.ZodString) return stringArbitrary(schema);
  if (schema instanceof z.ZodNumber) return numberArbitrary(schema);
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodNull) return fc.constant(null);
  if (schema instanceof z.ZodLiteral) return fc.constantFrom(...schema.values);
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...schema.options);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) {
    return fc.option(derive(schema.unwrap(), hints), { nil: undefined, freq: 4 });
  }
  if (schema instanceof z.ZodNullable) return fc.option(derive(schema.unwrap(), hints), { nil: null, freq: 4 });
  if (schema instanceof z.ZodCatch || schema instanceof z.ZodReadonly || schema instanceof z.ZodNonOptional || schema instanceof z.ZodLazy) return derive(schema.unwrap(), hints);
  if (schema instanceof z.ZodPipe) {
    // A transform's output is not an input: draw from the side that takes input (z.preprocess's inner schema,
    // or both sides of `coerce.number().pipe(z.literal(…))`, whose values pass the first as well).
    if (schema.in instanceof z.ZodTransform) return derive(schema.out, hints);
    if (schema.out instanceof z.ZodTransform) return derive(schema.in, hints);
    return fc.oneof(derive(schema.in, hints), derive(schema.out, hints));
  }
  if (schema instanceof z.ZodUnion) return fc.oneof(...schema.options.map((option) => derive(option, hints)));
  if (schema instanceof z.ZodArray) {
    const bag = schema._zod.bag;
    const minLength = typeof bag.minimum === 'number' ? bag.minimum : 0;
    const maxLength = typeof bag.maximum === 'number' ? Math.min(bag.maximum, minLength + 10) : minLength + 5;
    return fc.array(derive(schema.element, hints), { minLength, maxLength });
  }
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.core.$ZodType>;
    const fields = Object.fromEntries(
      Object.entries(shape).map(([key, field]) => [key, key in hints ? fc.oneof(hints[key], derive(field, hints)) : derive(field, hints)]),
    );
    // Absent keys rather than `undefined` values: what JSON would carry.
    return fc.record(fields).map((value) => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)));
  }
  if (schema instanceof z.ZodRecord) return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), derive(schema.valueType, hints), { maxKeys: 3 });
  if (schema instanceof z.ZodTuple) return fc.tuple(...schema.def.items.map((item) => derive(item, hints)));
  // unknown, any, transform alone: anything JSON can carry.
  return fc.jsonValue({ maxDepth: 2 });
}

/** The object schema under a schema's wrappers (refinements, defaults, pipes), whose fields get mutated. */
export function objectShape(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.core.$ZodType>;
  if (schema instanceof z.ZodPipe) return objectShape(schema.in) ?? objectShape(schema.out);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault || schema instanceof z.ZodCatch) return objectShape(schema.unwrap());
  return undefined;
}

// FUZZ_SEED moves every draw: CI's Postgres pass sets its own, so its inputs are new ones rather than the PGlite pass's again.
const seedOffset = Number(process.env.FUZZ_SEED ?? 0);

/** `count` distinct inputs that `schema` accepts as they travel (through JSON, or a query string when `asQuery`), and how many draws it took. */
export function validInputs(schema: z.ZodType, count: number, options: { hints?: Hints; seed?: number; asQuery?: boolean } = {}): { inputs: Record<string, unknown>[]; draws: number } {
  const arbitrary = derive(schema, options.hints);
  const inputs: Record<string, unknown>[] = [];
  let draws = 0;
  // Refinements (a date in the future, two equal passwords) reject some draws; give up after ten times the count.
  for (let round = 0; round < 10 && inputs.length < count; round += 1) {
    const batch = fc.sample(arbitrary, { numRuns: count, seed: (options.seed ?? 28) + seedOffset + round });
    for (const value of batch) {
      draws += 1;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      const travelled = options.asQuery ? queryInput(value as Record<string, unknown>) : JSON.parse(JSON.stringify(value));
      if (schema.safeParse(travelled).success) inputs.push(value as Record<string, unknown>);
      if (inputs.length === count) break;
    }
  }
  return { inputs, draws };
}

/** What a GET handler reads from a query string built from `value`. */
export function queryInput(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(Object.entries(value).map(([key, field]) => [key, typeof field === 'string' ? field : JSON.stringify(field)])));
}

export type Mutant = { kind: string; field?: string; text: string; contentType?: string };

const naughtyStrings = ['', ' ', '\u0000', '\u202e\u0041', '\uFEFF', '<script>alert(1)</script>', "' OR 1=1 --", '${7*7}', '{{7*7}}', '../../etc/passwd', 'x%00.jpg', 'NaN', 'null', 'undefined', '-1', '0x10', '1e3', ' 12 ', 'Ω≈ç√∫', '😀👨‍👩‍👧', '\\', '"'];

function nested(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** A value of another JSON type than `value`. */
function wrongType(value: unknown): unknown[] {
  const all: unknown[] = ['text', 12345, 1.5, true, null, [1, 2], { a: 1 }];
  const type = (item: unknown) => (Array.isArray(item) ? 'array' : item === null ? 'null' : typeof item);
  return all.filter((item) => type(item) !== type(value) && !(typeof value === 'number' && typeof item === 'number'));
}

/**
 * Issue 28's bad inputs made from one valid input: per field a wrong type, the field removed, NaN, 1e309, 2^53+1,
 * naughty strings, a big string (1 MB unless told) and deep nesting (5 000 levels); for the whole body an extra field, a `__proto__` key, truncated
 * JSON and a wrong content type. Each is the raw text sent; some are still accepted (extra fields are stripped,
 * `coerce` reads "12" as 12): the caller asks the schema which.
 */
export function mutants(valid: Record<string, unknown>, fields: string[], sizes: { bigString?: number; nesting?: number } = {}): Mutant[] {
  const big = JSON.stringify('a'.repeat(sizes.bigString ?? 1_000_000));
  const deep = nested(sizes.nesting ?? 5_000);
  const text = JSON.stringify(valid);
  // Replaces (or adds) one field with raw JSON text.
  const withRaw = (field: string, raw: string) => {
    const rest = { ...valid };
    delete rest[field];
    const body = JSON.stringify(rest);
    return `{${JSON.stringify(field)}:${raw}${body === '{}' ? '}' : `,${body.slice(1)}`}`;
  };
  const list: Mutant[] = [];
  for (const field of fields) {
    for (const wrong of wrongType(valid[field])) list.push({ kind: 'wrong type', field, text: withRaw(field, JSON.stringify(wrong)) });
    if (field in valid) {
      const rest = { ...valid };
      delete rest[field];
      list.push({ kind: 'removed', field, text: JSON.stringify(rest) });
    }
    list.push({ kind: 'NaN', field, text: withRaw(field, 'NaN') });
    list.push({ kind: '1e309', field, text: withRaw(field, '1e309') });
    list.push({ kind: '-1e309', field, text: withRaw(field, '-1e309') });
    list.push({ kind: '2^53+1', field, text: withRaw(field, '9007199254740993') });
    list.push({ kind: 'fraction', field, text: withRaw(field, '0.5') });
    for (const naughty of naughtyStrings) list.push({ kind: 'naughty string', field, text: withRaw(field, JSON.stringify(naughty)) });
    list.push({ kind: 'big string', field, text: withRaw(field, big) });
    list.push({ kind: 'deep nesting', field, text: withRaw(field, deep) });
  }
  list.push({ kind: 'extra field', text: withRaw('fuzz_extra', '"x"') });
  list.push({ kind: '__proto__ key', text: withRaw('__proto__', '{"role":"operator","polluted":1,"status":0}') });
  list.push({ kind: 'constructor key', text: withRaw('constructor', '{"prototype":{"polluted":1}}') });
  list.push({ kind: 'truncated', text: text.slice(0, Math.max(1, Math.floor(text.length / 2))) });
  list.push({ kind: 'array body', text: `[${text}]` });
  list.push({ kind: 'wrong content type', text, contentType: 'application/xml' });
  return list;
}
