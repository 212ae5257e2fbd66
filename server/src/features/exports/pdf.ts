import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { ExportMeta, ExportRow } from './rows';

// Roboto carries æøå and the rest of Latin Extended (Polish, Sami, Baltic names). TrueType, not
// WOFF: pdfkit lays WOFF text out at half the speed.
const resolvePackage = createRequire(import.meta.url).resolve;
const FONT_DIR = path.dirname(resolvePackage('@expo-google-fonts/roboto/package.json'));
const FONTS = {
  regular: path.join(FONT_DIR, '400Regular/Roboto_400Regular.ttf'),
  bold: path.join(FONT_DIR, '500Medium/Roboto_500Medium.ttf'),
};

const MARGIN = 48;
const MUTED = '#4d5868';
/** Reports laid out between two turns of the event loop, so other users are answered meanwhile. */
const REPORTS_PER_TURN = 25;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function labelled(doc: PDFKit.PDFDocument, label: string, value: string): void {
  doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
}

function pageNumbers(doc: PDFKit.PDFDocument): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; with the margin at 0 pdfkit does not start a new page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Side ${i - start + 1} av ${count}`, MARGIN, doc.page.height - MARGIN / 2 - 8, { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * The school and the period at the top, one section per report, 'Side x av y' at the foot of each
 * page. Written with pdfkit as the rows come from the database, a few at a time between turns of
 * the event loop (pdfmake lays a whole document out in one blocking pass, 2 s for 2,000 reports).
 */
export function pdfStream(rows: AsyncIterable<ExportRow>, meta: ExportMeta): Readable {
  const title = `Rapporter – ${meta.school}`;
  const period = meta.period;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: 'nb-NO',
    displayTitle: true,
    info: { Title: `${title} – ${period}`, Creator: 'Tilsynsvakt' },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);

  void (async () => {
    doc.font('bold').fontSize(16).text(title);
    doc.font('regular').fontSize(11).fillColor(MUTED).text(period).fillColor('black').moveDown();
    let written = 0;
    for await (const row of rows) {
      if (++written % REPORTS_PER_TURN === 0) await nextTurn();
      // A heading never stands alone at the foot of a page.
      if (doc.y > doc.page.height - doc.page.margins.bottom - 70) doc.addPage();
      doc.font('bold').fontSize(11).text(`${row.date} · ${row.author}${row.locked === 'Ja' ? ' · Låst' : ''}`);
      doc.fontSize(10);
      labelled(doc, 'Fullførte oppgaver', row.tasks || 'Ingen');
      labelled(doc, 'Bortreiste elever', row.away || 'Ingen');
      doc.moveDown(0.3).font('regular').text(row.text.trim() || 'Ingen innhold').moveDown(1.2);
    }
    if (written === 0) doc.font('regular').fontSize(10).text('Ingen rapporter i perioden.');
    pageNumbers(doc);
    doc.end();
  })().catch((err: unknown) => doc.destroy(err as Error));
  return doc;
}
