import { lazy, Suspense, useMemo, useState } from 'react';
import {
  compareNorwegian,
  compareReportsByDay,
  countNoun,
  formatDayNo,
  formatLongDayNo,
  isoWeekRange,
  isoWeeksInYear,
  YEAR_CHOICES,
  type YearSummary,
} from '#protocol';
import { rangeScope, summaryScope, useYearReportsStore, useYearSummaryStore } from './reportRangeStores';
import { useLoaded } from '../../stores/useLoaded';
import { SelectField } from '../../ui/SelectField';
import { ExportRangeCard } from './ExportRangeCard';
import { ReportRangeList } from './ReportRangeList';
import { choiceQuery, currentChoice, useYearlyChoice } from './yearlyParams';
import './officeReports.css';
import { AdminScreen } from '../../ui/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';

// The chart is only on this page: its code loads with it, not with every other page.
const YearChart = lazy(() => import('./YearChart'));

const ALL_USERS = 'alle';
const shortDay = (day: string) => formatDayNo(day).replace(/ \d{4}$/, '');

/** 'Viser 1 rapport', 'Viser 3 rapporter' (DECISIONS: the singular where a number makes it wrong Norwegian). */
export function showingCount(n: number): string {
  return `Viser ${countNoun(n, 'rapport', 'rapporter')}`;
}

/** /admin/aarsrapport: a year's ISO week, its reports by one or every author, live; the year at a glance above, and the downloads of any range or the whole year. */
export function YearlyReportPage() {
  return (
    <AdminScreen title="Årsrapport" testId="yearly-report-page">
      <SchoolScoped pickText="Velg en skole for å se rapportene.">{({ query }) => <Yearly scope={query} />}</SchoolScoped>
    </AdminScreen>
  );
}

function Yearly({ scope }: { scope: string }) {
  const [choice, change] = useYearlyChoice();
  const thisYear = currentChoice().year;
  const { from, to } = isoWeekRange(choice.year, choice.week);

  // The chart follows the user filter: another user is another summary.
  const summaryKey = summaryScope(scope, choice.year, choice.user);
  useLoaded(useYearSummaryStore, summaryKey);
  // Until the store takes a newly chosen year or user, it holds the previous one.
  const summary = useYearSummaryStore((state) => (state.scope === summaryKey ? state.data : null));
  const summaryFailed = useYearSummaryStore((state) => state.scope === summaryKey && state.status === 'error');
  // The year's authors are the same whoever is chosen: kept while another user's summary loads, so the select keeps its choices.
  const yearKey = summaryScope(scope, choice.year, '');
  const [knownAuthors, setKnownAuthors] = useState<{ key: string; authors: YearSummary['authors'] } | null>(null);
  if (summary && (knownAuthors?.key !== yearKey || knownAuthors.authors !== summary.authors))
    setKnownAuthors({ key: yearKey, authors: summary.authors });
  const yearAuthors = summary?.authors ?? (knownAuthors?.key === yearKey ? knownAuthors.authors : null);
  const reportsKey = rangeScope(scope, from, to);
  const { loaded, failed, retry } = useLoaded(useYearReportsStore, reportsKey);
  const byId = useYearReportsStore((state) => state.byId);

  const weekReports = useMemo(() => Object.values(byId).sort(compareReportsByDay), [byId]);
  const shown = choice.user ? weekReports.filter((r) => r.authorUserId === choice.user) : weekReports;
  const authors = useMemo(() => {
    const byUser = new Map((yearAuthors ?? []).map((a) => [a.id, a.name]));
    for (const report of weekReports) if (!byUser.has(report.authorUserId)) byUser.set(report.authorUserId, report.authorName);
    return [...byUser.entries()].map(([id, name]) => ({ value: id, label: name })).sort((a, b) => compareNorwegian(a.label, b.label));
  }, [yearAuthors, weekReports]);

  const years = Array.from({ length: YEAR_CHOICES.last - YEAR_CHOICES.first + 1 }, (_, i) => YEAR_CHOICES.first + i).map((year) => ({
    value: String(year),
    label: year === thisYear ? `${year} (i år)` : String(year),
  }));
  const weeks = Array.from({ length: isoWeeksInYear(choice.year) }, (_, i) => {
    const range = isoWeekRange(choice.year, i + 1);
    return { value: String(i + 1), label: `Uke ${i + 1} (${shortDay(range.from)} – ${shortDay(range.to)})` };
  });
  const linkSuffix = `?source=yearly&${choiceQuery(choice)}`;
  const userChoice = choice.user && authors.some((a) => a.value === choice.user) ? choice.user : choice.user ? '' : ALL_USERS;
  const chosenUser = choice.user ? { id: choice.user, name: authors.find((a) => a.value === choice.user)?.label ?? 'valgt bruker' } : null;

  return (
    <>
      <div className="card report-filters" data-testid="yearly-filters">
        <div className="field">
          <label className="field-label" htmlFor="yearly-year">
            År
          </label>
          <SelectField
            id="yearly-year"
            value={String(choice.year)}
            onChange={(value) => change({ year: Number(value) })}
            options={years}
            testId="yearly-year"
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="yearly-week">
            Uke
          </label>
          <SelectField
            id="yearly-week"
            value={String(choice.week)}
            onChange={(value) => change({ week: Number(value) })}
            options={weeks}
            testId="yearly-week"
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="yearly-user">
            Bruker
          </label>
          <SelectField
            id="yearly-user"
            value={userChoice}
            onChange={(value) => change({ user: value === ALL_USERS ? '' : value })}
            options={[{ value: ALL_USERS, label: 'Alle brukere' }, ...authors]}
            placeholder="Velg bruker"
            testId="yearly-user"
          />
        </div>
      </div>

      <section className="card year-overview" aria-labelledby="year-overview-title">
        <h2 id="year-overview-title" className="section-title">
          {choice.year} uke for uke
        </h2>
        {summary ? (
          <Suspense fallback={<p className="muted">Laster oversikten...</p>}>
            <YearChart summary={summary} chosenWeek={choice.week} onChooseWeek={(week) => change({ week })} user={chosenUser?.name} />
          </Suspense>
        ) : (
          <p className="muted" role={summaryFailed ? 'alert' : 'status'}>
            {summaryFailed ? 'Kunne ikke hente oversikten.' : 'Laster oversikten...'}
          </p>
        )}
      </section>

      <ExportRangeCard year={choice.year} week={{ from, to }} schoolId={scope || null} user={chosenUser} />

      <div className="report-toolbar">
        <p className="report-period" data-testid="yearly-period">
          {capitalize(formatLongDayNo(from))} – {formatLongDayNo(to)}
        </p>
      </div>
      {loaded && (
        <p className="muted" role="status" data-testid="yearly-count">
          {showingCount(shown.length)}
        </p>
      )}
      <ReportRangeList
        reports={shown}
        loaded={loaded}
        failed={failed}
        onRetry={retry}
        emptyText="Ingen rapporter funnet for valgte kriterier"
        detail={(id) => `/rapport/${encodeURIComponent(id)}${linkSuffix}`}
        edit={(id) => `/rapport/${encodeURIComponent(id)}/rediger${linkSuffix}`}
      />
    </>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
