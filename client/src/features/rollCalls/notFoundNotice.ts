import { rollHouseName, type RollMark } from '#protocol';
import { toast } from '../../ui/toastStore';
import { useTonightStore } from './tonightStore';

/** Who tonight's list says a student is: name and house. */
function whoIs(studentId: string): { name: string; house: string } | null {
  for (const house of useTonightStore.getState().data?.houses ?? [])
    for (const room of house.rooms)
      for (const student of room.students)
        if (student.id === studentId) return { name: `${student.firstName} ${student.lastName}`.trim(), house: house.house };
  return null;
}

/**
 * A student another supervisor just marked 'Ikke funnet' is told at once, wherever in the app this
 * person is (issue 47): name and house, and who marked it. The toast is read out by screen readers.
 */
export function tellNotFound(mark: RollMark): void {
  const student = whoIs(mark.studentId);
  if (!student) return;
  toast({
    title: `Ikke funnet: ${student.name}`,
    description: `${rollHouseName(student.house)}. Meldt av ${mark.byName} under opptellingen.`,
    variant: 'destructive',
  });
}
