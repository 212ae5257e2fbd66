import { useId, useRef, useState } from 'react';
import { formatTimestampNo } from '#protocol/time';
import type { User } from '#protocol/auth';
import { RESET_LINK_HOURS, type PasswordResetLink } from '#protocol/passwordReset';
import { serverMessage } from '../../api/http';
import { Modal } from '../../ui/Modal';
import { failureToast, toast } from '../../ui/toastStore';
import { makeResetLink } from './passwordResetApi';
import './passwordReset.css';

type Shown = { user: User; link: PasswordResetLink };

/**
 * 'Lag lenke for nytt passord' on the users screen: the Admin asks for a link for one user and
 * gets it in a dialog, to copy and hand over in person. Nothing is kept: closed, it is gone.
 */
export function useResetLinkAction() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [busyFor, setBusyFor] = useState<string | null>(null);

  async function make(user: User): Promise<void> {
    if (busyFor) return;
    setBusyFor(user.id);
    try {
      setShown({ user, link: await makeResetLink(user) });
    } catch (error) {
      failureToast('Kunne ikke lage lenke', serverMessage(error, ''));
    } finally {
      setBusyFor(null);
    }
  }

  const dialog = <ResetLinkDialog shown={shown} onClose={() => setShown(null)} />;
  return { make, dialog };
}

function ResetLinkDialog({ shown, onClose }: { shown: Shown | null; onClose(): void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  async function copy(link: string): Promise<void> {
    try {
      if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(link);
      else {
        field.current?.select();
        if (!document.execCommand('copy')) throw new Error('copy refused');
      }
      toast({ title: 'Lenken er kopiert' });
    } catch {
      field.current?.select();
      failureToast('Kunne ikke kopiere', 'Lenken er merket: kopier den selv.');
    }
  }

  return (
    <Modal
      open={shown !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Lenke for nytt passord"
      description={
        shown ? `Gi lenken til ${shown.user.name} personlig. Med den velger ${shown.user.name} et nytt passord selv.` : undefined
      }
      testId="reset-link-dialog"
    >
      {shown && (
        <div className="form">
          <div className="field">
            <label className="field-label" htmlFor={id}>
              Lenke
            </label>
            {/* The whole link in view, wrapped: it is read out or typed over as well as copied. */}
            <textarea
              id={id}
              ref={field}
              className="input reset-link-text"
              readOnly
              rows={3}
              spellCheck={false}
              value={shown.link.link}
              aria-describedby={`${id}-hint`}
              onFocus={(event) => event.currentTarget.select()}
              data-testid="reset-link"
            />
            <p id={`${id}-hint`} className="field-hint" data-testid="reset-link-validity">
              Gyldig i {RESET_LINK_HOURS} timer (til {formatTimestampNo(shown.link.expiresAt)}) og kan brukes én gang. En ny lenke erstatter
              denne.
            </p>
          </div>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose} data-testid="reset-link-close">
              Lukk
            </button>
            <button type="button" className="button" onClick={() => void copy(shown.link.link)} data-testid="reset-link-copy">
              Kopier lenke
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
