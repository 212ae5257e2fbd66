import { withSchool } from '../../api/http';

/**
 * The PDF for a parent (issue 45), with the possible matches chosen: a plain download from the
 * server, as the exports are; the server lays it out with the school's fonts (pdfmake).
 */
export function downloadStudentPdf(name: string, scope: string, reportIds: readonly string[]): void {
  const chosen = reportIds.length > 0 ? `?reportIds=${reportIds.join(',')}` : '';
  const link = document.createElement('a');
  link.href = withSchool(`/api/admin/students/${encodeURIComponent(name)}/pdf${chosen}`, scope || null);
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
