import fc from 'fast-check';

/** The part of a JSON Schema (as found in the OpenAPI document) the generator understands. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  "' OR 1=1 --",
  '"; DROP TABLE tenants; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🙂',
  '١٢٣',
  'a'.repeat(10_000),
];
const nastyNumbers = [0, -1, -0, 1.5, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308];

/** Any JSON value at all: type confusion is part of the attack. */
const anyJson = fc.jsonValue({ maxDepth: 2 });

function boundaryStrings(s: JsonSchema) {
  const out: string[] = [];
  if (s.minLength !== undefined) out.push('x'.repeat(Math.max(0, s.minLength - 1)), 'x'.repeat(s.minLength));
  if (s.maxLength !== undefined) out.push('x'.repeat(s.maxLength), 'x'.repeat(s.maxLength + 1));
  return out;
}

function boundaryNumbers(s: JsonSchema) {
  const out: number[] = [];
  if (s.minimum !== undefined) out.push(s.minimum - 1, s.minimum);
  if (s.maximum !== undefined) out.push(s.maximum, s.maximum + 1);
  return out;
}

/**
 * Values shaped like the schema, at and around its boundaries, mixed with values of the wrong
 * type. What the server must never do with any of them is answer 500.
 */
export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => arbitraryFor(v, depth + 1)), anyJson);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), fc.string(), anyJson);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      const shaped = fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryFor(props[k], depth + 1)])), {
        requiredKeys: [],
      });
      const withExtra = fc
        .tuple(
          shaped,
          fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra', 'tenant_id'), anyJson),
        )
        .map(([a, b]) => ({ ...b, ...a }));
      return fc.oneof(
        { weight: 4, arbitrary: shaped },
        { weight: 1, arbitrary: withExtra },
        { weight: 1, arbitrary: anyJson },
      );
    }
    case 'array':
      return fc.oneof(fc.array(arbitraryFor(schema.items, depth + 1), { maxLength: 60 }), anyJson);
    case 'string': {
      const edges = [...nastyStrings, ...boundaryStrings(schema)];
      return fc.oneof(fc.string(), fc.constantFrom(...edges), fc.uuid(), fc.integer(), anyJson);
    }
    case 'integer':
    case 'number': {
      const edges = [...nastyNumbers, ...boundaryNumbers(schema)];
      return fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true }),
        fc.constantFrom(...edges),
        fc.string(),
        anyJson,
      );
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 0, 1, ''), anyJson);
    default:
      return anyJson;
  }
}

/** Query strings carry only text: render generated values the way a browser would. */
export function toQueryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `q=${encodeURIComponent(JSON.stringify(value))}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(v))
      for (const item of v) params.append(k, typeof item === 'string' ? item : JSON.stringify(item));
    else params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return params.toString();
}
