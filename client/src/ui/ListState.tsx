import { useOnline } from './useOnline';

interface ListStateProps {
  loaded: boolean;
  failed: boolean;
  loadingText: string;
  onRetry(): void;
}

/**
 * What a list shows before its first snapshot: loading, or a failure with a retry. Off line (and
 * no copy on the device) it says why; the list is fetched again once the connection is back.
 */
export function ListState({ loaded, failed, loadingText, onRetry }: ListStateProps) {
  const online = useOnline();
  if (loaded) return null;
  if (failed) {
    return (
      <div className="empty" role="alert">
        <p>{online ? 'Kunne ikke hente data.' : 'Kunne ikke hente data uten nett.'}</p>
        <button type="button" className="button button-secondary button-small" onClick={onRetry}>
          Prøv igjen
        </button>
      </div>
    );
  }
  return (
    <p className="empty" role="status">
      {loadingText}
    </p>
  );
}
