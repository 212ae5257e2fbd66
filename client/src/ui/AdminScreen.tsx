import type { ReactNode } from 'react';
import { AppHeader } from './AppHeader';

type AdminScreenProps = {
  title: string;
  subtitle?: ReactNode;
  testId: string;
  /** Where the back arrow goes; the admin menu unless said otherwise. */
  back?: { to: string; label: string };
  /** A narrower column for lists and forms; the full page for the two-column sick and away screen. */
  width?: 'medium' | 'full';
  children: ReactNode;
};

const ADMIN_MENU = { to: '/admin/meny', label: 'Tilbake til Admin Meny' };

/** The frame of an admin screen: the header with its way back, and the page. */
export function AdminScreen({ title, subtitle, testId, back = ADMIN_MENU, width = 'medium', children }: AdminScreenProps) {
  return (
    <div className="app-shell">
      <AppHeader title={title} subtitle={subtitle} backTo={back.to} backLabel={back.label} />
      <main className={width === 'medium' ? 'page page-medium' : 'page'} data-testid={testId}>
        {children}
      </main>
    </div>
  );
}
