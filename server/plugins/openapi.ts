import type { FastifyInstance } from 'fastify';
import { generateOpenApi } from '@ts-rest/open-api';
import { z } from 'zod';
import { contract } from '../../contract';

/** The OpenAPI 3.1 document, generated from the contract with zod 4's own JSON Schema conversion. */
export function openApiDocument(version: string) {
  const doc = generateOpenApi(
    contract,
    {
      info: {
        title: 'Marketplace portal API',
        version,
        description: 'Publisher portal and admin console of the app marketplace. Every error body is `{error, code, requestId}`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    {
      setOperationId: 'concatenated-path',
      schemaTransformer: ({ schema, type }) => {
        if (!(schema instanceof z.ZodType)) return null;
        const json = z.toJSONSchema(schema, {
          target: 'draft-2020-12',
          io: type === 'response' ? 'output' : 'input',
          unrepresentable: 'any',
        }) as Record<string, unknown>;
        delete json.$schema;
        return json;
      },
    },
  );
  return { ...doc, openapi: '3.1.0' };
}

export default async function openapi(app: FastifyInstance) {
  const doc = openApiDocument('1.0.0');
  app.get('/v1/openapi.json', async () => doc);
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  await app.register(scalar, {
    routePrefix: '/api-docs',
    configuration: { url: '/v1/openapi.json', title: 'Marketplace portal API' },
  });
}
