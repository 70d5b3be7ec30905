/**
 * Image upload (spec section 7), for direct and group messages and Aura alike: signing parameters
 * from GET /api/upload, then a multipart POST straight to the image store without cookies (the
 * one-use token is the credential). The profile photo goes another way (a data URL to
 * /auth/update-profile). A photo attached offline is uploaded later by the outbox, the same way.
 */
import type { KyInstance } from 'ky';
import type { UploadAuth, UploadResult } from '../../shared/api';
import { IMAGE_TOO_LARGE_MESSAGE, INVALID_IMAGE_MESSAGE } from '../../shared/images';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../shared/limits';
import { call } from './call';

/** The spec's image rules (section 5); null when the file may be sent. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return INVALID_IMAGE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

export interface UploadPlace {
  /** fileName is this prefix plus a timestamp, as the spec's client does. */
  prefix: string;
  folder: string;
}

/** The image store answered, and not with a URL: `status` says whether trying again can help. */
export class UploadRefused extends Error {
  override name = 'UploadRefused';
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

export function uploadForm(file: Blob, auth: UploadAuth, place: UploadPlace, now = Date.now()): FormData {
  const form = new FormData();
  form.append('file', file);
  form.append('publicKey', auth.publicKey);
  form.append('signature', auth.signature);
  form.append('expire', String(auth.expire));
  form.append('token', auth.token);
  form.append('fileName', `${place.prefix}-${now}`);
  form.append('folder', place.folder);
  form.append('useUniqueFileName', 'true');
  return form;
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Another ky instance for the signing call (the outbox's, with its retry policy). */
  http?: KyInstance;
}

/**
 * The uploaded image's URL. Throws on any failure: the signing call's error, fetch's TypeError
 * when nothing answered, or UploadRefused (callers say 'Failed to upload image').
 */
export async function uploadImage(file: Blob, place: UploadPlace, { signal, http }: UploadOptions = {}): Promise<string> {
  const auth = await call('uploadAuth', undefined, { signal, ...(http && { http }) });
  const res = await fetch(auth.uploadUrl, { method: 'POST', body: uploadForm(file, auth, place), credentials: 'omit', signal });
  const body = (await res.json().catch(() => null)) as Partial<UploadResult & { message: string }> | null;
  if (!res.ok || !body?.url) throw new UploadRefused(body?.message || 'Failed to upload image', res.ok ? 502 : res.status);
  return body.url;
}

const RETRYABLE_UPLOAD = [408, 429, 500, 502, 503, 504];

/**
 * Whether a failed upload may simply be tried again later (no answer, a timeout, a busy server),
 * as opposed to a refusal of this image (not an image, too large) that trying again cannot mend.
 */
export function uploadCanWait(error: unknown): boolean {
  if (error instanceof UploadRefused) return RETRYABLE_UPLOAD.includes(error.status);
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  return typeof status !== 'number' || RETRYABLE_UPLOAD.includes(status);
}
