import { isDeepStrictEqual } from 'node:util';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ok } from './envelope.ts';

/**
 * A reply whose JSON is already written: a hot list whose rows PostgreSQL renders as JSON text
 * (decision 0089). Returned from a route's handler, it is sent as it is, without the reply
 * schema's encode and `JSON.stringify` over every row, which were most of the list's CPU in Node.
 *
 * Under tests (NODE_ENV=test) the text is still checked against the route's reply schema: it is
 * parsed, encoded by the schema, and must come back unchanged (no field missing, extra, renamed
 * or of another type), so the SQL that writes the JSON cannot drift from the contract unseen.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** One field of `data` whose value is JSON text written elsewhere (it is placed last). */
const SLOT = '\u0000json-text-slot\u0000';
const SLOT_JSON = JSON.stringify(SLOT);

/**
 * The success envelope of `data` with `field` set to `json`, a JSON value written elsewhere
 * (PostgreSQL's rows joined into an array): the rest is stringified as usual.
 */
export function okWithJson<T extends object>(data: T, field: string, json: string, msg = ''): JsonText {
  const text = JSON.stringify(ok({ ...data, [field]: SLOT }, msg));
  const at = text.lastIndexOf(SLOT_JSON);
  return new JsonText(text.slice(0, at) + json + text.slice(at + SLOT_JSON.length));
}

/** A JSON array of rows already written as JSON text. */
export const jsonArray = (items: readonly string[]) => `[${items.join(',')}]`;

const checked = process.env.NODE_ENV === 'test';

/** Fastify's reply serializer: the zod schema's, passing `JsonText` through (checked under tests). */
export const replySerializer: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  return (data: unknown) => {
    if (!(data instanceof JsonText)) return serialize(data);
    if (checked) {
      const parsed: unknown = JSON.parse(data.text);
      const encoded: unknown = JSON.parse(serialize(parsed));
      if (!isDeepStrictEqual(encoded, parsed))
        throw new Error(`${route.method} ${route.url}: a JSON text reply differs from its reply schema`);
    }
    return data.text;
  };
};
