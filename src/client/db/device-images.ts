/**
 * Photos kept on the device until they can be uploaded (docs/decisions/offline-photos.md). A
 * request and the message shown name such a photo by a reference, `device-image:<uuid>`, until
 * the upload's URL replaces it. The server takes only its own upload URLs, so a reference that
 * leaked would be refused; the transport never sends one.
 */
import type { OutgoingRequest } from '../../shared/outgoing';
import type { UploadPlace } from '../net/upload';
import type { HavenDb } from './database';

export const DEVICE_IMAGE_PREFIX = 'device-image:';

export const isDeviceImage = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.startsWith(DEVICE_IMAGE_PREFIX);

/** Keeps the photo on the device and answers its reference, for the message that carries it. */
export async function keepImage(db: HavenDb, blob: Blob, place: UploadPlace): Promise<string> {
  const ref = `${DEVICE_IMAGE_PREFIX}${crypto.randomUUID()}`;
  await db.images.add({ ref, blob, place, createdAt: Date.now() });
  return ref;
}

/** The image a request carries (a URL, a device reference, or null). */
export function requestImage(request: OutgoingRequest): string | null {
  if (request.kind === 'direct' || request.kind === 'group') return request.image ?? null;
  if (request.kind === 'aura') return ('create' in request ? request.create.img : request.ask.img) ?? null;
  return null;
}

/** The same request carrying the uploaded image's URL instead of the device reference. */
export function withImage(request: OutgoingRequest, url: string): OutgoingRequest {
  if (request.kind === 'direct' || request.kind === 'group') return { ...request, image: url };
  if (request.kind === 'aura') {
    return 'create' in request ? { ...request, create: { ...request.create, img: url } } : { ...request, ask: { ...request.ask, img: url } };
  }
  return request;
}

/** A photo kept this long without a message pointing at it was left by a send that never got stored. */
export const ORPHAN_IMAGE_AGE_MS = 60 * 60 * 1000;

/** Removes kept photos no outbox row names any more (a crash between keeping one and queueing its message). */
export async function sweepOrphanImages(db: HavenDb, now = Date.now()): Promise<number> {
  return db.transaction('rw', db.images, db.outbox, async () => {
    const old = (await db.images.where('createdAt').below(now - ORPHAN_IMAGE_AGE_MS).primaryKeys());
    if (old.length === 0) return 0;
    const named = new Set((await db.outbox.toArray()).map((row) => requestImage(row.request)));
    const orphans = old.filter((ref) => !named.has(ref));
    await db.images.bulkDelete(orphans);
    return orphans.length;
  });
}
