import { Link } from 'react-router-dom';
import { StatusScreen } from './StatusScreen';

export function NoAccess({ text = 'Du har ikke tilgang til denne siden.' }: { text?: string }) {
  return (
    <StatusScreen title="Ingen tilgang" testId="no-access">
      <p className="muted">{text}</p>
      <Link to="/" className="button">
        Til forsiden
      </Link>
    </StatusScreen>
  );
}
