/**
 * A soft sound and a short vibration when something new arrives while Haven is open and in view
 * (Settings › Notifications; off by default). A closed or hidden Haven is the notifications' job,
 * with the system's own sound. The choice belongs to the device, as a messenger's sound settings
 * do (a phone on a desk, a laptop in a library), and needs no request.
 *
 * The tone is made with Web Audio, so there is no sound file to fetch or cache; a browser that has
 * not yet seen a tap on the page may keep it silent, which is its right.
 */
import { LOCAL_KEYS } from '../../state/local-keys';

const VIBRATION = [60, 80, 60];

export const chimeWanted = () => localStorage.getItem(LOCAL_KEYS.chime) === 'on';

export function rememberChime(on: boolean): void {
  if (on) localStorage.setItem(LOCAL_KEYS.chime, 'on');
  else localStorage.removeItem(LOCAL_KEYS.chime);
}

let audio: AudioContext | undefined;

function tone(): void {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  audio ??= new Context();
  const ctx = audio;
  void ctx.resume().catch(() => {});
  // Two short, quiet notes (a rising fifth): noticeable, not alarming.
  for (const [i, frequency] of [660, 990].entries()) {
    const start = ctx.currentTime + i * 0.12;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.08, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.18);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + 0.2);
  }
}

/** Sounds and vibrates once, if the person wants it and Haven is what they are looking at. */
export function chime(): void {
  if (!chimeWanted() || document.visibilityState !== 'visible') return;
  navigator.vibrate?.(VIBRATION);
  try {
    tone();
  } catch (error) {
    console.error('Haven: no chime', error);
  }
}
