import { z } from 'zod';
import { userSchema, type User } from '../../../protocol/src';
import { getData } from './http';

const usersSchema = z.array(userSchema);

/** Users awaiting approval in the admin's school (Admin only). */
export function fetchPendingUsers(): Promise<User[] | null> {
  return getData('/api/admin/users/pending', usersSchema);
}
