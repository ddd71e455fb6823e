import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { parseLanguage, type Language } from '@pod/shared';
import { hasMessage, t } from '../i18n/i18n.ts';
import { failure } from './envelope.ts';
import { AppError, statusMessageKey } from './errors.ts';
import { fieldErrors } from './validation.ts';

const langOf = (request: FastifyRequest) =>
  request.ctx?.lang ?? parseLanguage(request.headers['accept-language']);

function inputFor(request: FastifyRequest, context: string | undefined): unknown {
  switch (context) {
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return request.body;
  }
}

/** Field errors carry i18n keys (AppError.field): render them in the caller's language. */
function translatedData(lang: Language, error: AppError): unknown {
  const data = error.data as { errors?: unknown } | null;
  if (!data || !Array.isArray(data.errors)) return data;
  return {
    ...data,
    errors: data.errors.map((e: { field?: unknown; message?: unknown }) =>
      typeof e.message === 'string' && hasMessage(e.message)
        ? { ...e, message: t(lang, e.message, error.params) }
        : e,
    ),
  };
}

/**
 * One place turns every thrown error into the envelope with the status of spec §8. User input
 * never yields a 500; a real 500 never leaks a stack or a message.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = langOf(request);

    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .send(failure(error.status, t(lang, error.key, error.params), translatedData(lang, error)));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const errors = fieldErrors(lang, error.validation, inputFor(request, context));
      const msg = errors[0]?.message ?? t(lang, 'http.400');
      return reply.code(400).send(failure(400, msg, { errors }));
    }

    // Constraint violations that slipped past the services' own checks (e.g. a race on a unique
    // name) are the caller's conflict, not a server fault.
    const pgCode =
      (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ??
      (error as { code?: unknown }).code;
    if (pgCode === '23505' || pgCode === '23503') {
      request.log.info({ pgCode }, 'constraint violation');
      return reply.code(409).send(failure(409, t(lang, pgCode === '23505' ? 'http.409' : 'crud.inUse')));
    }

    // Text the database cannot store (a NUL that reached a query by another road than the guard).
    if (pgCode === '22021' || pgCode === '22P05') {
      request.log.info({ pgCode }, 'untranslatable character');
      return reply.code(400).send(failure(400, t(lang, 'http.400')));
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return reply.code(500).send(failure(500, t(lang, 'http.500')));
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large…
      request.log.info({ code: error.code }, error.message);
      return reply
        .code(status)
        .send(failure(status, t(lang, statusMessageKey(status), { url: request.url })));
    }

    request.log.error({ err: error }, 'unhandled error');
    const safeStatus = status >= 500 && status <= 599 ? status : 500;
    return reply.code(safeStatus).send(failure(safeStatus, t(lang, statusMessageKey(safeStatus))));
  });
}

/** The 404 envelope for an unknown API address (spec §8: "error requesting address" plus the url). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const lang = langOf(request);
  return reply.code(404).send(failure(404, t(lang, 'http.404', { url: request.url })));
}
