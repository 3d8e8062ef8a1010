/** The player's volume is remembered in this browser across visits. */
import { useEffect } from 'react';

const VOLUME_KEY = 'playerVolume';
const DEFAULT_VOLUME = 0.9;

/** The volume last set in this browser (the default when none was, or storage is out of reach). */
export function savedVolume(): number {
  try {
    const stored = localStorage.getItem(VOLUME_KEY);
    const value = Number(stored);
    return stored !== null && value >= 0 && value <= 1 ? value : DEFAULT_VOLUME;
  } catch {
    return DEFAULT_VOLUME;
  }
}

/** Saves the volume whenever the listener changes it. */
export function useSavedVolume(volume: number) {
  useEffect(() => {
    if (volume === savedVolume()) return;
    try {
      localStorage.setItem(VOLUME_KEY, String(volume));
    } catch {
      // Private mode: the volume just is not remembered.
    }
  }, [volume]);
}
