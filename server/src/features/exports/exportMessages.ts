import type { ExportFormat } from '#protocol/reportRanges';
import type { ExportMeta, ExportRow } from './rows';

/** What the server tells an export worker: one export at a time, its rows in batches, then the end. */
export type ToWorker = { type: 'start'; format: ExportFormat; meta: ExportMeta } | { type: 'rows'; rows: ExportRow[] } | { type: 'end' };

/** What an export worker answers: the file's bytes in chunks, then done or failed. */
export type FromWorker = { type: 'bytes'; bytes: Uint8Array } | { type: 'done' } | { type: 'failed'; message: string };
