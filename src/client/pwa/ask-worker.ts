/**
 * A question to the active service worker, answered on a MessageChannel. The controller is used
 * when there is one, so the question leaves in the caller's own task, before anything it does
 * next. False when there is no worker, or none answered in time (an older worker that does not
 * know the question, or one that is stuck).
 */
export async function askWorker(message: object, waitMs: number): Promise<boolean> {
  const container = globalThis.navigator?.serviceWorker;
  if (!container) return false;
  const worker = container.controller ?? (await container.getRegistration().catch(() => undefined))?.active;
  if (!worker) return false;
  return new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    const done = (answered: boolean) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(answered);
    };
    const timer = setTimeout(() => done(false), waitMs);
    channel.port1.addEventListener('message', () => done(true), { once: true });
    channel.port1.start();
    worker.postMessage(message, [channel.port2]);
  });
}
