import { addDays, osloDay, osloInstant, reportDay } from '#protocol/time';
import type { TaskId } from '#protocol/taskButtons';
import { DEMO_COLLEAGUES, DEMO_STUDENTS, firstName } from './demoPeople';
import { SeededRandom } from './seededRandom';
import * as texts from './demoTexts';

/** How many report days of history the demo holds, up to yesterday's. */
export const HISTORY_DAYS = 35;

/** One of the night crew: 0 is the demo's own supervisor login, 1… the colleagues (demoPeople.ts). */
export type CrewMember = number;
export const CREW_SIZE = 1 + DEMO_COLLEAGUES.length;

export type DemoEvent = { at: Date } & (
  | { kind: 'approve'; colleague: number }
  | { kind: 'trip'; fromDate: string; toDate: string; studentNames: string[]; classNames: string[] }
  | { kind: 'removeTrip'; fromDate: string; toDate: string }
  | { kind: 'sick'; date: string; name: string; comment: string }
  | { kind: 'rounds'; by: CrewMember; date: string; ticks: DemoTick[] }
  | { kind: 'save'; by: CrewMember; date: string; content: string }
  | { kind: 'rename'; taskId: TaskId; label: string }
  | { kind: 'correct'; by: CrewMember; date: string; addition: string }
  | { kind: 'case'; index: number; by: CrewMember | 'office' }
  | { kind: 'resolve'; index: number; outcome: 'completed' | 'rejected'; reason?: string }
);

/** A round ticked in the night: which, when, and the tick's own id (as a device makes it). */
export type DemoTick = { taskId: TaskId; at: Date; tickId: string };

type Trip = { fromDate: string; toDate: string; studentNames: string[]; classNames: string[]; added: Date; removed?: Date };

/**
 * The demo school's weeks before `now`, as a list of what happened when, oldest first: accounts
 * approved, trips, sick lists, each night's rounds and reports, cases sent and handled, a round
 * renamed and a report corrected by the office. The same `now` gives the same history (seeded
 * choices); nothing happens after `now`.
 */
export function demoPlan(now: Date): DemoEvent[] {
  const random = new SeededRandom(45);
  const today = reportDay(now);
  const calendarToday = osloDay(now);
  const first = addDays(today, -HISTORY_DAYS);
  const events: DemoEvent[] = [];

  DEMO_COLLEAGUES.forEach((_, colleague) =>
    events.push({ at: osloInstant(addDays(first, -2), 9, 15 + colleague * 4), kind: 'approve', colleague }),
  );

  const trips = demoTrips(first, calendarToday);
  for (const trip of trips) {
    events.push({ at: trip.added, kind: 'trip', ...pickTrip(trip) });
    if (trip.removed) events.push({ at: trip.removed, kind: 'removeTrip', fromDate: trip.fromDate, toDate: trip.toDate });
  }
  const away = (day: string) => trips.filter((t) => !t.removed && t.fromDate <= day && day <= t.toDate);

  const sick = sickLists(random, first, calendarToday, away);
  for (const [date, students] of sick) {
    students.forEach((student, i) => events.push({ at: osloInstant(date, 7, 40 + i * 3), kind: 'sick', date, ...student }));
  }

  events.push({ at: osloInstant(addDays(first, 14), 13, 5), kind: 'rename', ...texts.RENAMED_ROUND });

  const cases = caseNights(first);
  for (let i = 0; i < HISTORY_DAYS; i++) {
    const date = addDays(first, i);
    const crew = nightCrew(random, date, i);
    const sickNames = (sick.get(date) ?? []).map((s) => firstName(s.name));
    const sentTonight = cases.filter((c) => c.date === date && c.by !== 'office');
    crew.forEach((by, place) => {
      const ticks = roundsOf(random, place, crew.length, sickNames.length > 0)
        .map((round) => ({ taskId: round.taskId, at: nightAt(date, round.minutes), tickId: `demo-${random.hexId()}` }))
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      // Recorded together when the last is done (one write), each at its own time.
      if (ticks.length > 0) events.push({ at: ticks.at(-1)!.at, kind: 'rounds', by, date, ticks });
      const sent = sentTonight.filter(() => place === 0);
      const lines = reportLines(random, place, sickNames, away(date), sent);
      if (random.chance(0.3)) {
        events.push({ at: nightAt(date, 150 + random.between(0, 20)), kind: 'save', by, date, content: lines.slice(0, 2).join('\n') });
      }
      events.push({ at: nightAt(date, 240 + random.between(0, 40)), kind: 'save', by, date, content: lines.join('\n') });
    });
    for (const c of sentTonight)
      events.push({ at: nightAt(date, 100 + random.between(0, 60)), kind: 'case', index: c.index, by: crew[0]! });
    if (i === HISTORY_DAYS - 3) {
      events.push({ at: osloInstant(addDays(date, 1), 10, 20), kind: 'correct', by: crew[0]!, date, addition: texts.OFFICE_ADDITION });
    }
  }
  for (const c of cases) {
    if (c.by === 'office') events.push({ at: osloInstant(c.date, 13, 10), kind: 'case', index: c.index, by: 'office' });
    if (c.outcome) {
      const at = osloInstant(addDays(c.date, 1), 10 + random.between(0, 4), random.between(0, 59));
      events.push({
        at,
        kind: 'resolve',
        index: c.index,
        outcome: c.outcome,
        ...(c.outcome === 'rejected' ? { reason: texts.REJECT_REASON } : {}),
      });
    }
  }

  // Only today's sick list can fall after now (entered at 07:40 on a start before that): entered just now instead.
  const latest = new Date(now.getTime() - 60_000);
  const clamped = events.map((event) => (event.at > latest ? { ...event, at: latest } : event));
  return clamped.sort((a, b) => a.at.getTime() - b.at.getTime());
}

const pickTrip = ({ fromDate, toDate, studentNames, classNames }: Trip) => ({ fromDate, toDate, studentNames, classNames });

/** Past (archived), current and coming trips of classes and students, and one coming trip cancelled. */
function demoTrips(first: string, today: string): Trip[] {
  const at = (day: string, hour: number, minute: number) => osloInstant(day, hour, minute);
  return [
    { fromDate: addDays(first, 8), toDate: addDays(first, 10), studentNames: [], classNames: ['2A'], added: at(addDays(first, 2), 12, 15) },
    {
      fromDate: addDays(first, 18),
      toDate: addDays(first, 19),
      studentNames: ['Jonas Dahl', 'Sofie Lien'],
      classNames: [],
      added: at(addDays(first, 15), 13, 0),
    },
    {
      fromDate: addDays(today, -2),
      toDate: addDays(today, 2),
      studentNames: [],
      classNames: ['3 Idrett'],
      added: at(addDays(today, -12), 10, 30),
    },
    {
      fromDate: addDays(today, -1),
      toDate: addDays(today, 1),
      studentNames: ['Emil Nilsen'],
      classNames: [],
      added: at(addDays(today, -3), 14, 0),
    },
    {
      fromDate: addDays(today, 6),
      toDate: addDays(today, 8),
      studentNames: ['Nora Bakken', 'Ida Moen'],
      classNames: [],
      added: at(addDays(today, -5), 9, 40),
    },
    {
      fromDate: addDays(today, 13),
      toDate: addDays(today, 15),
      studentNames: [],
      classNames: ['1B'],
      added: at(addDays(today, -2), 11, 0),
    },
    {
      fromDate: addDays(today, 3),
      toDate: addDays(today, 4),
      studentNames: ['Filip Eide'],
      classNames: [],
      added: at(addDays(today, -8), 10, 0),
      removed: at(addDays(today, -7), 8, 50),
    },
  ];
}

type SickStudent = { name: string; comment: string };

/** Each date's sick list: now and then a student falls ill for one to three days; today's list is never empty. */
function sickLists(random: SeededRandom, first: string, today: string, away: (day: string) => Trip[]): Map<string, SickStudent[]> {
  const lists = new Map<string, SickStudent[]>();
  const fallIll = (from: string, days: number, name: string) => {
    const comment = random.pick(texts.SICK_COMMENTS);
    for (let d = 0; d < days; d++) {
      const date = addDays(from, d);
      if (date > today) break;
      const list = lists.get(date) ?? [];
      if (!list.some((s) => s.name === name)) lists.set(date, [...list, { name, comment }]);
    }
  };
  for (let date = first; date <= today; date = addDays(date, 1)) {
    if (!random.chance(0.3)) continue;
    const awayNames = new Set(away(date).flatMap((t) => t.studentNames));
    const name = random.pick(DEMO_STUDENTS.filter((s) => !awayNames.has(s) && !(lists.get(date) ?? []).some((l) => l.name === s)));
    fallIll(date, random.between(1, 3), name);
  }
  if (!lists.get(today)?.length) fallIll(addDays(today, -1), 2, 'Ola Nordmann');
  return lists;
}

/** Who is on duty the night of `date`: two supervisors, one on Friday and Saturday nights. */
function nightCrew(random: SeededRandom, date: string, index: number): CrewMember[] {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const lead = index % CREW_SIZE;
  if (weekday === 5 || weekday === 6) return [lead];
  return [lead, (lead + 1 + random.between(0, CREW_SIZE - 2)) % CREW_SIZE];
}

type Round = { taskId: TaskId; minutes: number };

/**
 * The rounds one supervisor ticks, in minutes after 21:00: the first of two takes the phone, the sick
 * and the count and the boarding house; the second the main and old buildings and a late round.
 * Now and then a round is missed (the year at a glance shows it).
 */
function roundsOf(random: SeededRandom, place: number, crewSize: number, anyoneSick: boolean): Round[] {
  const near = (minutes: number, spread: number) => minutes + random.between(-spread, spread);
  const first: Round[] = [
    { taskId: '6', minutes: near(8, 6) },
    ...(anyoneSick ? [{ taskId: '2' as const, minutes: near(40, 10) }] : []),
    { taskId: '1', minutes: near(90, 8) },
    { taskId: '3', minutes: near(125, 12) },
  ];
  const second: Round[] = [
    { taskId: '4', minutes: near(150, 12) },
    { taskId: '5', minutes: near(190, 15) },
    ...(random.chance(0.35) ? [{ taskId: '3' as const, minutes: near(330, 30) }] : []),
  ];
  const mine = crewSize === 1 ? [...first, ...second] : place === 0 ? first : second;
  return mine.filter((round) => round.taskId === '1' || !random.chance(0.06));
}

type NightCase = { index: number; date: string; by: 'crew' | 'office'; outcome?: 'completed' | 'rejected' };

/** The nights the cases were sent, spread over the weeks; the madrass refused, four still waiting. */
function caseNights(first: string): NightCase[] {
  const waiting = new Set([4, 9, 10, 11]);
  return texts.DEMO_CASES.map((_, index) => ({
    index,
    date: addDays(first, 1 + Math.floor((index * (HISTORY_DAYS - 3)) / texts.DEMO_CASES.length)),
    by: index === 6 ? 'office' : 'crew',
    ...(waiting.has(index) ? {} : { outcome: index === 3 ? 'rejected' : 'completed' }),
  }));
}

/** What one supervisor writes about the night: an opening, the sick and the away, what happened, a closing. */
function reportLines(random: SeededRandom, place: number, sickNames: string[], away: Trip[], sent: NightCase[]): string[] {
  const fill = (line: string, key: string, value: string) => line.replace(`{${key}}`, value);
  const lines: string[] = [random.pick(texts.OPENINGS)];
  if (place === 0) {
    for (const name of sickNames) lines.push(fill(random.pick(texts.SICK_LINES), 'name', name));
    const who = away.flatMap((t) => [...t.classNames, ...t.studentNames.map(firstName)]);
    if (who.length > 0) lines.push(fill(random.pick(texts.AWAY_LINES), 'who', listNo(who)));
  }
  for (const event of random.pickSome(texts.EVENTS, random.between(0, 2))) lines.push(event);
  if (random.chance(0.15)) lines.push(fill(random.pick(texts.LATE_RETURNS), 'name', firstName(random.pick(DEMO_STUDENTS))));
  for (const c of sent) {
    const sentCase = texts.DEMO_CASES[c.index]!;
    lines.push(
      `Sendte sak til vaktmester (${sentCase.roomNumber}): ${sentCase.description.charAt(0).toLowerCase()}${sentCase.description.slice(1)}`,
    );
  }
  lines.push(random.pick(texts.CLOSINGS));
  return lines;
}

/** 'Jonas, Sofie og 2A'. */
function listNo(items: string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} og ${items.at(-1)}`;
}

/** The instant `minutes` after 21:00 on the evening of `date` (past midnight: the next date), Oslo time. */
export function nightAt(date: string, minutes: number): Date {
  const total = 21 * 60 + Math.max(0, minutes);
  const day = total >= 24 * 60 ? addDays(date, 1) : date;
  const ofDay = total % (24 * 60);
  return osloInstant(day, Math.floor(ofDay / 60), ofDay % 60);
}
