import { PROFILE_IMAGE_JPEG_QUALITY, PROFILE_IMAGE_MAX_SIDE, PROFILE_IMAGE_WARN_BYTES } from '../../../shared/limits';

/** An image problem whose message is the spec's toast text (section 8). */
export class ImageError extends Error {}

/** Dimensions that fit `max` on the long side, keeping the aspect ratio; never upscales. */
export function targetSize(width: number, height: number, max = PROFILE_IMAGE_MAX_SIDE): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new ImageError('Error processing image. Please try another image.');
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function isLargeImage(bytes: number): boolean {
  return bytes > PROFILE_IMAGE_WARN_BYTES;
}

export function readAsDataURL(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    try {
      const reader = new FileReader();
      reader.addEventListener('load', () =>
        typeof reader.result === 'string' ? resolve(reader.result) : reject(new ImageError('Failed to read image file')));
      reader.addEventListener('error', () => reject(new ImageError('Failed to read image file')));
      reader.readAsDataURL(file);
    } catch {
      reject(new ImageError('An error occurred while reading the file'));
    }
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.addEventListener('load', () => resolve(img));
    img.addEventListener('error', () => reject(new ImageError('Error loading image')));
    img.src = src;
  });
}

/** Spec section 5: at most 600 px on the long side, JPEG quality 0.6, done in the browser. */
export async function compressImage(file: Blob): Promise<string> {
  const img = await loadImage(await readAsDataURL(file));
  try {
    const { width, height } = targetSize(img.naturalWidth, img.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(img, 0, 0, width, height);
    const out = canvas.toDataURL('image/jpeg', PROFILE_IMAGE_JPEG_QUALITY);
    if (!out.startsWith('data:image/jpeg')) throw new Error('encoder refused');
    return out;
  } catch {
    throw new ImageError('Error processing image. Please try another image.');
  }
}
