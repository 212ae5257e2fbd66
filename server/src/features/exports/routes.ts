import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXPORT_FORMATS, exportQuerySchema, type ExportFormat } from '#protocol/reportRanges';
import { POLICY } from '#protocol/policy';
import { TEXTS } from '#protocol/texts';
import { formatDayNo } from '#protocol/time';
import { notFound } from '../../httpError';
import { schoolOf } from '../../plugins/schoolScope';
import { School } from '../schools/model';
import { csvStream } from './csv';
import { attachment } from './fileName';
import { pdfStream } from './pdf';
import { exportRows } from './rows';
import { xlsxStream } from './xlsx';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/** GET /api/reports/export.xlsx|pdf|csv?from&to: the school's reports of the range, as a download. */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const format of EXPORT_FORMATS) {
    r.get(
      `/api/reports/export.${format}`,
      { config: { access: POLICY.exports.see }, schema: { querystring: exportQuerySchema } },
      async (request, reply) => {
        const { from, to } = request.query;
        const schoolId = schoolOf(request);
        const school = await School.findById(schoolId, { name: 1 }).lean();
        if (!school) throw notFound(TEXTS.schoolNotFound);
        const rows = exportRows(schoolId, from, to, app.clock.now());
        const title = `Rapporter – ${school.name}`;
        const period = `${formatDayNo(from)} – ${formatDayNo(to)}`;
        const body = format === 'csv' ? csvStream(rows) : format === 'xlsx' ? xlsxStream(rows, 'Rapporter') : pdfStream(rows, title, period);
        return reply
          .header('content-type', CONTENT_TYPES[format])
          .header('content-disposition', attachment(`Rapporter ${school.name} ${from} til ${to}.${format}`))
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  }
}
