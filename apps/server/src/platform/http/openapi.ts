import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { completeOpenApiDocument } from './openapi-document.ts';
import type { Audience } from './route-config.ts';

const SECURITY: Record<Audience, Array<Record<string, string[]>>> = {
  public: [],
  admin: [{ adminToken: [] }],
  member: [{ memberToken: [] }],
};

/**
 * The OpenAPI 3 document, generated from the same zod schemas that validate requests, served at
 * GET /api/docs/json with a browsable UI at /api/docs. Each operation carries `x-audience` and
 * `x-permission`, which the route contract test walks.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'PodSupply API',
        description:
          'Print-on-demand and cross-border e-commerce supply-chain platform. Every reply is `{ code, msg, data, time }`; `code: 1` is success.',
        version,
      },
      components: {
        securitySchemes: {
          adminToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          memberToken: { type: 'apiKey', in: 'header', name: 'X-User-Token' },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const config = input.route.config;
      if (!config?.audience) return out;
      return {
        ...out,
        schema: {
          ...out.schema,
          security: SECURITY[config.audience],
          'x-audience': config.audience,
          'x-permission': config.permission ?? null,
        } as typeof out.schema,
      };
    },
    // Descriptions, examples, uploads, errors and the design document (issue 27).
    transformObject: (input) => completeOpenApiDocument(jsonSchemaTransformObject(input) as never),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
