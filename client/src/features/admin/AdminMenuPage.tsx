import { EVACUATIONS_PATH, PRODUCT_NAME, SUPERVISOR_HOME } from '#protocol';
import { AppHeader } from '../../ui/AppHeader';
import { MenuGrid, type MenuLinkProps } from '../../ui/MenuLink';
import { PendingCountBadge } from '../users/PendingCountBadge';
import { PushToggle } from '../push/PushToggle';
import { SchoolSecondFactorCard } from '../secondFactor/SecondFactorRuleCard';
import { useCurrentUser } from '../../stores/authStore';
import { ADMIN_ROLE } from '#protocol/roles';

const LINKS: readonly MenuLinkProps[] = [
  { to: SUPERVISOR_HOME, label: PRODUCT_NAME, description: 'Gjøremål og dagsrapport' },
  { to: '/admin/syke-og-bortreist', label: 'Syke og bortreist', description: 'Registrer syke og bortreiste elever' },
  { to: '/admin/reiser', label: 'Reiser', description: 'Aktive og arkiverte reiser' },
  { to: '/admin/vedlikehold', label: 'Vedlikehold', description: 'Oppgaver til vaktmester' },
  { to: '/admin/gjoremaal', label: 'Gjøremål', description: 'Oppgaveknappene i tilsynet' },
  { to: '/admin/ukesrapport', label: 'Ukesrapport', description: 'Rapporter fra de siste 7 dagene' },
  { to: '/admin/aarsrapport', label: 'Årsrapport', description: 'Rapporter per år og uke' },
  { to: '/admin/gaarsdagens-rapport', label: 'Gårsdagens rapport', description: 'Rapportene fra forrige rapportdag' },
  { to: '/admin/elever', label: 'Elevregisteret', description: 'Elevene, med klasse, internat og rom' },
  { to: '/admin/klasser', label: 'Klasser', description: 'Administrer klasser' },
  { to: '/admin/logg', label: 'Endringslogg', description: 'Hvem godkjente, endret og slettet hva' },
  { to: '/admin/elevopplysninger', label: 'Elevopplysninger', description: 'Innsyn og sletting for én elev' },
  { to: EVACUATIONS_PATH, label: 'Evakuering', description: 'Hvem som skal være i byggene nå, merket i sikkerhet' },
  { to: '/admin/brukere', label: 'Brukere', description: 'Godkjenn og administrer brukere', extra: <PendingCountBadge /> },
];

/** /admin and /admin/meny (Admin, Plattformadministrator). */
export function AdminMenuPage() {
  const user = useCurrentUser();
  return (
    <div className="app-shell">
      <AppHeader title="Admin Meny" />
      <main className="page">
        <MenuGrid label="Admin Meny" links={LINKS} />
        <PushToggle />
        {/* The Admin's own school; the Plattformadministrator sets a school's through the API (?schoolId=). */}
        {user.role === ADMIN_ROLE && <SchoolSecondFactorCard scope="" />}
      </main>
    </div>
  );
}
