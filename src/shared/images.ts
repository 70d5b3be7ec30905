import { IMAGE_MAX_BYTES, type ImageType } from './limits';

/** The real type of an image, read from its first bytes; a file's name or declared type is not trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  const gif = String.fromCharCode(...bytes.subarray(0, 6));
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  return null;
}

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};

/** The spec's words (section 5) when an image is not a JPEG, PNG or GIF, or is over 5 MB; client and server alike. */
export const INVALID_IMAGE_MESSAGE = 'Please select a valid image file (JPEG, PNG, GIF)';
export const IMAGE_TOO_LARGE_MESSAGE = 'Image size should be less than 5MB';

/** A `data:` URL (the spec's client sends images in messages and profile photos this way). */
export const isDataUrl = (value: string): boolean => /^data:/i.test(value);

/** The longest base64 data URL of an image within IMAGE_MAX_BYTES: 4/3 of the bytes, plus room for its header. */
export const DATA_URL_MAX_LENGTH = Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 256;
