import { describe, expect, it, vi } from 'vitest';
import type { Away, Sick } from '#protocol';
import { allByTestId, byTestId, render, textOf, update } from '../../testing/render';
import { AwayList, SickList } from './StudentLists';

const DAY = '2026-11-20';

const sick: Sick = {
  names: ['Per Hansen', 'Anna Berg'],
  comment: 'Legevakten ringt',
  studentComments: { 'Per Hansen': 'Feber, på rommet' },
  revision: 2,
};

const away: Away = {
  names: ['Ola Nilsen', 'Eva Lie'],
  individualStudentNames: ['Ola Nilsen', 'Eva Lie'],
  returnDates: { 'Ola Nilsen': DAY, 'Eva Lie': '2026-11-23' },
  classes: [
    { id: 'c1c1c1c1c1c1c1c1c1c1c1c1', className: '2STA', returnDate: DAY },
    { id: 'c2c2c2c2c2c2c2c2c2c2c2c2', className: '3MUS', returnDate: '2026-11-22' },
  ],
};

const noop = () => {};
const heading = (testId: string) => textOf(byTestId(testId)?.querySelector('h2'));
/** The sentence a list shows instead of chips (empty, loading, failed). */
const sentence = (testId: string) => textOf(byTestId(testId)?.querySelector('p'));
/** A chip as read: its label, and the note 'Tilbake fredag' when it has one. */
const chip = (element: HTMLElement) => {
  const note = byTestId('back-today', element);
  return note ? [textOf(element).replace(textOf(note), '').trim(), textOf(note)] : [textOf(element)];
};

async function openChip(chip: HTMLElement | undefined): Promise<string> {
  await update(() => chip!.click());
  return textOf(byTestId('student-dialog'));
}

describe('Syke on the board', () => {
  it('one chip per sick student, the count in the heading, and the list comment', async () => {
    await render(<SickList data={sick} loaded failed={false} onRetry={noop} />);

    expect(allByTestId('sick-chip').map(textOf)).toEqual(['Per Hansen', 'Anna Berg']);
    expect(heading('sick-list')).toBe('Syke (2)');
    expect(textOf(byTestId('sick-list'))).toContain('Legevakten ringt');
  });

  it("a chip opens the student's comment, or says there is none", async () => {
    await render(<SickList data={sick} loaded failed={false} onRetry={noop} />);
    const [per, anna] = allByTestId('sick-chip');

    expect(await openChip(per)).toContain('Feber, på rommet');
    await update(() => byTestId('student-dialog')!.querySelector<HTMLButtonElement>('.dialog-actions button')!.click());
    expect(byTestId('student-dialog')).toBeNull();

    expect(await openChip(anna)).toContain('Ingen tilleggsinformasjon tilgjengelig');
  });

  it('no sick students: no count and a sentence instead of chips', async () => {
    await render(<SickList data={{ ...sick, names: [], comment: '  ' }} loaded failed={false} onRetry={noop} />);

    expect(heading('sick-list')).toBe('Syke');
    expect(allByTestId('sick-chip')).toEqual([]);
    expect(sentence('sick-list')).toBe('Ingen syke elever i dag');
  });

  it('before the list has come: Laster..., or a failure with Prøv igjen', async () => {
    const retry = vi.fn();
    const loading = await render(<SickList data={null} loaded={false} failed={false} onRetry={retry} />);
    expect(textOf(loading.querySelector('[role="status"]'))).toBe('Laster...');
    expect(allByTestId('sick-chip')).toEqual([]);

    const failed = await render(<SickList data={null} loaded={false} failed onRetry={retry} />);
    expect(textOf(failed.querySelector('[role="alert"] p'))).toBe('Kunne ikke hente data.');
    expect(textOf(failed.querySelector('[role="alert"] button'))).toBe('Prøv igjen');
    await update(() => failed.querySelector('button')!.click());
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('off line after a reload: the device’s copy with when it was fetched (Oslo time), or, without one, why nothing is shown', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T21:50:00.000Z'));
    await render(<SickList data={sick} loaded failed={false} onRetry={noop} copiedAt="2026-11-20T21:41:00.000Z" />);
    expect(textOf(byTestId('copied-at'))).toBe('Sist oppdatert 22:41');
    expect(allByTestId('sick-chip').map(textOf)).toEqual(['Per Hansen', 'Anna Berg']);
    // A copy of an earlier day names its date.
    const earlier = await render(<SickList data={sick} loaded failed={false} onRetry={noop} copiedAt="2026-11-19T21:41:00.000Z" />);
    expect(textOf(byTestId('copied-at', earlier))).toBe('Sist oppdatert 19. november 2026 kl. 22:41');
    vi.useRealTimers();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const failed = await render(<SickList data={null} loaded={false} failed onRetry={noop} />);
    expect(textOf(failed.querySelector('[role="alert"] p'))).toBe('Kunne ikke hente data uten nett.');
    expect(byTestId('copied-at', failed)).toBeFalsy();
  });
});

describe('Bortreist on the board', () => {
  it('students and classes on a trip as chips, counted together', async () => {
    await render(<AwayList data={away} loaded failed={false} onRetry={noop} day={DAY} />);

    expect(heading('away-list')).toBe('Bortreist (4)');
    // The weekday, not 'i dag': at 01:30 'i dag' would read as the next day.
    expect(allByTestId('away-chip').map(chip)).toEqual([['Ola Nilsen', '· Tilbake fredag'], ['Eva Lie']]);
    expect(allByTestId('away-class-chip').map(chip)).toEqual([['Klasse 2STA', '· Tilbake fredag'], ['Klasse 3MUS']]);
    expect(allByTestId('away-class-chip').map((chip) => chip.getAttribute('aria-label'))).toEqual([
      'Klasse 2STA, tilbake fredag',
      'Klasse 3MUS',
    ]);
  });

  it('"Tilbake {weekday}" follows the day on screen, not the calendar', async () => {
    await render(<AwayList data={away} loaded failed={false} onRetry={noop} day="2026-11-22" />);

    expect(allByTestId('away-chip').map(chip)).toEqual([['Ola Nilsen'], ['Eva Lie']]);
    expect(allByTestId('away-class-chip').map(chip)).toEqual([['Klasse 2STA'], ['Klasse 3MUS', '· Tilbake søndag']]);
  });

  it('a chip opens the return date', async () => {
    await render(<AwayList data={away} loaded failed={false} onRetry={noop} day={DAY} />);

    expect(await openChip(allByTestId('away-chip')[1])).toContain('Tilbake: mandag 23. november 2026');
    await update(() => byTestId('student-dialog')!.querySelector<HTMLButtonElement>('.dialog-actions button')!.click());

    const dialog = await openChip(allByTestId('away-class-chip')[0]);
    expect(dialog).toContain('Klasse på tur');
    expect(dialog).toContain('Tilbake: fredag 20. november 2026');
  });

  it('a student without a return date: the dialog says there is no more information', async () => {
    const noDate: Away = { names: ['Siri'], individualStudentNames: ['Siri'], returnDates: {}, classes: [] };
    await render(<AwayList data={noDate} loaded failed={false} onRetry={noop} day={DAY} />);

    expect(await openChip(allByTestId('away-chip')[0])).toContain('Ingen tilleggsinformasjon tilgjengelig');
  });

  it('nobody away: no count and a sentence', async () => {
    const empty: Away = { names: [], individualStudentNames: [], returnDates: {}, classes: [] };
    await render(<AwayList data={empty} loaded failed={false} onRetry={noop} day={DAY} />);

    expect(heading('away-list')).toBe('Bortreist');
    expect(sentence('away-list')).toBe('Ingen bortreist i dag');
    expect(allByTestId('away-chip')).toEqual([]);
  });
});
