import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ROLE, type SchoolClass, type Trip } from '#protocol';
import { json, refusal, stubFetch } from '../../testing/fakeFetch';
import { allByTestId, byTestId, render, textOf, update, waitFor } from '../../testing/render';
import { userOf } from '../../testing/users';
import { useAuthStore } from '../../stores/authStore';
import { resetStores } from '../../stores/registry';
import { TripsPage } from './TripsPage';

const SCHOOL = 'dddddddddddddddddddddddd';
const STA = 'c1c1c1c1c1c1c1c1c1c1c1c1';

const classes: SchoolClass[] = [{ id: STA, className: '2STA', schoolId: SCHOOL, updatedAt: '2026-08-01T10:00:00.000Z' }];

let idCounter = 0;
function trip(fromDate: string, toDate: string, studentNames: string[], classIds: string[] = []): Trip {
  idCounter += 1;
  return {
    id: `${'e'.repeat(22)}${String(idCounter).padStart(2, '0')}`,
    schoolId: SCHOOL,
    fromDate,
    toDate,
    studentNames,
    classIds,
    version: 1,
    updatedAt: '2026-11-01T10:00:00.000Z',
    studentNamesJSON: JSON.stringify(studentNames),
    classIdsJSON: JSON.stringify(classIds),
  };
}

let trips: Trip[];

beforeEach(() => {
  resetStores();
  useAuthStore.setState({ phase: 'signedIn', user: userOf(ADMIN_ROLE, { schoolId: SCHOOL }) });
  trips = [];
  stubFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/away/all') return json(trips);
    if (path === '/api/admin/classes') return json(classes);
    return refusal(404, 'Ikke funnet');
  });
});

afterEach(() => vi.useRealTimers());

async function openAt(instant: string): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
  await render(
    <MemoryRouter>
      <TripsPage />
    </MemoryRouter>,
  );
  await waitFor(() => expect(byTestId('trips-page')!.querySelector('[role="status"]')).toBeNull());
}

const tabs = () => [textOf(byTestId('tab-active-trips')), textOf(byTestId('tab-archived-trips'))];
const shownTrips = () => allByTestId('trip').map((card) => textOf(card.querySelector('.trip-title')));

async function openArchive(): Promise<void> {
  await update(() => {
    byTestId('tab-archived-trips')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  });
}

describe('Reiser: active trips and the archive', () => {
  it("a trip is active through its last day and archived from the day after (Oslo's date)", async () => {
    trips = [
      trip('2026-11-10', '2026-11-12', ['Eva']),
      trip('2026-11-18', '2026-11-19', ['Per']),
      trip('2026-11-19', '2026-11-20', ['Ola'], [STA]),
      trip('2026-11-25', '2026-11-27', ['Siri']),
    ];
    await openAt('2026-11-20T20:00:00Z');

    expect(tabs()).toEqual(['Aktive reiser (2)', 'Arkiv (2)']);
    // Newest first.
    expect(shownTrips()).toEqual(['Fra 25. november 2026 til 27. november 2026', 'Fra 19. november 2026 til 20. november 2026']);

    await openArchive();
    expect(shownTrips()).toEqual(['Fra 18. november 2026 til 19. november 2026', 'Fra 10. november 2026 til 12. november 2026']);
  });

  it("00:30 in Oslo is already the next day, though UTC's date is not", async () => {
    trips = [trip('2026-11-18', '2026-11-19', ['Per'])];
    await openAt('2026-11-19T23:30:00Z');

    expect(tabs()).toEqual(['Aktive reiser (0)', 'Arkiv (1)']);
    expect(textOf(byTestId('trips-page')!.querySelector('.empty'))).toBe('Ingen aktive reiser');
  });

  it('a trip ending today says so by its weekday (as the board does); students and classes are named; active trips can be edited and removed', async () => {
    trips = [
      trip('2026-11-19', '2026-11-20', ['Ola', 'Kari'], [STA, 'f0f0f0f0f0f0f0f0f0f0f0f0']),
      trip('2026-11-20', '2026-11-22', ['Siri']),
    ];
    await openAt('2026-11-20T20:00:00Z');

    const [later, endingToday] = allByTestId('trip');
    expect(textOf(endingToday!.querySelector('.pill'))).toBe('Tilbake fredag');
    expect(later!.querySelector('.pill')).toBeNull();
    expect([...endingToday!.querySelectorAll('.trip-line')].map(textOf).slice(0, 2)).toEqual(['Elever: Ola, Kari', 'Klasser: 2STA']);
    expect(byTestId('trip-edit', endingToday)).not.toBeNull();
    expect(byTestId('trip-remove', endingToday)).not.toBeNull();
  });

  it('archived trips are read-only', async () => {
    trips = [trip('2026-11-10', '2026-11-12', ['Eva'])];
    await openAt('2026-11-20T20:00:00Z');

    await openArchive();

    expect(shownTrips()).toHaveLength(1);
    expect(byTestId('trip-edit')).toBeNull();
    expect(byTestId('trip-remove')).toBeNull();
  });
});
