/**
 * Checks an image by its bytes and re-encodes it: metadata (EXIF with GPS, comments, XMP) goes,
 * and a file that only pretends to be an image fails to decode here.
 */
import sharp from 'sharp';
import { IMAGE_TOO_LARGE_MESSAGE, INVALID_IMAGE_MESSAGE, sniffImageType } from '../../shared/images';
import { IMAGE_MAX_BYTES, type ImageType } from '../../shared/limits';
import { AppError } from '../http/errors';

/** About 40 megapixels: a decompression bomb stops here, any phone photo passes. */
const MAX_PIXELS = 40_000_000;

export async function cleanImage(input: Uint8Array): Promise<{ bytes: Buffer; mime: ImageType }> {
  if (input.byteLength > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE);
  const mime = sniffImageType(input);
  if (!mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE', INVALID_IMAGE_MESSAGE);
  try {
    const options = { limitInputPixels: MAX_PIXELS, failOn: 'error' as const };
    let bytes: Buffer;
    if (mime === 'image/gif') {
      bytes = await sharp(input, { ...options, animated: true }).gif().toBuffer();
    } else if (mime === 'image/png') {
      bytes = await sharp(input, options).png().toBuffer();
    } else {
      // Apply the EXIF orientation before the EXIF block is dropped, or photos end up sideways.
      bytes = await sharp(input, options).rotate().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    }
    return { bytes, mime };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', INVALID_IMAGE_MESSAGE);
  }
}

const BASE64_DATA_URL = /^data:[^,]*;base64,/i;

/**
 * Decodes `data:<any type>;base64,...`; the declared type is ignored, the bytes decide (cleanImage).
 * A data URL that is not base64 cannot hold an image: refused with the spec's image message.
 */
export function decodeDataUrl(dataUrl: string): Buffer {
  const header = BASE64_DATA_URL.exec(dataUrl.slice(0, 200));
  if (!header) throw new AppError('UNSUPPORTED_MEDIA_TYPE', INVALID_IMAGE_MESSAGE);
  return Buffer.from(dataUrl.slice(header[0].length), 'base64');
}
