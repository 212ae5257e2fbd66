import { useOnline } from '../../ui/useOnline';

/**
 * 'Skriv ut listen': on line the server's PDF (by house, with when each was safe); off line, or
 * for a list the server does not have yet, the browser prints the list on the screen
 * (evacuation.css leaves the rest of the page off the paper).
 */
export function PrintList({ pdfPath }: { pdfPath: string | null }) {
  const online = useOnline();
  if (online && pdfPath)
    return (
      <a className="button button-secondary evacuation-no-print" href={pdfPath} download data-testid="evacuation-pdf">
        Skriv ut listen (PDF)
      </a>
    );
  return (
    <div className="evacuation-no-print evacuation-print-choice">
      <button type="button" className="button button-secondary" onClick={() => window.print()} data-testid="evacuation-print">
        Skriv ut listen
      </button>
      <p className="muted">Uten nett skrives listen ut slik den står på denne telefonen.</p>
    </div>
  );
}
