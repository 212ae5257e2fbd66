import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { nb } from 'date-fns/locale';

export const OSLO_TIME_ZONE = 'Europe/Oslo';
export const REPORT_DAY_START = { hour: 9, minute: 0 } as const;
export const RESET_WINDOW_START = { hour: 8, minute: 30 } as const;
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const DAY_MS = 24 * 60 * 60 * 1000;

function minutesOf(time: { hour: number; minute: number }): number {
  return time.hour * 60 + time.minute;
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

// Calendar arithmetic is done on UTC midnights so the runtime's own time zone never matters.
// setUTCFullYear is used instead of Date.UTC, which maps years 0-99 to 1900-1999.
function utcMidnight(year: number, month: number, date: number): Date {
  const result = new Date(0);
  result.setUTCFullYear(year, month - 1, date);
  return result;
}

function parseDayParts(day: string): { year: number; month: number; date: number } | null {
  if (!DAY_PATTERN.test(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const check = utcMidnight(year, month, date);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) {
    return null;
  }
  return { year, month, date };
}

function dayToUtc(day: string): Date {
  const parts = parseDayParts(day);
  if (!parts) throw new RangeError(`Invalid day: ${day}`);
  return utcMidnight(parts.year, parts.month, parts.date);
}

function utcToDay(value: Date): string {
  return `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
}

function assertValidInstant(instant: Date): void {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
}

export function isValidDay(value: string): boolean {
  return parseDayParts(value) !== null;
}

const HOUR_MS = 60 * 60 * 1000;
const REMEMBERED_HOURS = 10_000;
const osloOffsetByHour = new Map<number, number>();
const osloFields = new Intl.DateTimeFormat('en-US', {
  timeZone: OSLO_TIME_ZONE,
  hourCycle: 'h23',
  era: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Oslo's offset from UTC (ms) at an instant, asked of Intl. */
function intlOsloOffsetMs(ms: number): number {
  const field: Record<string, string> = {};
  for (const part of osloFields.formatToParts(new Date(ms))) field[part.type] = part.value;
  const year = field.era === 'BC' ? 1 - Number(field.year) : Number(field.year);
  const wall =
    utcMidnight(year, Number(field.month), Number(field.day)).getTime() +
    ((Number(field.hour) * 60 + Number(field.minute)) * 60 + Number(field.second)) * 1000;
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * Oslo's offset from UTC (ms) at an instant. Asking Intl costs tens of microseconds, and every
 * request asks (the report day, whether a report is locked), so the answer is kept per UTC hour:
 * Oslo's clocks change on whole UTC hours. An hour whose start and end differ is never kept.
 */
function osloOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  const known = osloOffsetByHour.get(hour);
  if (known !== undefined) return known;
  const atStart = intlOsloOffsetMs(hour * HOUR_MS);
  if (atStart !== intlOsloOffsetMs((hour + 1) * HOUR_MS - 1)) return intlOsloOffsetMs(ms);
  if (osloOffsetByHour.size >= REMEMBERED_HOURS) osloOffsetByHour.clear();
  osloOffsetByHour.set(hour, atStart);
  return atStart;
}

/** The instant shifted so that its UTC fields read as Oslo's wall clock. */
function osloWallClock(instant: Date): Date {
  assertValidInstant(instant);
  return new Date(instant.getTime() + osloOffsetMs(instant.getTime()));
}

export function osloDay(instant: Date): string {
  return utcToDay(osloWallClock(instant));
}

export function osloTimeOfDay(instant: Date): { hour: number; minute: number } {
  const wall = osloWallClock(instant);
  return { hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
}

export function reportDay(instant: Date): string {
  const today = osloDay(instant);
  return minutesOf(osloTimeOfDay(instant)) < minutesOf(REPORT_DAY_START) ? addDays(today, -1) : today;
}

export function isResetWindow(instant: Date): boolean {
  const minutes = minutesOf(osloTimeOfDay(instant));
  return minutes >= minutesOf(RESET_WINDOW_START) && minutes < minutesOf(REPORT_DAY_START);
}

export function isReportDayLocked(day: string, instant: Date): boolean {
  return isLockedOnReportDay(day, reportDay(instant));
}

/** Whether a day's reports are locked on the given report day: every day before it is. */
export function isLockedOnReportDay(day: string, today: string): boolean {
  return compareDays(today, day) > 0;
}

export function addDays(day: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Day offset must be an integer: ${n}`);
  return utcToDay(new Date(dayToUtc(day).getTime() + n * DAY_MS));
}

/** The same day n months later (earlier for negative n), or the month's last day when it is shorter. */
export function addMonths(day: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Month offset must be an integer: ${n}`);
  const start = dayToUtc(day);
  const monthIndex = start.getUTCFullYear() * 12 + start.getUTCMonth() + n;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return utcToDay(new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay))));
}

/** Whole days from a to b (negative when b is before a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((dayToUtc(b).getTime() - dayToUtc(a).getTime()) / DAY_MS);
}

export function compareDays(a: string, b: string): number {
  // YYYY-MM-DD sorts lexicographically in calendar order.
  return a < b ? -1 : a > b ? 1 : 0;
}

export function osloInstant(day: string, hour: number, minute: number): Date {
  dayToUtc(day);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23 || !Number.isInteger(minute) || minute < 0 || minute > 59) {
    throw new RangeError(`Invalid time: ${hour}:${minute}`);
  }
  // A string without offset is interpreted in the given zone, independent of the runtime zone.
  return fromZonedTime(`${day}T${pad(hour)}:${pad(minute)}:00`, OSLO_TIME_ZONE);
}

function firstInstantAfter(instant: Date, times: ReadonlyArray<{ hour: number; minute: number }>): Date {
  const today = osloDay(instant);
  for (const day of [today, addDays(today, 1)]) {
    for (const time of times) {
      const candidate = osloInstant(day, time.hour, time.minute);
      if (candidate.getTime() > instant.getTime()) return candidate;
    }
  }
  // Unreachable: tomorrow's first boundary is always after `instant`.
  throw new Error('No boundary found');
}

export function nextReportDayRollover(instant: Date): Date {
  return firstInstantAfter(instant, [REPORT_DAY_START]);
}

export function nextBoundary(instant: Date): Date {
  return firstInstantAfter(instant, [RESET_WINDOW_START, REPORT_DAY_START]);
}

function isoWeekday(value: Date): number {
  return value.getUTCDay() === 0 ? 7 : value.getUTCDay();
}

export function isoWeekOf(day: string): { year: number; week: number } {
  const date = dayToUtc(day);
  // The Thursday of a week decides which ISO year the week belongs to.
  const thursday = new Date(date.getTime() + (4 - isoWeekday(date)) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const dayOfYear = Math.round((thursday.getTime() - utcMidnight(year, 1, 1).getTime()) / DAY_MS);
  return { year, week: Math.floor(dayOfYear / 7) + 1 };
}

export function isoWeeksInYear(year: number): 52 | 53 {
  // 28 December is always in the last ISO week of its year.
  return isoWeekOf(`${pad(year, 4)}-12-28`).week === 53 ? 53 : 52;
}

export function isoWeekRange(year: number, week: number): { from: string; to: string } {
  if (!Number.isInteger(week) || week < 1 || week > isoWeeksInYear(year)) {
    throw new RangeError(`Invalid ISO week: ${year}-W${week}`);
  }
  // 4 January is always in ISO week 1.
  const jan4 = utcMidnight(year, 1, 4);
  const mondayWeek1 = jan4.getTime() - (isoWeekday(jan4) - 1) * DAY_MS;
  const from = utcToDay(new Date(mondayWeek1 + (week - 1) * 7 * DAY_MS));
  return { from, to: addDays(from, 6) };
}

function formatDay(day: string, pattern: string): string {
  // Noon avoids any DST edge; the Oslo date at noon is the day itself.
  return formatInTimeZone(osloInstant(day, 12, 0), OSLO_TIME_ZONE, pattern, { locale: nb });
}

// Formatting in a time zone costs about 65 µs; a day's name never changes, and an export names
// each of a year's days hundreds of times, so it is kept (bounded: a day is one of a few thousand).
const dayNames = new Map<string, string>();
const DAY_NAMES_KEPT = 5000;

export function formatDayNo(day: string): string {
  let name = dayNames.get(day);
  if (name === undefined) {
    name = formatDay(day, 'd. MMMM yyyy');
    if (dayNames.size >= DAY_NAMES_KEPT) dayNames.clear();
    dayNames.set(day, name);
  }
  return name;
}

export function formatLongDayNo(day: string): string {
  return formatDay(day, 'EEEE d. MMMM yyyy');
}

/** 'fredag': the day's weekday. */
export function formatWeekdayNo(day: string): string {
  return formatDay(day, 'EEEE');
}

/**
 * 'Tilbake fredag': the note on whoever is away for the last day. The weekday and not 'i dag',
 * which a supervisor reading it at 01:30 on Saturday would take to mean Saturday.
 */
export function formatBackOnNo(lastDay: string): string {
  return `Tilbake ${formatWeekdayNo(lastDay)}`;
}

/**
 * The night shift a report day is ('Natt til lørdag 28. november 2026' for Friday 27th's): what
 * the header and the report card both say, before midnight and after it (issue 44).
 */
export function formatShiftNo(day: string): string {
  return `Natt til ${formatLongDayNo(addDays(day, 1))}`;
}

/** The time of day in Oslo, 'HH:mm' ('kl. 22:05' where a sentence needs it). */
export function formatClockNo(instant: Date | string): string {
  const value = typeof instant === 'string' ? new Date(instant) : instant;
  assertValidInstant(value);
  return formatInTimeZone(value, OSLO_TIME_ZONE, 'HH:mm');
}

export function formatTimestampNo(instant: Date | string): string {
  const value = typeof instant === 'string' ? new Date(instant) : instant;
  assertValidInstant(value);
  return formatInTimeZone(value, OSLO_TIME_ZONE, "d. MMMM yyyy 'kl.' HH:mm", { locale: nb });
}

/**
 * A trip's days as a sentence says them (issue 45): '27.–30. november', '30. november–2. desember',
 * '27. november' for one day, and with the years when it spans two.
 */
export function formatDayRangeNo(from: string, to: string): string {
  if (from === to) return formatDay(from, 'd. MMMM');
  if (from.slice(0, 4) !== to.slice(0, 4)) return `${formatDay(from, 'd. MMMM yyyy')}–${formatDay(to, 'd. MMMM yyyy')}`;
  if (from.slice(0, 7) === to.slice(0, 7)) return `${formatDay(from, 'd.')}–${formatDay(to, 'd. MMMM')}`;
  return `${formatDay(from, 'd. MMMM')}–${formatDay(to, 'd. MMMM')}`;
}
