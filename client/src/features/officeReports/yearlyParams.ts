import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isoWeekOf, isoWeeksInYear, osloDay, YEAR_CHOICES } from '#protocol';

export interface YearlyChoice {
  year: number;
  week: number;
  /** An author's user id, or '' for 'Alle brukere'. */
  user: string;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** This ISO week, kept inside the page's years (2025–2035). */
export function currentChoice(now = new Date()): YearlyChoice {
  const { year, week } = isoWeekOf(osloDay(now));
  const inRange = clamp(year, YEAR_CHOICES.first, YEAR_CHOICES.last);
  return { year: inRange, week: inRange === year ? week : 1, user: '' };
}

/** Reads a choice from ?year&week&user, falling back to this week; a week past the year's last is its last. */
export function parseChoice(params: URLSearchParams, now = new Date()): YearlyChoice {
  const fallback = currentChoice(now);
  const year = Number(params.get('year'));
  const validYear = Number.isInteger(year) && year >= YEAR_CHOICES.first && year <= YEAR_CHOICES.last ? year : fallback.year;
  const week = Number(params.get('week'));
  const validWeek = Number.isInteger(week) && week >= 1 ? Math.min(week, isoWeeksInYear(validYear)) : fallback.week;
  const user = params.get('user') ?? '';
  return { year: validYear, week: validWeek, user: /^[0-9a-f]{24}$/i.test(user) ? user : '' };
}

export function choiceQuery(choice: YearlyChoice): string {
  const query = new URLSearchParams({ year: String(choice.year), week: String(choice.week) });
  if (choice.user) query.set('user', choice.user);
  return query.toString();
}

/** The yearly page's choice lives in its URL, so the report pages can lead back to exactly it. */
export function useYearlyChoice(): [YearlyChoice, (change: Partial<YearlyChoice>) => void] {
  const [params, setParams] = useSearchParams();
  const choice = useMemo(() => parseChoice(params), [params]);
  const change = useCallback(
    (next: Partial<YearlyChoice>) => {
      const merged = { ...choice, ...next };
      merged.week = Math.min(merged.week, isoWeeksInYear(merged.year));
      setParams(new URLSearchParams(choiceQuery(merged)), { replace: true });
    },
    [choice, setParams],
  );
  return [choice, change];
}
