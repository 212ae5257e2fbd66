import { useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { mayRole, POLICY, SCHOOL_ADMIN_ROLES, SUPERVISOR_HOME } from '#protocol';
import { useAuthStore } from '../stores/authStore';
import { CaseIcon, HomeIcon, ReportsIcon } from './icons';
import { useFocusClearOf } from './useFocusClearOf';

interface BottomNavProps {
  /** Opens the 'Send sak til vaktmester' dialog; the Sak button is disabled without it. */
  onCase?: () => void;
}

/** Hjem, Sak (supervisors only) and Rapporter; shown to non-admins only (spec §2.4). */
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
