/** An image in a message must be one its sender uploaded: to our store, or to the configured ImageKit. */
import type { Config } from '../config';
import { AppError } from '../http/errors';
import { ImageStore } from './store';

export async function checkOwnImage(store: ImageStore, config: Config, senderId: string, url: string | null | undefined): Promise<string | null> {
  if (!url) return null;
  if (config.IMAGEKIT_URL_ENDPOINT && url.startsWith(`${config.IMAGEKIT_URL_ENDPOINT.replace(/\/$/, '')}/`)) return url;
  const name = ImageStore.nameFromUrl(url);
  const file = name ? await store.find(name) : null;
  if (!file || file.userId !== senderId) {
    throw new AppError('VALIDATION_FAILED', 'The image must be uploaded first', { fields: { image: 'The image must be uploaded first' } });
  }
  return url;
}
