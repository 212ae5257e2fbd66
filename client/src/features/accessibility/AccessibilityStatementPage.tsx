import { Link } from 'react-router-dom';
import { formatDayNo, PRODUCT_NAME } from '#protocol';
import { pageTitle, useDocumentTitle } from '../../ui/documentTitle';
import { KNOWN_GAPS, STATEMENT_DATE } from './statementGaps';
import './statement.css';

const TITLE = 'Tilgjengelighetserklæring';

/** The accessibility statement (tilgjengelighetserklæring), open to everyone, signed in or not. */
export function AccessibilityStatementPage() {
  useDocumentTitle(pageTitle(TITLE));
  return (
    <main className="page page-medium statement" data-testid="accessibility-statement">
      <Link to="/" className="back-link">
        Tilbake til {PRODUCT_NAME}
      </Link>
      <h1>{TITLE}</h1>
      <p>
        {PRODUCT_NAME} skal kunne brukes av alle, også med tastatur alene, skjermleser, forstørrelse og på mobil. Skoler er bundet av
        forskrift om universell utforming av IKT, som krever at løsningen oppfyller WCAG 2.1 på nivå AA. Vi arbeider etter WCAG 2.2 på nivå
        AA.
      </p>

      <section aria-labelledby="statement-status">
        <h2 id="statement-status">Status</h2>
        <p>
          {PRODUCT_NAME} oppfyller delvis kravene. Alle skjermbilder og dialoger testes automatisk med axe-core mot WCAG 2.2 AA på mobil- og
          skjermbredde, og arbeidsflytene til tilsynsvakt, vaktmester og administrator testes med tastatur alene. Det som ikke er på plass
          ennå, står under.
        </p>
      </section>

      <section aria-labelledby="statement-gaps">
        <h2 id="statement-gaps">Kjente mangler</h2>
        <ul data-testid="known-gaps">
          {KNOWN_GAPS.map((gap) => (
            <li key={gap}>{gap}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="statement-report">
        <h2 id="statement-report">Meld fra om et problem</h2>
        <p>
          Støter du på noe som er vanskelig å bruke, si fra til skolens administrator. Administratoren melder det videre til dem som drifter{' '}
          {PRODUCT_NAME} for skolen.
        </p>
        <p>
          Får du ikke svar, eller er du ikke fornøyd med svaret, kan du klage til Tilsynet for universell utforming av IKT:{' '}
          <a href="https://www.uutilsynet.no/">uutilsynet.no</a>.
        </p>
      </section>

      <p className="muted">Erklæringen ble sist oppdatert {formatDayNo(STATEMENT_DATE)}.</p>
    </main>
  );
}
