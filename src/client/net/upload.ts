/**
 * Image upload (spec section 7), for direct messages and Aura alike: signing parameters from
 * GET /api/upload, then a multipart POST straight to the image store without cookies (the one-use
 * token is the credential). The profile photo goes another way (a data URL to /auth/update-profile).
 */
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

/** The uploaded image's URL; throws on any failure (callers say 'Failed to upload image'). */
export async function uploadImage(file: File, place: UploadPlace, signal?: AbortSignal): Promise<string> {
  const auth = await call('uploadAuth', undefined, { signal });
  const res = await fetch(auth.uploadUrl, { method: 'POST', body: uploadForm(file, auth, place), credentials: 'omit', signal });
  const body = (await res.json().catch(() => null)) as Partial<UploadResult & { message: string }> | null;
  if (!res.ok || !body?.url) throw new Error(body?.message || 'Failed to upload image');
  return body.url;
}
