import { failureToast, toast } from './toastStore';

/** Copies to the clipboard; where the Clipboard API is missing (plain http), through a selection. */
export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
    } else {
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.append(area);
      area.select();
      const copied = document.execCommand('copy');
      area.remove();
      if (!copied) throw new Error('copy refused');
    }
    toast({ title: 'Teksten er kopiert' });
  } catch {
    failureToast('Kunne ikke kopiere', 'Merk teksten og kopier den selv.');
  }
}
