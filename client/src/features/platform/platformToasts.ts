import { serverMessage } from '../../api/http';
import { toast } from '../../ui/toastStore';

/** Platform failures (spec §8): 'Feil' with the server's message, or the fallback. */
export function platformFailure(error: unknown, fallback: string): void {
  toast({ title: 'Feil', description: serverMessage(error, fallback), variant: 'destructive' });
}
