import { useState } from 'react';
import { mayRole, POLICY } from '#protocol';
import { useAuthStore } from '../../stores/authStore';
import { BottomNav } from '../../ui/BottomNav';
import { CaseDialog } from './CaseDialog';

/** The bottom navigation of the supervisor's pages, whose Sak button opens the case dialog. */
export function SupervisorNav() {
  const sendsCases = useAuthStore((state) => mayRole(POLICY.maintenance.send, state.user?.role));
  const [caseOpen, setCaseOpen] = useState(false);
  return (
    <>
      <BottomNav onCase={sendsCases ? () => setCaseOpen(true) : undefined} />
      {sendsCases && <CaseDialog open={caseOpen} onOpenChange={setCaseOpen} />}
    </>
  );
}
