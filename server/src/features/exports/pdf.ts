import { PassThrough, type Readable } from 'node:stream';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { reportsDocument } from './pdfDocument';
import { PDF_FONT_FILES, PDF_FONTS } from './pdfFonts';
import type { ExportMeta, ExportRow } from './rows';

pdfmake.setFonts(PDF_FONTS);
// The document names no images or files of its own: nothing is fetched, only the fonts are read.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => PDF_FONT_FILES.has(file));

/**
 * The reports as a PDF laid out by pdfmake. pdfmake lays the whole document out in one synchronous
 * pass (about 2 s for 2,000 reports), so this runs in an export worker, never on the server's
 * event loop (exportPool.ts).
 */
export function pdfStream(rows: AsyncIterable<ExportRow>, meta: ExportMeta): Readable {
  return documentStream(async () => {
    const all: ExportRow[] = [];
    for await (const row of rows) all.push(row);
    return reportsDocument(all, meta);
  });
}

/** A document pdfmake lays out, as a stream of its bytes: the reports, or the evacuation list. */
export function documentStream(definition: () => Promise<TDocumentDefinitions>): Readable {
  const out = new PassThrough();
  void (async () => {
    const doc = await pdfmake.createPdf(await definition()).getStream();
    doc.on('error', (err: Error) => out.destroy(err));
    doc.pipe(out);
    doc.end();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
