import { create } from 'zustand';
import { PRODUCT_NAME } from '#protocol';

/** The caretaker's choice to hear new cases: off unless asked for, remembered on this device. */
const STORAGE_KEY = `${PRODUCT_NAME.toLowerCase()}_vaktmester_lyd`;

function read(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

interface CaseSoundState {
  enabled: boolean;
  setEnabled(enabled: boolean): void;
}

export const useCaseSoundStore = create<CaseSoundState>()((set) => ({
  enabled: read(),
  setEnabled(enabled) {
    try {
      if (enabled) localStorage.setItem(STORAGE_KEY, 'on');
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Storage disabled: the choice lasts until the page is reloaded.
    }
    if (enabled) unlockAudio();
    set({ enabled });
  },
}));

let audio: AudioContext | null = null;

/** Browsers start audio only after a user gesture: called from the toggle and from taps on the page. */
export function unlockAudio(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = null;
  }
}

/** A short two-note chime, quiet enough for a corridor. */
export function playChime(): void {
  unlockAudio();
  if (!audio) return;
  const start = audio.currentTime + 0.01;
  [880, 1175].forEach((frequency, index) => {
    if (!audio) return;
    const at = start + index * 0.18;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.4);
  });
}
