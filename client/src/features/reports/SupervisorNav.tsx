import { useState } from 'react';
import { SUPERVISOR_ROLE } from '#protocol';
import { useAuthStore } from '../../stores/authStore';
import { BottomNav } from '../../ui/BottomNav';
import { CaseDialog } from '../maintenance/CaseDialog';

/** The bottom navigation of the supervisor's pages, whose Sak button opens the case dialog. */
export function SupervisorNav() {
  const isSupervisor = useAuthStore((state) => state.user?.role === SUPERVISOR_ROLE);
  const [caseOpen, setCaseOpen] = useState(false);
  return (
    <>
      <BottomNav onCase={isSupervisor ? () => setCaseOpen(true) : undefined} />
      {isSupervisor && <CaseDialog open={caseOpen} onOpenChange={setCaseOpen} />}
    </>
  );
}
