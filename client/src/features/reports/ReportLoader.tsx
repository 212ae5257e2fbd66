import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_TEXTS, type Report } from '../../../../protocol/src';
import { useReportsStore } from '../../stores/reportsStore';
import { ListState } from '../../ui/ListState';

/** Loads one report (live through the store) and shows loading, failure or 'Rapport ikke funnet' until it is there. */
export function ReportLoader({ id, back, children }: { id: string; back: string; children: (report: Report) => ReactNode }) {
  const entry = useReportsStore((state) => state.byId[id]);
  useEffect(() => {
    void useReportsStore.getState().ensure(id);
  }, [id]);

  if (!entry || entry.status === 'loading' || entry.status === 'error') {
    return (
      <ListState
        loaded={false}
        failed={entry?.status === 'error'}
        loadingText="Laster rapport..."
        onRetry={() => void useReportsStore.getState().load(id)}
      />
    );
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
  return <>{children(entry.report)}</>;
}
