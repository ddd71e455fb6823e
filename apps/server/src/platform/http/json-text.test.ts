import { SUCCESS_CODE, envelope } from '@pod/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonText, jsonArray, okWithJson, replySerializer } from './json-text.ts';

const item = z.object({
  id: z.string(),
  n: z.number().int(),
  at: z.iso.datetime({ offset: true }).nullable(),
});
const reply = envelope(z.object({ total: z.number().int(), list: z.array(item) }));
const serialize = replySerializer({ schema: reply, method: 'GET', url: '/things' });

describe('JSON text replies (decision 0089)', () => {
  it('places the written JSON as the named field of the success envelope, the rest stringified as usual', () => {
    const text = okWithJson(
      { total: 2 },
      'list',
      jsonArray(['{"id":"a","n":1,"at":null}', '{"id":"b","n":2,"at":null}']),
      'a "msg"',
    );
    const parsed = JSON.parse(text.text);
    expect(parsed).toMatchObject({
      code: SUCCESS_CODE,
      msg: 'a "msg"',
      data: { total: 2, list: [{ id: 'a' }, { id: 'b' }] },
    });
    expect(okWithJson({ total: 0 }, 'list', jsonArray([])).text).toContain('"list":[]');
  });

  it('sends a JSON text as it is when it matches the reply schema, and refuses one that does not (under tests)', () => {
    const good = okWithJson({ total: 1 }, 'list', '[{"id":"a","n":1,"at":"2026-01-02T03:04:05.678Z"}]');
    expect(serialize(good)).toBe(good.text);
    for (const bad of [
      '[{"id":"a","n":1,"at":null,"secret":"x"}]', // a field the contract does not have
      '[{"id":"a","at":null}]', // a field missing
      '[{"id":"a","n":1.5,"at":null}]', // of another type
      '[{"id":"a","n":1,"at":"yesterday"}]',
    ])
      expect(() => serialize(okWithJson({ total: 1 }, 'list', bad))).toThrow();
  });

  it('serialises any other reply through the schema, dropping what the contract does not name', () => {
    const out = JSON.parse(
      serialize({
        code: SUCCESS_CODE,
        msg: '',
        time: 1,
        data: { total: 1, list: [{ id: 'a', n: 1, at: null, secret: 'x' }] },
      }),
    );
    expect(out.data.list[0]).toEqual({ id: 'a', n: 1, at: null });
    expect(new JsonText('x').text).toBe('x');
  });
});
