import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import { envelope, type AnyOperation, type Envelope } from '@pod/shared';
import type { JsonText } from './json-text.ts';
import type { ZodApp } from './types.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A request of an operation: params, query and body as its contract's schemas parse them. */
export type OperationRequest<Op extends AnyOperation> = FastifyRequest<{
  Params: Output<Op['params']>;
  Querystring: Output<Op['query']>;
  Body: Output<Op['body']>;
}>;

/**
 * What a handler returns: the envelope of its contract's reply, or that envelope already written as
 * JSON text (`okWithJson`, checked against the reply schema under tests); for a raw operation (a
 * file, a bare text) the reply itself after sending it.
 */
export type OperationReply<Op extends AnyOperation> = Op['raw'] extends true
  ? FastifyReply
  : Envelope<z.input<Op['response']>> | JsonText;

/**
 * Registers the route of an operation from its shared contract (decision 0028): method, path,
 * audience, permission, tag, summary, and the request and reply schemas all come from the one
 * declaration in packages/shared, which the web's typed client and the OpenAPI document follow too.
 * A body that is not JSON needs its content-type parser on `app` (or the scope it is registered in).
 */
export function route<Op extends AnyOperation>(
  app: ZodApp,
  op: Op,
  handler: (request: OperationRequest<Op>, reply: FastifyReply) => Promise<OperationReply<Op>>,
): void {
  const schema = {
    tags: [op.tag],
    operationId: op.id,
    ...(op.summary ? { summary: op.summary } : {}),
    ...(op.params ? { params: op.params } : {}),
    ...(op.query ? { querystring: op.query } : {}),
    ...(op.body ? { body: op.body } : {}),
    ...(op.consumes ? { consumes: [op.consumes] } : {}),
    // A raw reply (a file's bytes, Alipay's bare text) is sent as it is, not serialised by a schema.
    ...(op.raw ? {} : { response: { 200: envelope(op.response) } }),
  };
  // The contract is generic over its schemas, which the type provider cannot follow here; zod
  // validates every request and reply at run time, and OperationRequest types the handler.
  (app as unknown as FastifyInstance).route({
    method: op.method,
    url: op.path,
    config: { audience: op.audience, permission: op.permission },
    schema,
    handler: handler as unknown as RouteHandlerMethod,
  });
}
