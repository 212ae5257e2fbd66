import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { EVACUATION_TEXTS, formatDurationNo, notAccountedFor, type Evacuation } from '#protocol/evacuations';
import { formatClockNo, formatTimestampNo } from '#protocol/time';
import { BODY_FONT, fontRuns } from './pdfFonts';

/** What the evacuation list's PDF is made from: the list as it is now, the school, when it was made. */
export type EvacuationSheet = { school: string; madeAt: string; evacuation: Evacuation };

const MARGIN = 40;
const printable = (text: string): string | Content[] => {
  const runs = fontRuns(text);
  return runs.length === 1 && !runs[0]!.font ? text : runs;
};

/**
 * The evacuation list on A4 (issue 47): by house, each person with their room and a box to tick,
 * or when they were marked safe and how long after the start; the staff last. The count not yet
 * accounted for at the top. For an ended drill this is its timed report.
 */
export function evacuationDocument({ school, madeAt, evacuation }: EvacuationSheet): TDocumentDefinitions {
  const safe = new Map(evacuation.safe.map((m) => [m.personId, m]));
  const houses = [...new Set(evacuation.people.map((p) => p.house))].sort((a, b) =>
    a === EVACUATION_TEXTS.staffHouse ? 1 : b === EVACUATION_TEXTS.staffHouse ? -1 : a.localeCompare(b, 'nb'),
  );
  const title = evacuation.drill ? 'Evakueringsliste (øvelse)' : 'Evakueringsliste';
  const started = new Date(evacuation.startedAt).getTime();
  // A drill's timed report: when each was accounted for, counted from the start.
  const sinceStart = (at: string) => `+${formatDurationNo(new Date(at).getTime() - started)}`;
  const ended = evacuation.endedAt
    ? ` Avsluttet kl. ${formatClockNo(evacuation.endedAt)} av ${evacuation.endedByName ?? ''}, etter ${formatDurationNo(new Date(evacuation.endedAt).getTime() - started)}.`
    : '';
  const house = (name: string): Content[] => {
    const people = evacuation.people.filter((p) => p.house === name);
    return [
      { text: printable(name || 'Uten internat'), style: 'heading' },
      {
        table: {
          headerRows: 1,
          widths: [120, '*', 60],
          body: [
            [
              { text: 'I sikkerhet', bold: true },
              { text: 'Navn', bold: true },
              { text: 'Rom', bold: true },
            ],
            ...people.map((person) => {
              const mark = safe.get(person.id);
              return [mark ? `kl. ${formatClockNo(mark.at)} (${sinceStart(mark.at)})` : '☐', printable(person.name), person.room];
            }),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
    ];
  };
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    info: { title: `${title} – ${school}`, creator: 'Tilsynsvakt', producer: 'Tilsynsvakt' },
    language: 'nb',
    displayTitle: true,
    defaultStyle: { font: BODY_FONT, fontSize: 11 },
    styles: { title: { fontSize: 18, bold: true }, heading: { fontSize: 13, bold: true, margin: [0, 6, 0, 4] } },
    footer: (currentPage: number, pageCount: number) => ({ text: `Side ${currentPage} av ${pageCount}`, alignment: 'center', fontSize: 8 }),
    content: [
      { text: title, style: 'title' },
      {
        text: printable(
          `${school}. Startet kl. ${formatClockNo(evacuation.startedAt)} av ${evacuation.startedByName}.${ended} Skrevet ut ${formatTimestampNo(madeAt)}.`,
        ),
        margin: [0, 2, 0, 4],
      },
      {
        text: `${notAccountedFor(evacuation)} av ${evacuation.people.length} ikke gjort rede for`,
        fontSize: 14,
        bold: true,
        margin: [0, 0, 0, 8],
      },
      ...houses.flatMap(house),
    ],
  };
}
