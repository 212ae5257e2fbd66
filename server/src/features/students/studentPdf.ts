import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { AUDIT_ACTIONS, type AuditAction } from '#protocol/audit';
import { describeRegisterData, type StudentData } from '#protocol/students';
import { formatDayNo, formatTimestampNo } from '#protocol/time';
import { BODY_FONT, PDF_FONT_FILES, PDF_FONTS, fontRuns } from '../exports/pdfFonts';

pdfmake.setFonts(PDF_FONTS);
// As the exports: the document names no images or files, only the fonts are read.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => PDF_FONT_FILES.has(file));

const MARGIN = 48;
const MUTED = '#4d5868';

/** A text as pdfmake takes it: one string, or runs where a glyph needs a fallback font. */
const printable = (text: string): string | Content[] => {
  const runs = fontRuns(text);
  return runs.length === 1 && !runs[0]!.font ? text : runs;
};

type Entry = { line: string; text?: string };

function part(title: string, entries: Entry[], note?: string): Content[] {
  return [
    { text: `${title} (${entries.length})`, style: 'heading' },
    ...(note ? [{ text: note, color: MUTED, margin: [0, 0, 0, 4] } as Content] : []),
    ...(entries.length === 0
      ? [{ text: 'Ingen', color: MUTED, margin: [0, 0, 0, 4] } as Content]
      : entries.map((entry): Content => ({
          stack: [
            { text: printable(entry.line), bold: entry.text !== undefined },
            ...(entry.text !== undefined ? [{ text: printable(entry.text.trim() || 'Ingen tekst'), margin: [0, 2, 0, 0] } as Content] : []),
          ],
          margin: [0, 0, 0, 6],
        }))),
  ];
}

/**
 * What the school stores about one student, laid out for a parent (issue 45): plain Norwegian
 * headings, dates written out, the report texts in full. Of the possible matches by first name,
 * only those the office chose are in it, under a heading of their own.
 */
export function studentDocument(data: StudentData, school: string, chosen: StudentData['possibleReports']): TDocumentDefinitions {
  const title = `Opplysninger om ${data.name}`;
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    info: { title, subject: `Det ${school} har lagret om ${data.name} i Tilsynsvakt`, creator: 'Tilsynsvakt', producer: 'Tilsynsvakt' },
    language: 'nb',
    displayTitle: true,
    defaultStyle: { font: BODY_FONT, fontSize: 10, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
      heading: { fontSize: 12, bold: true, margin: [0, 14, 0, 4] },
    },
    footer: (currentPage: number, pageCount: number) => ({
      text: `Side ${currentPage} av ${pageCount}`,
      alignment: 'center',
      fontSize: 8,
      color: MUTED,
      margin: [0, MARGIN / 4, 0, 0],
    }),
    content: [
      { text: printable(title), style: 'title' },
      { text: printable(`${school} · hentet ut ${formatTimestampNo(data.exportedAt)}`), color: MUTED },
      {
        text: printable(
          `Dette er alt ${school} har lagret om ${data.name} i Tilsynsvakt: elevregisteret, dager på sykelisten, opptellinger, reiser, daglige rapporter som nevner eleven, og endringsloggen.`,
        ),
        margin: [0, 8, 0, 0],
      },
      ...part(
        'Elevregisteret',
        data.register.map((entry) => ({ line: describeRegisterData(entry) })),
      ),
      ...part(
        'Dager på sykelisten',
        data.sick.map((day) => ({ line: `${formatDayNo(day.date)}${day.comment ? `: ${day.comment}` : ''}` })),
      ),
      ...part(
        'Opptellinger',
        data.rollCalls.map((roll) => ({ line: `${formatDayNo(roll.date)}, ${roll.house}: ${roll.state}` })),
      ),
      ...part(
        'Reiser',
        data.trips.map((trip) => ({ line: `${formatDayNo(trip.fromDate)} til ${formatDayNo(trip.toDate)}` })),
      ),
      ...part(
        'Daglige rapporter der eleven står som bortreist',
        data.reportsListingAway.map((report) => ({ line: `${formatDayNo(report.date)}, skrevet av ${report.authorName}` })),
      ),
      ...part(
        'Daglige rapporter der navnet står i teksten',
        data.reportsMentioning.map((report) => ({
          line: `${formatDayNo(report.date)}, skrevet av ${report.authorName}`,
          text: report.content,
        })),
      ),
      ...(data.firstName && chosen.length > 0
        ? part(
            `Daglige rapporter der bare fornavnet ${data.firstName} står`,
            chosen.map((report) => ({ line: `${formatDayNo(report.date)}, skrevet av ${report.authorName}`, text: report.content })),
            'Skolen har lest disse og funnet at de gjelder eleven.',
          )
        : []),
      ...part(
        'Tidligere lagrede versjoner av rapporter der navnet står',
        data.versionsMentioning.map((v) => ({
          line: `${formatDayNo(v.date)}, versjon ${v.version}, lagret av ${v.authorName}`,
          text: v.content,
        })),
      ),
      ...part(
        'Endringslogg',
        data.auditEntries.map((entry) => ({
          line: `${formatTimestampNo(entry.at)}: ${AUDIT_ACTIONS[entry.action as AuditAction] ?? entry.action}${entry.detail ? ` – ${entry.detail}` : ''}`,
        })),
      ),
    ],
  };
}

/** Laid out on the event loop: one student's few pages take milliseconds, unlike a year of reports (exports/exportPool.ts). */
export function studentPdf(data: StudentData, school: string, chosen: StudentData['possibleReports']): Promise<Buffer> {
  return pdfmake.createPdf(studentDocument(data, school, chosen)).getBuffer();
}
