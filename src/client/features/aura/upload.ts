/** Where Aura's images go in the image store (spec section 9: folder '/aura-ai'). */
import { AURA_UPLOAD_FOLDER } from '../../../shared/limits';
import type { UploadPlace } from '../../net/upload';

export const AURA_UPLOAD: UploadPlace = { prefix: 'aura', folder: AURA_UPLOAD_FOLDER };
