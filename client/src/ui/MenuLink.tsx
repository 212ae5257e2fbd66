import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MIN_KONTO_PATH } from '#protocol/passkeys';
import { STATEMENT_PATH } from '#protocol/product';
import { ChevronIcon } from './icons';

export interface MenuLinkProps {
  to: string;
  label: string;
  description?: string;
  /** Shown before the chevron, e.g. a count badge. */
  extra?: ReactNode;
}

/** A large, touch-friendly navigation tile. */
export function MenuLink({ to, label, description, extra }: MenuLinkProps) {
  return (
    <Link to={to} className="menu-link">
      <span className="menu-link-text">
        <span className="menu-link-label">{label}</span>
        {description && <span className="menu-link-description">{description}</span>}
      </span>
      {extra}
      <ChevronIcon />
    </Link>
  );
}

/** Every menu ends with the account's own pages. */
const ACCOUNT_LINKS: readonly MenuLinkProps[] = [
  { to: MIN_KONTO_PATH, label: 'Min konto', description: 'Passnøkler og innlogging' },
  { to: '/change-password', label: 'Endre passord' },
  { to: STATEMENT_PATH, label: 'Tilgjengelighetserklæring' },
];

/** A named menu of tiles, the account's own pages last. */
export function MenuGrid({ label, links, className }: { label: string; links: readonly MenuLinkProps[]; className?: string }) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="menu-grid">
        {[...links, ...ACCOUNT_LINKS].map((link) => (
          <li key={link.to}>
            <MenuLink {...link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
