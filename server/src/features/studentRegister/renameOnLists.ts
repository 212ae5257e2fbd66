import type { Types } from 'mongoose';
import type { Realtime } from '../../realtime/realtime';
import { renameLinkedTraveller } from '../away/tripService';
import { renameLinkedSick } from '../sick/service';

/** A register student renamed (issue 46): their sick lists and trips, which hold them by id, follow. */
export async function renameOnLists(schoolId: Types.ObjectId, studentId: string, name: string, realtime: Realtime): Promise<void> {
  await renameLinkedSick(schoolId, studentId, name, realtime);
  await renameLinkedTraveller(schoolId, studentId, name, realtime);
}
