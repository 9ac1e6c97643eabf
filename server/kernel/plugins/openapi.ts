import type { FastifyInstance } from 'fastify';
import { generateOpenApi } from '@ts-rest/open-api';
import { z } from 'zod';
import { contract } from '../../../contract';

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

/**
 * The reference page's configuration: self-contained (no font host, no hosted client, no AI or MCP
 * buttons), reading the document from this server.
 */
const REFERENCE_CONFIG = {
  title: 'Marketplace portal API',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  telemetry: false,
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page: the standalone reference script mounts itself from data attributes, so there is no inline script (CSP). */
const referencePage = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Marketplace portal API</title></head>
<body>
<script id="api-reference" type="application/json" data-url="/v1/openapi.json" data-configuration="${esc(JSON.stringify(REFERENCE_CONFIG))}"></script>
<script src="/boot.js"></script>
<script src="/api-docs/js/scalar.js"></script>
</body></html>`;

/** Made on first request, once per process: most servers (and most test servers) never serve it. */
let served: ReturnType<typeof openApiDocument> | undefined;

export default async function openapi(app: FastifyInstance) {
  app.get('/v1/openapi.json', async () => (served ??= openApiDocument('1.0.0')));
  // Scalar's plugin serves its standalone script; its page (an inline script) is replaced by ours.
  app.addHook('onRoute', (route) => {
    if (route.method === 'GET' && route.url === '/api-docs/') {
      route.handler = async (_request, reply) => reply.header('content-type', 'text/html; charset=utf-8').send(referencePage());
    }
  });
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  await app.register(scalar, { routePrefix: '/api-docs', configuration: { url: '/v1/openapi.json' } });
}
