import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS, parseLanguage } from '@pod/shared';
import { t } from '../i18n/i18n.ts';
import { failure } from './envelope.ts';
import { AppError, statusMessageKey } from './errors.ts';

/**
 * Node's answer to a request it could not parse (too-large headers, a malformed request line, a
 * timeout), written by hand because no route ever sees it: in the envelope like every other reply
 * (issue 17 finding 10). The headers are unread, so the message is in the default language.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_URI_TOO_LONG' // llhttp's name, should a build ever report it
          ? 414
          : 400;
  const body = JSON.stringify(failure(status, t(parseLanguage(undefined), statusMessageKey(status))));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/**
 * Replies that do not read the whole request body (an upload refused at 413 while the client is
 * still sending, a body too large) close the connection: the unread bytes would otherwise be
 * taken for the next request on a kept-alive connection, which then hangs (issue 17 finding 9).
 * And a query string over LIMITS.queryStringChars is refused with 414, before any route reads it.
 */
export function installConnectionHygiene(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const q = request.url.indexOf('?');
    if (q >= 0 && request.url.length - q - 1 > LIMITS.queryStringChars)
      return done(new AppError(414, 'http.414', { max: LIMITS.queryStringChars }));
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Fastify's own refusals before routing (a path that is not valid percent-encoded UTF-8, a failed
 * route constraint) answer in the envelope too, in the caller's language.
 */
export function frameworkErrorHandler(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  const status = (error as { statusCode?: number }).statusCode ?? 400;
  const safe = status >= 400 && status < 500 ? status : 400;
  void reply
    .code(safe)
    .send(failure(safe, t(parseLanguage(request.headers['accept-language']), statusMessageKey(safe))));
}
