/** The page and the service worker agree on what they say to each other (src/shared/worker-messages.ts). */
import { describe, expect, it } from 'vitest';
import {
  CLEAR_IMAGES_MESSAGE, SKIP_WAITING_MESSAGE, SYNC_MESSAGE, isWorkerMessage,
} from '../../../src/shared/worker-messages';

describe('worker messages', () => {
  it('recognises each message by its type, and nothing else', () => {
    expect(isWorkerMessage(SYNC_MESSAGE, SYNC_MESSAGE)).toBe(true);
    expect(isWorkerMessage({ ...CLEAR_IMAGES_MESSAGE }, CLEAR_IMAGES_MESSAGE)).toBe(true);
    expect(isWorkerMessage(SKIP_WAITING_MESSAGE, SYNC_MESSAGE)).toBe(false);
    for (const other of [null, undefined, 'haven-sync', 42, {}, { type: 1 }]) expect(isWorkerMessage(other, SYNC_MESSAGE)).toBe(false);
  });
});
