import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { idParamsSchema } from '#protocol/common';
import { POLICY } from '#protocol/policy';
import {
  importApplyBodySchema,
  importPreviewBodySchema,
  importPreviewSchema,
  importResultSchema,
  importUploadQuerySchema,
  importUploadSchema,
  columnMappingSchema,
} from '#protocol/registerImport';
import { badRequest } from '../../httpError';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { applyStudentFile, previewStudentFile, uploadStudentFile } from './importService';
import { acceptFileUploads } from './uploadBody';

const NO_FILE = 'Velg en fil med elevlisten.';

/** Importing the register from the school's own files (issue 46): upload, preview, apply. */
export async function registerImportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const change = { access: POLICY.register.change };
  acceptFileUploads(app);

  r.post(
    '/api/admin/register/import',
    { config: change, schema: { querystring: importUploadQuerySchema, response: { 201: importUploadSchema } } },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest(NO_FILE);
      const upload = await uploadStudentFile(
        currentUser(request),
        schoolOf(request),
        request.body,
        request.query.fileName,
        app.clock.now(),
      );
      return reply.status(201).send(upload);
    },
  );

  r.post(
    '/api/admin/register/import/:id/preview',
    {
      config: change,
      schema: {
        params: idParamsSchema,
        querystring: schoolScopeQuerySchema,
        body: importPreviewBodySchema,
        response: {
          200: z.object({ mapping: columnMappingSchema, problems: z.array(z.string()), preview: importPreviewSchema.nullable() }),
        },
      },
    },
    async (request) => previewStudentFile(schoolOf(request), request.params.id, request.body.mapping, app.clock.now()),
  );

  r.post(
    '/api/admin/register/import/:id/apply',
    {
      config: change,
      schema: {
        params: idParamsSchema,
        querystring: schoolScopeQuerySchema,
        body: importApplyBodySchema,
        response: { 200: importResultSchema },
      },
    },
    async (request) =>
      applyStudentFile(currentUser(request), schoolOf(request), request.params.id, request.body, request.realtime, app.clock.now()),
  );
}
