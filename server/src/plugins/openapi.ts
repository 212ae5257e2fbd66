import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '#protocol/errors';
import type { Config } from '../config';
import type { Access } from './auth';
import { sessionCookieName } from './session';

const ERROR_RESPONSE = {
  description: 'Feil: en norsk melding til brukeren og en fast kode (protocol/src/errors.ts) som klienten avgjør ut fra',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { message: { type: 'string' }, code: { type: 'string', enum: [...ERROR_CODES] } },
        required: ['message', 'code'],
      },
    },
  },
};

function describeAccess(access: Access | undefined): string {
  if (access === 'public') return 'Tilgang: alle, også uten innlogging.';
  if (access === 'anyStatus') return 'Tilgang: alle innloggede, også de som venter på godkjenning eller er deaktivert.';
  if (!access) return '';
  const who = `Tilgang: ${access.roles.join(', ')} (godkjent).`;
  if (access.scope === 'school') return `${who} Skolen er alltid innlogget brukers egen; Plattformadministrator oppgir skolen (schoolId).`;
  if (access.scope === 'account') return `${who} Gjelder innlogget brukers egen konto.`;
  return `${who} Plattformens skoler og brukere.`;
}

/**
 * The REST API described as OpenAPI 3.1, from the zod schemas the routes validate with, at
 * /api/openapi.json; in development a docs page at /api-docs. Every /api route is described, and
 * only those; each carries its access as `x-access`: 'public', 'anyStatus', or its cell of the
 * policy table (protocol/src/policy.ts: data, may, roles, scope).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tilsynsvakt API',
        description:
          'Tilsynsportal for internatskoler. Innlogging med POST /api/auth/login gir en HttpOnly-informasjonskapsel; ' +
          'alle skrivende kall krever headeren X-Requested-With: XMLHttpRequest og JSON.',
        version: '1',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(config) } } },
    },
    transform: (args) => {
      if (!args.url.startsWith('/api/')) return { schema: { ...args.schema, hide: true }, url: args.url };
      const transformed = jsonSchemaTransform(args);
      const access = (args.route.config as { access?: Access } | undefined)?.access;
      const schema = { ...transformed.schema, description: describeAccess(access), 'x-access': access } as typeof transformed.schema & {
        response?: Record<string, unknown>;
      };
      // Every refusal is a Norwegian { message }: 4xx for the caller's request, 503 while the database is away.
      const answers = schema.response ?? {};
      // A download (the exports) has no JSON schema of its success; it is still an answer.
      const success = Object.keys(answers).some((code) => code.startsWith('2')) ? {} : { '200': { description: 'OK' } };
      schema.response = { ...answers, ...success, '4XX': ERROR_RESPONSE, '503': ERROR_RESPONSE };
      if (access !== 'public') (schema as { security?: unknown }).security = [{ session: [] }];
      return { ...transformed, schema };
    },
  });

  app.get('/api/openapi.json', { config: { access: 'public' } }, async () => app.swagger());

  if (config.env === 'development') {
    await app.register(fastifySwaggerUi, { routePrefix: '/api-docs', uiConfig: { docExpansion: 'list' } });
  }
}
