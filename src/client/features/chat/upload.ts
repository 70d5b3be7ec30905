/** Where direct and group message images go in the image store. */
import type { UploadPlace } from '../../net/upload';

export const CHAT_UPLOAD: UploadPlace = { prefix: 'chat', folder: '/chat' };
