import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { REPORT_CONTENT_MAX_LENGTH, REPORT_TEXTS } from '#protocol';
import { json, networkDown, refusal, stubFetch, type Reply, type SentRequest } from '../../testing/fakeFetch';
import { asMyReport, KARI, myReportBody, reportBody } from '../../testing/reportBodies';
import { byTestId, render, textOf, typeInto, update } from '../../testing/render';
import { refuseStorage } from '../../testing/storage';
import { useMyReportStore } from './myReportStore';
import { readDraft, writeDraft } from './reportDrafts';
import { useToastStore } from '../../ui/toastStore';
import { DailyReportCard } from './DailyReportCard';
import { CONFLICT_TITLE } from './saveOutcome';
import { LockedDraftCard } from './LockedDraftCard';

const DAY = '2026-11-20';
// Friday 20 November 2026 in Oslo (UTC+1).
const EVENING = new Date('2026-11-20T20:00:00Z');
const AT_0845 = new Date('2026-11-21T07:45:00Z');

/**
 * The page's calls, answered as the test says: GET /api/reports/my with `mine`, each PUT with the
 * next of `saveAnswers` (the server's version rules are tested against the real server:
 * myReportVersions.server.test.ts). No network while `down`.
 */
let mine: ReturnType<typeof myReportBody>;
let saveAnswers: Array<() => Reply>;
let down: boolean;
let sent: SentRequest[];
const puts = () => sent.filter((r) => r.method === 'PUT').map((r) => r.body);

const store = () => useMyReportStore.getState();
const textarea = () => byTestId('report-text') as HTMLTextAreaElement;
const button = (testId: string) => byTestId(testId) as HTMLButtonElement | null;
const saveState = () => textOf(byTestId('save-state'));

/** Types as a person does: the value changes, then the input event. */
const type = (text: string) => typeInto(textarea(), text);

beforeEach(() => {
  localStorage.clear();
  store().reset();
  useToastStore.setState({ toasts: [] });
  mine = myReportBody(DAY);
  saveAnswers = [];
  down = false;
  sent = stubFetch((request) => {
    if (down) return networkDown();
    if (request.method === 'GET' && request.url.startsWith('/api/reports/my')) return json(mine);
    const answer = request.method === 'PUT' ? saveAnswers.shift() : undefined;
    return answer ? answer() : refusal(404, 'Ikke funnet');
  });
});

/** The day's report as the server has it: a text saved at this version. */
const savedOnServer = (content: string, version = 1) => {
  mine = asMyReport(reportBody(DAY, content, version));
};

afterEach(() => vi.useRealTimers());

describe('Dagsrapport (the supervisor writes the report of the open report day)', () => {
  it('shows the report day, the saved text and Lagret', async () => {
    savedOnServer('Rolig kveld');
    await store().start(KARI);

    await render(
      <MemoryRouter>
        <DailyReportCard now={EVENING} />
      </MemoryRouter>,
    );

    expect(textOf(byTestId('report-day'))).toBe('Natt til lørdag 21. november 2026');
    expect(textarea().value).toBe('Rolig kveld');
    expect(textarea().readOnly).toBe(false);
    expect(saveState()).toBe('Lagret');
    expect(button('report-save')!.disabled).toBe(false);
    expect(byTestId('report-locked')).toBeNull();
    expect(byTestId('report-reset-window')).toBeNull();
  });

  it('a report not written yet shows no save state', async () => {
    await store().start(KARI);

    await render(
      <MemoryRouter>
        <DailyReportCard now={EVENING} />
      </MemoryRouter>,
    );

    expect(byTestId('save-state')).toBeNull();
    expect(textarea().placeholder).toBe('Skriv rapporten for vakten her...');
  });

  it('typing shows Ikke lagret and keeps a draft; Lagre saves it and shows Lagret', async () => {
    await store().start(KARI);
    await render(
      <MemoryRouter>
        <DailyReportCard now={EVENING} />
      </MemoryRouter>,
    );

    saveAnswers.push(() => json(reportBody(DAY, 'Alle på rommet 22:30', 1)));
    await type('Alle på rommet 22:30');
    expect(saveState()).toBe('Ikke lagret');
    expect(byTestId('save-state')!.className).toContain('pill-warning');
    expect(readDraft(KARI, DAY)?.content).toBe('Alle på rommet 22:30');

    await update(() => button('report-save')!.click());
    await update(() => vi.waitFor(() => expect(store().saving).toBe(false)));

    expect(puts()).toEqual([{ date: DAY, content: 'Alle på rommet 22:30', baseVersion: 0 }]);
    expect(saveState()).toBe('Lagret');
    expect(readDraft(KARI, DAY)).toBeNull();
  });

  it('Tøm empties the text (not saved until Lagre); it is disabled when there is no text', async () => {
    savedOnServer('Feil rapport');
    await store().start(KARI);
    await render(
      <MemoryRouter>
        <DailyReportCard now={EVENING} />
      </MemoryRouter>,
    );

    await update(() => button('report-clear')!.click());

    expect(textarea().value).toBe('');
    expect(saveState()).toBe('Ikke lagret');
    expect(useToastStore.getState().toasts[0]?.title).toBe('Rapport tømt');
    expect(button('report-clear')!.disabled).toBe(true);
    expect(puts()).toEqual([]);
  });

  it('a locked report: the notice, the text read-only, Lagre and Tøm disabled, Kopier tekst offered', async () => {
    savedOnServer('Gårsdagens tekst');
    await store().start(KARI);
    useMyReportStore.setState({ report: { ...store().report!, locked: true } });

    await render(
      <MemoryRouter>
        <DailyReportCard now={EVENING} />
      </MemoryRouter>,
    );

    expect(textOf(byTestId('report-locked'))).toBe(REPORT_TEXTS.locked);
    expect(textarea().readOnly).toBe(true);
    expect(textarea().getAttribute('aria-readonly')).toBe('true');
    expect(button('report-save')!.disabled).toBe(true);
    expect(button('report-clear')!.disabled).toBe(true);
    expect(button('copy-report')).not.toBeNull();
  });

  it("08:30–09:00 Oslo on this device's clock: read-only with the reset notice, even before the server says so", async () => {
    savedOnServer('Nattens rapport');
    await store().start(KARI);

    await render(
      <MemoryRouter>
        <DailyReportCard now={AT_0845} />
      </MemoryRouter>,
    );

    expect(textOf(byTestId('report-reset-window'))).toBe(REPORT_TEXTS.resetWindow);
    expect(textarea().readOnly).toBe(true);
    expect(button('report-save')!.disabled).toBe(true);
    expect(button('copy-report')).not.toBeNull();
  });

  it("the server's reset window counts even when this device's clock says otherwise", async () => {
    mine = { ...mine, resetWindow: true };
    await store().start(KARI);

    await render(
      <MemoryRouter>
        <DailyReportCard now={EVENING} />
      </MemoryRouter>,
    );

    expect(textOf(byTestId('report-reset-window'))).toBe(REPORT_TEXTS.resetWindow);
    expect(textarea().readOnly).toBe(true);
    // Nothing typed: nothing to copy.
    expect(button('copy-report')).toBeNull();
  });

  it('server unreachable: says so, says the typed text is kept on this device, and Prøv igjen asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(EVENING);
    writeDraft(KARI, DAY, 'Skrevet uten nett', 0);
    down = true;
    await store().start(KARI);
    await render(
      <MemoryRouter>
        <DailyReportCard now={EVENING} />
      </MemoryRouter>,
    );

    const alert = byTestId('report-card')!.querySelector('.report-error');
    expect(textOf(alert?.querySelector('span'))).toBe('Kunne ikke hente rapporten fra serveren. Teksten er lagret på denne enheten.');
    expect(textarea().value).toBe('Skrevet uten nett');

    down = false;
    await update(() => alert!.querySelector('button')!.click());
    await update(() => vi.waitFor(() => expect(store().status).toBe('ready')));

    expect(byTestId('report-card')!.querySelector('.report-error')).toBeNull();
    expect(saveState()).toBe('Ikke lagret');
  });

  it('a browser that refuses to keep drafts: the card says to save often', async () => {
    await store().start(KARI);
    await render(
      <MemoryRouter>
        <DailyReportCard now={EVENING} />
      </MemoryRouter>,
    );
    refuseStorage();

    await type('Tekst');

    expect(textOf(byTestId('report-card')!.querySelector('[role="alert"]'))).toBe(
      'Nettleseren kan ikke ta vare på teksten lokalt. Lagre ofte.',
    );
  });

  it('counts the characters only near the limit', async () => {
    await store().start(KARI);
    await render(
      <MemoryRouter>
        <DailyReportCard now={EVENING} />
      </MemoryRouter>,
    );
    const hint = () => byTestId('report-card')!.querySelector('.field-hint');

    await type('x'.repeat(REPORT_CONTENT_MAX_LENGTH - 2001));
    expect(hint()).toBeNull();

    await type('x'.repeat(REPORT_CONTENT_MAX_LENGTH - 2000));
    expect(textOf(hint())).toBe(`${REPORT_CONTENT_MAX_LENGTH - 2000} av ${REPORT_CONTENT_MAX_LENGTH} tegn`);
  });
});

describe('Dagsrapport saved elsewhere meanwhile (409): both texts, and the writer chooses', () => {
  const MINE = 'Start, fra PC-en';
  const THEIRS = 'Start, fra telefonen';

  /** Loaded at version 1 and typed on here; the phone saves version 2; then Lagre. */
  async function saveOverThePhone(): Promise<void> {
    savedOnServer('Start');
    await store().start(KARI);
    await render(
      <MemoryRouter>
        <DailyReportCard now={EVENING} />
      </MemoryRouter>,
    );
    await type(MINE);
    // The phone saved version 2 meanwhile: the save, written from version 1, is refused with it.
    saveAnswers.push(() => refusal(409, REPORT_TEXTS.conflict, 'editConflict', reportBody(DAY, THEIRS, 2)));
    await update(() => button('report-save')!.click());
    await update(() => vi.waitFor(() => expect(byTestId('conflict')).not.toBeNull()));
  }

  it('shows both texts, keeps mine typed and kept, and saves nothing until a choice', async () => {
    await saveOverThePhone();

    expect(textOf(byTestId('conflict-mine'))).toBe(MINE);
    expect(textOf(byTestId('conflict-theirs'))).toBe(THEIRS);
    expect(button('conflict-keep-mine')).not.toBeNull();
    expect(button('conflict-take-theirs')).not.toBeNull();
    expect(button('conflict-keep-both')).not.toBeNull();
    expect(useToastStore.getState().toasts[0]?.title).toBe(CONFLICT_TITLE);
    // The choice decides the text: until then it is read-only, and Lagre waits.
    expect(textarea().value).toBe(MINE);
    expect(textarea().readOnly).toBe(true);
    expect(button('report-save')!.disabled).toBe(true);
    expect(saveState()).toBe('Ikke lagret');
    expect(readDraft(KARI, DAY)?.content).toBe(MINE);
    expect(puts()).toEqual([{ date: DAY, content: MINE, baseVersion: 1 }]);
  });

  it.each([
    ['conflict-keep-mine', MINE, true],
    ['conflict-take-theirs', THEIRS, false],
    // Both: the line saved elsewhere, then this writer's, each once.
    ['conflict-keep-both', `${THEIRS}\n${MINE}`, true],
  ])('%s: the panel goes, the chosen text is shown and saved', async (choice, text, saved) => {
    await saveOverThePhone();
    saveAnswers.push(() => json(reportBody(DAY, text, 3)));

    await update(() => button(choice)!.click());
    await update(() => vi.waitFor(() => expect(store()).toMatchObject({ conflict: null, saving: false, unsaved: false })));

    expect(byTestId('conflict')).toBeNull();
    expect(textarea().value).toBe(text);
    expect(textarea().readOnly).toBe(false);
    expect(saveState()).toBe('Lagret');
    // A choice other than the text saved elsewhere is saved on that text's version.
    expect(puts().slice(1)).toEqual(saved ? [{ date: DAY, content: text, baseVersion: 2 }] : []);
    expect(readDraft(KARI, DAY)).toBeNull();
  });
});

describe('Ulagret tekst (a draft of a report day that closed before it was saved)', () => {
  it('shows the day, the text read-only and the locked notice; Forkast asks first, then removes it everywhere', async () => {
    writeDraft(KARI, '2026-11-19', 'Torsdagens tekst', 0);
    await store().start(KARI);
    const [draft] = store().lockedDrafts;

    await render(<LockedDraftCard draft={draft!} />);

    const card = byTestId('locked-draft')!;
    expect(textOf(card.querySelector('h2'))).toBe('Ulagret tekst fra torsdag 19. november 2026');
    expect(textOf(card.querySelector('[role="status"]'))).toBe(REPORT_TEXTS.locked);
    expect((byTestId('locked-draft-text') as HTMLTextAreaElement).value).toBe('Torsdagens tekst');
    expect((byTestId('locked-draft-text') as HTMLTextAreaElement).readOnly).toBe(true);

    const discard = [...card.querySelectorAll('button')].find((b) => textOf(b) === 'Forkast')!;
    await update(() => discard.click());
    expect(textOf(byTestId('confirm-dialog'))).toContain('Teksten fra torsdag 19. november 2026 slettes fra denne enheten.');
    expect(readDraft(KARI, '2026-11-19')).not.toBeNull();

    await update(() => button('confirm-button')!.click());

    expect(store().lockedDrafts).toEqual([]);
    expect(readDraft(KARI, '2026-11-19')).toBeNull();
  });
});
