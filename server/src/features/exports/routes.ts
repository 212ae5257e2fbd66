import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXPORT_FORMATS, exportQuerySchema, type ExportFormat } from '#protocol/reportRanges';
import { POLICY } from '#protocol/policy';
import { currentUser } from '../../plugins/auth';
import { schoolOf } from '../../plugins/schoolScope';
import { ExportPool } from './exportPool';
import { attachment } from './fileName';
import { exportMeta } from './meta';
import { exportRows } from './rows';
import { idParamsSchema } from '#protocol/common';
import { schoolScopeQuerySchema } from '#protocol/classes';
import { School } from '../../core/accounts/schoolModel';
import { evacuationById } from '../evacuations/service';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/** GET /api/reports/export.xlsx|pdf|csv?from&to[&userId]: the school's reports of the range (of one author), as a download. */
export async function exportRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = new ExportPool(config.exportWorkers);
  app.addHook('onClose', () => pool.close());

  for (const format of EXPORT_FORMATS) {
    r.get(
      `/api/reports/export.${format}`,
      { config: { access: POLICY.exports.see }, schema: { querystring: exportQuerySchema } },
      async (request, reply) => {
        const { from, to, userId } = request.query;
        const schoolId = schoolOf(request);
        const filter = { from, to, ...(userId ? { userId } : {}) };
        const now = app.clock.now();
        const meta = await exportMeta(schoolId, filter, currentUser(request).name, now);
        const rows = exportRows(schoolId, filter, now);
        const body = pool.run(format, meta, rows);
        const name = ['Rapporter', meta.school, meta.author, from, 'til', to].filter(Boolean).join(' ');
        return reply
          .header('content-type', CONTENT_TYPES[format])
          .header('content-disposition', attachment(`${name}.${format}`))
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  }

  // The evacuation list as it is now, to print (issue 47): every member of the school, as the list itself.
  r.get(
    '/api/evacuations/:id/list.pdf',
    { config: { access: POLICY.evacuation.see }, schema: { params: idParamsSchema, querystring: schoolScopeQuerySchema } },
    async (request, reply) => {
      const schoolId = schoolOf(request);
      const evacuation = await evacuationById(schoolId, request.params.id);
      const school = await School.findById(schoolId, { name: 1 }).lean();
      const body = pool.evacuationPdf({ school: school?.name ?? '', madeAt: app.clock.now().toISOString(), evacuation });
      return reply
        .header('content-type', CONTENT_TYPES.pdf)
        .header('content-disposition', attachment(`Evakueringsliste ${school?.name ?? ''} ${evacuation.date}.pdf`))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
