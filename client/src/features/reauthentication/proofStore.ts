import { create } from 'zustand';
import { errorCode } from '../../api/http';

/** The person closed 'Bekreft at det er deg': the change was not made, and nothing failed. */
export class ProofCancelled extends Error {
  constructor() {
    super('Avbrutt');
    this.name = 'ProofCancelled';
  }
}

export function wasProofCancelled(error: unknown): boolean {
  return error instanceof ProofCancelled;
}

type Waiting = { resolve(): void; reject(error: unknown): void };
type ProofState = { waiting: Waiting | null };

/** Whether the proof dialog is open, and who waits for it (one at a time). */
export const useProofStore = create<ProofState>(() => ({ waiting: null }));

function askForProof(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    useProofStore.getState().waiting?.reject(new ProofCancelled());
    useProofStore.setState({ waiting: { resolve, reject } });
  });
}

export const proofActions = {
  /** The dialog's proof went through: the change goes on. */
  proven(): void {
    const waiting = useProofStore.getState().waiting;
    useProofStore.setState({ waiting: null });
    waiting?.resolve();
  },
  cancelled(): void {
    const waiting = useProofStore.getState().waiting;
    useProofStore.setState({ waiting: null });
    waiting?.reject(new ProofCancelled());
  },
};

/**
 * A factor change (issue 43): tried as it is; when the server asks for a fresh proof
 * (`reauthenticationRequired`), 'Bekreft at det er deg' opens, and once proven the change is made.
 * Closing the dialog rejects with ProofCancelled.
 */
export async function withProof<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (errorCode(error) !== 'reauthenticationRequired') throw error;
  }
  await askForProof();
  return change();
}
