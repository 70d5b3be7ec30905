/** The built-in image store: files under DATA_DIR/uploads with random names, a row per file for its owner. */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { IMAGE_EXTENSIONS } from '../../shared/images';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { cleanImage, decodeDataUrl } from './clean-image';
import { UPLOADS_PATH } from '../../shared/paths';

export const UPLOAD_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|gif)$/;
export const UPLOADS_PREFIX = `${UPLOADS_PATH}/`;

export interface StoredImage {
  name: string;
  url: string;
  mime: string;
  size: number;
}

export class ImageStore {
  constructor(private readonly db: Db, readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  async save(userId: string, input: Uint8Array): Promise<StoredImage> {
    const { bytes, mime } = await cleanImage(input);
    const name = `${randomBytes(16).toString('hex')}.${IMAGE_EXTENSIONS[mime]}`;
    await writeFile(join(this.dir, name), bytes, { flag: 'wx' });
    await this.db.insert(uploads).values({ name, userId, mime, size: bytes.byteLength });
    return { name, url: UPLOADS_PREFIX + name, mime, size: bytes.byteLength };
  }

  /**
   * A `data:` URL (how the spec's client sends a message image or a profile photo) through the same
   * pipeline as an upload: type from the bytes, 5 MB, re-encoded without metadata, stored for `userId`.
   */
  saveDataUrl(userId: string, dataUrl: string): Promise<StoredImage> {
    return this.save(userId, decodeDataUrl(dataUrl));
  }

  async find(name: string) {
    if (!UPLOAD_NAME_PATTERN.test(name)) return null;
    const [row] = await this.db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
    return row ? { ...row, path: join(this.dir, row.name) } : null;
  }

  async namesOwnedBy(userId: string): Promise<string[]> {
    const rows = await this.db.select({ name: uploads.name }).from(uploads).where(eq(uploads.userId, userId));
    return rows.map((r) => r.name);
  }

  /** Removes rows (if still there) and files; a file already gone is fine. */
  async remove(names: string[]): Promise<void> {
    if (names.length === 0) return;
    await this.db.delete(uploads).where(inArray(uploads.name, names));
    await Promise.all(names.map((n) => unlink(join(this.dir, n)).catch(() => undefined)));
  }

  /** The store's file name behind one of our URLs, or null for anything else. */
  static nameFromUrl(url: string): string | null {
    if (!url.startsWith(UPLOADS_PREFIX)) return null;
    const name = url.slice(UPLOADS_PREFIX.length);
    return UPLOAD_NAME_PATTERN.test(name) ? name : null;
  }
}
