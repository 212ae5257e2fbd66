import type { ExportFormat } from '#protocol/reportRanges';
import type { EvacuationSheet } from './evacuationPdf';
import type { ExportMeta, ExportRow } from './rows';

/** What a worker makes: the reports in a format, or the evacuation list's PDF (issue 47). */
export type WorkerJob = { format: ExportFormat; meta: ExportMeta } | { format: 'evacuation.pdf'; meta: EvacuationSheet };

/** What the server tells an export worker: one export at a time, its rows in batches, then the end. */
export type ToWorker = ({ type: 'start' } & WorkerJob) | { type: 'rows'; rows: ExportRow[] } | { type: 'end' };

/** What an export worker answers: the file's bytes in chunks, then done or failed. */
export type FromWorker = { type: 'bytes'; bytes: Uint8Array } | { type: 'done' } | { type: 'failed'; message: string };
