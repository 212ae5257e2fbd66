import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronIcon } from './icons';

interface MenuLinkProps {
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
