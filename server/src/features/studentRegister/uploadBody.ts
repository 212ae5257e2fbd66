import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../httpError';
import { MAX_FILE_BYTES } from './import/limits';
import { FILE_TOO_LARGE } from './import/studentFileError';

/** What browsers send a student file as: its type from its name, or none known. */
export const UPLOAD_TYPES = [
  'application/octet-stream',
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/**
 * Takes an uploaded file's bytes as the body (these routes' scope only). A file above the limit is
 * refused with the import's own words, and the rest of it is read and dropped, so the browser
 * gets the answer rather than a broken connection.
 */
export function acceptFileUploads(app: FastifyInstance): void {
  app.addContentTypeParser(UPLOAD_TYPES, (_request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_FILE_BYTES) chunks.push(chunk);
    });
    payload.on('end', () => {
      if (size > MAX_FILE_BYTES) done(new HttpError(413, FILE_TOO_LARGE), undefined);
      else done(null, Buffer.concat(chunks));
    });
    payload.on('error', (err) => done(err, undefined));
  });
}
