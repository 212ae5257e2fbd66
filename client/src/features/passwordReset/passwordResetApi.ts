import { messageSchema, type Message } from '#protocol/common';
import {
  passwordResetLinkSchema,
  passwordResetOptionsSchema,
  type PasswordResetBody,
  type PasswordResetLink,
  type PasswordResetOptions,
} from '#protocol/passwordReset';
import type { User } from '#protocol/auth';
import { request, withSchool } from '../../api/http';

/** A forgotten password (issue 33): the calls of its pages and of the users screen's action. */

/** Whether 'Glemt passord?' can send a link by e-mail here. */
export function fetchResetOptions(): Promise<PasswordResetOptions> {
  return request('GET', '/api/auth/forgot-password', passwordResetOptionsSchema);
}

/** The same answer whether or not the address has an account. */
export function requestResetMail(email: string): Promise<Message> {
  return request('POST', '/api/auth/forgot-password', messageSchema, { email });
}

export function resetPassword(body: PasswordResetBody): Promise<Message> {
  return request('POST', '/api/auth/reset-password', messageSchema, body);
}

/** An Admin's one-time link for a user of the school, to hand over. */
export function makeResetLink(user: User): Promise<PasswordResetLink> {
  return request(
    'POST',
    withSchool(`/api/admin/users/${encodeURIComponent(user.id)}/password-reset-link`, user.schoolId),
    passwordResetLinkSchema,
  );
}
