import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@pod/shared';
import { hasMessage } from '../i18n/i18n.ts';
import { isStorableText } from '../storable-text.ts';
import { AppError, type MessageParam } from './errors.ts';

/** What the walk found: an unstorable string at `path`, or nesting deeper than the limit. */
export type InputProblem = { kind: 'character'; path: string[] } | { kind: 'depth' };

interface Frame {
  value: unknown;
  path: readonly string[];
  depth: number;
}

/**
 * The first problem of a parsed input, or null: a string (value or key) PostgreSQL cannot store,
 * or objects and arrays nested deeper than `maxDepth`. Walks with an explicit stack, so no input
 * can overflow the call stack (issue 17 finding 1: 5,000 levels used to answer 500).
 */
export function findInputProblem(value: unknown, maxDepth: number = LIMITS.jsonDepth): InputProblem | null {
  const stack: Frame[] = [{ value, path: [], depth: 0 }];
  while (stack.length) {
    const { value: node, path, depth } = stack.pop()!;
    if (typeof node === 'string') {
      if (!isStorableText(node)) return { kind: 'character', path: [...path] };
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (depth >= maxDepth) return { kind: 'depth' };
    // Pushed in reverse so the first field is looked at first.
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--)
        stack.push({ value: node[i], path: [...path, String(i)], depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(node);
    for (const key of keys) if (!isStorableText(key)) return { kind: 'character', path: [...path] };
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push({ value: (node as Record<string, unknown>)[key], path: [...path, key], depth: depth + 1 });
    }
  }
  return null;
}

/** The path of the first string (value or key) PostgreSQL cannot store, or null. */
export function findNul(value: unknown): string[] | null {
  const problem = findInputProblem(value, Number.POSITIVE_INFINITY);
  return problem?.kind === 'character' ? problem.path : null;
}

/**
 * PostgreSQL text and jsonb cannot hold the NUL character nor an unpaired surrogate, so any input
 * carrying one would fail deep in a query. Refuse it up front, for every route, as the caller's
 * mistake (400) naming the field, before validation and before anything is written; and refuse
 * nesting deeper than LIMITS.jsonDepth, naming the limit.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const problem = findInputProblem(part);
      if (problem?.kind === 'depth')
        return done(new AppError(400, 'validation.tooDeep', { max: LIMITS.jsonDepth }));
      if (problem) return done(nulError(problem.path));
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
