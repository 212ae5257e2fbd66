import { useState, type FormEvent } from 'react';
import { SCHOOL_NAME_MAX_LENGTH } from '#protocol';
import { createSchool } from '../../api/platform';
import { usePlatformSchoolsStore } from '../../stores/platformStore';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toastStore';
import { platformFailure } from './platformToasts';

export function CreateSchoolDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    // An empty name sends nothing (spec §5).
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      usePlatformSchoolsStore.getState().put(await createSchool(trimmed));
      toast({ title: 'Skole opprettet' });
      setName('');
      onOpenChange(false);
    } catch (error) {
      platformFailure(error, 'Kunne ikke opprette skole');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Opprett ny skole" testId="create-school-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Skolenavn"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={SCHOOL_NAME_MAX_LENGTH}
          autoComplete="off"
          data-testid="school-name"
        />
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => onOpenChange(false)}>
            Avbryt
          </button>
          <button type="submit" className="button" disabled={busy} data-testid="create-school-submit">
            {busy ? 'Oppretter...' : 'Opprett skole'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
