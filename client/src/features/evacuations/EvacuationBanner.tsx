import { Link, useLocation } from 'react-router-dom';
import { EVACUATIONS_PATH, notAccountedFor } from '#protocol';
import { useLoaded } from '../../stores/useLoaded';
import { useSchoolScope } from '../schools/useSchoolScope';
import { evacuationUnderWay, useEvacuationsStore } from './evacuationsStore';
import { useShownEvacuations } from './shownEvacuations';
import './evacuation.css';

/**
 * On every screen while an evacuation is under way (issue 47): how many are not accounted for, and
 * the way to the list. Every signed-in screen keeps the school's evacuations loaded and live, so a
 * device opened during one shows it at once.
 */
export function EvacuationBanner() {
  useLoaded(useEvacuationsStore, useSchoolScope().query);
  const underWay = evacuationUnderWay(useShownEvacuations().byId);
  const { pathname } = useLocation();
  if (!underWay || pathname.startsWith(EVACUATIONS_PATH)) return null;
  return (
    <div className="evacuation-banner" role="alert" data-testid="evacuation-banner">
      <strong>{underWay.drill ? 'Evakueringsøvelse pågår' : 'Evakuering pågår'}:</strong> {notAccountedFor(underWay)} ikke gjort rede for.{' '}
      <Link to={`${EVACUATIONS_PATH}/${underWay.id}`} className="evacuation-banner-link">
        Åpne listen
      </Link>
    </div>
  );
}
