import { useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { mayRole, OWN_CASES_PATH, POLICY, SCHOOL_ADMIN_ROLES, SUPERVISOR_HOME } from '#protocol';
import { useAuthStore } from '../stores/authStore';
import { CaseIcon, HomeIcon, OwnCasesIcon, ReportsIcon } from './icons';
import { useFocusClearOf } from './useFocusClearOf';

interface BottomNavProps {
  /** Opens the 'Send sak til vaktmester' dialog; the Sak button is disabled without it. */
  onCase?: () => void;
}

/**
 * Hjem, Sak (supervisors only), Mine saker (those who see the cases they sent, issue 44) and
 * Rapporter; shown to non-admins only (spec §2.4).
 */
export function BottomNav({ onCase }: BottomNavProps) {
  const role = useAuthStore((state) => state.user?.role);
  const nav = useRef<HTMLElement>(null);
  useFocusClearOf(nav);
  if (!role || SCHOOL_ADMIN_ROLES.includes(role)) return null;
  return (
    <>
      <div className="bottom-nav-spacer" aria-hidden="true" />
      <nav ref={nav} className="bottom-nav" aria-label="Hovednavigasjon">
        <ul>
          <li>
            <NavLink to={SUPERVISOR_HOME} end className="bottom-nav-item">
              <HomeIcon />
              Hjem
            </NavLink>
          </li>
          {mayRole(POLICY.maintenance.send, role) && (
            <li>
              <button type="button" className="bottom-nav-item" onClick={onCase} disabled={!onCase}>
                <CaseIcon />
                Sak
              </button>
            </li>
          )}
          {mayRole(POLICY.ownCases.see, role) && (
            <li>
              <NavLink to={OWN_CASES_PATH} className="bottom-nav-item">
                <OwnCasesIcon />
                Mine saker
              </NavLink>
            </li>
          )}
          <li>
            <NavLink to="/rapporter" className="bottom-nav-item">
              <ReportsIcon />
              Rapporter
            </NavLink>
          </li>
        </ul>
      </nav>
    </>
  );
}
