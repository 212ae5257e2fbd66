import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_TEXTS, type Report } from '#protocol';
import { useReport } from './reportsStore';
import { ListState } from '../../ui/ListState';
import { SchoolScoped } from '../schools/SchoolScoped';

type LoaderProps = { id: string; back: string; children: (report: Report) => ReactNode };

/** Loads one report of the school in scope; the Plattformadministrator first picks the school. */
export function ReportLoader(props: LoaderProps) {
  return (
    <SchoolScoped pickText="Velg en skole for å se rapporten.">
      {({ query }) => <ScopedReportLoader {...props} scope={query} />}
    </SchoolScoped>
  );
}

/** Loads one report (live through the store) and shows loading, failure or 'Rapport ikke funnet' until it is there. */
function ScopedReportLoader({ id, back, children, scope }: LoaderProps & { scope: string }) {
  const { entry, retry } = useReport(id, scope);

  if (!entry || entry.status === 'loading' || entry.status === 'error') {
    return <ListState loaded={false} failed={entry?.status === 'error'} loadingText="Laster rapport..." onRetry={retry} />;
  }
  if (entry.status === 'missing') {
    return (
      <div className="empty" data-testid="report-missing">
        <p>{REPORT_TEXTS.notFound}</p>
        <Link to={back} className="button button-secondary button-small">
          Tilbake
        </Link>
      </div>
    );
  }
  return <>{children(entry.item)}</>;
}
