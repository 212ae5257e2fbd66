import { Link } from 'react-router-dom';
import { StatusScreen } from './StatusScreen';

export function NotFoundPage() {
  return (
    <StatusScreen title="Siden finnes ikke" testId="not-found">
      <p className="muted">Adressen du prøvde å åpne finnes ikke.</p>
      <Link to="/" className="button">
        Til forsiden
      </Link>
    </StatusScreen>
  );
}
