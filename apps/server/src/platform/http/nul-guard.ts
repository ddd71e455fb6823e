import type { FastifyInstance } from 'fastify';
import { hasMessage } from '../i18n/i18n.ts';
import { AppError, type MessageParam } from './errors.ts';

const NUL = '\u0000';

/**
 * The path of the first string (value or key) holding a NUL character, or null. The path is
 * built only on the way back from a hit, so a large clean body costs one walk and no garbage.
 */
export function findNul(value: unknown): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? [] : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i]);
      if (hit) return [String(i), ...hit];
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes(NUL)) return [];
    const hit = findNul((value as Record<string, unknown>)[key]);
    if (hit) return [key, ...hit];
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold the NUL character, so any input carrying one would fail
 * deep in a query. Refuse it up front, for every route, as the caller's mistake (400) naming the
 * field, before validation and before anything is written.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findNul(part);
      if (path) return done(nulError(path));
    }
    done();
  });
}

function nulError(path: string[]): AppError {
  const name = [...path].reverse().find((p) => !/^\d+$/.test(p));
  const field: MessageParam =
    name && hasMessage(`fields.${name}`) ? { t: `fields.${name}` } : path.join('.') || 'body';
  return new AppError(
    400,
    'validation.invalidCharacter',
    { field },
    { errors: [{ field: path.join('.'), message: 'validation.invalidCharacter' }] },
  );
}
