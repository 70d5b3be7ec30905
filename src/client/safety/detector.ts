/**
 * The crisis detector in the browser, loaded on first use so it adds nothing to the sign-in
 * screen. The service worker precaches its chunk, so it loads offline too. A chunk that cannot
 * load answers "no help" rather than failing a send: the server checks the same text again and
 * its answer still brings the card.
 */
import type { AuthorHelp } from '../../shared/safety/help';
import { whenIdle } from '../state/idle';

type Detector = typeof import('../../shared/safety/help');
let loading: Promise<Detector> | null = null;

export function loadDetector(): Promise<Detector> {
  loading ??= import('../../shared/safety/help').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** `previous`: the writer's own lines just before this one, oldest first (src/client/safety/previous.ts). */
export async function helpForText(text: string, previous: readonly string[] = []): Promise<AuthorHelp | null> {
  try {
    return (await loadDetector()).helpFor(text, previous);
  } catch (error) {
    console.error('Haven: the crisis detector could not load', error);
    return null;
  }
}

/**
 * Warms the chunk once a signed-in screen is idle, so the first check after going offline is
 * instant: the file loads, then its warm-up steps run each in an idle task of their own.
 */
export function preloadDetector(): void {
  whenIdle(() => {
    loadDetector().then((detector) => {
      for (const step of detector.WARM_UP_STEPS) whenIdle(step, 5000, 50);
    }).catch(() => {});
  }, 5000, 2000);
}
