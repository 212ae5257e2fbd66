import {
  myReportSchema,
  readPaths,
  reportSchema,
  type MyReport,
  type Report,
  type SaveMyReportBody,
  type TaskId,
  type TickTaskBody,
} from '#protocol';
import { getData, request } from '../../api/http';

/** The signed-in supervisor's report; without a date the server picks the current report day. */
export function fetchMyReport(date?: string): Promise<MyReport | null> {
  return getData(readPaths.myReport(date), myReportSchema);
}

/** The text, on the version it was written from (409 editConflict otherwise). */
export function saveMyReport(body: SaveMyReportBody): Promise<Report> {
  return request('PUT', '/api/reports/my', reportSchema, body);
}

/** One round ticked or unticked; the server merges it with the report's other ticks. */
export function tickMyTask(taskId: TaskId, body: TickTaskBody): Promise<Report> {
  return request('PUT', `/api/reports/my/tasks/${encodeURIComponent(taskId)}`, reportSchema, body);
}
