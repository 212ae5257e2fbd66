interface ListStateProps {
  loaded: boolean;
  failed: boolean;
  loadingText: string;
  onRetry(): void;
}

/** What a list shows before its first snapshot: loading, or a failure with a retry. */
export function ListState({ loaded, failed, loadingText, onRetry }: ListStateProps) {
  if (loaded) return null;
  if (failed) {
    return (
      <div className="empty" role="alert">
        <p>Kunne ikke hente data.</p>
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
