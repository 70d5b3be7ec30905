import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'react-hot-toast';
import { call } from '../../net/call';
import { IconCamera } from '../../ui/icons';
import { setUser, useUser } from '../auth/session';
import { compressImage, ImageError, isLargeImage } from './compress';

export function ProfilePhoto() {
  const user = useUser();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (isLargeImage(file.size)) toast('Large image detected. Compressing before upload...', { icon: '⚠️' });
    setBusy(true);
    try {
      let dataUrl: string;
      try {
        dataUrl = await compressImage(file);
      } catch (error) {
        toast.error(error instanceof ImageError ? error.message : 'An error occurred while reading the file');
        return;
      }
      setPreview(dataUrl);
      try {
        const updated = await call('updateProfile', { body: { profilePic: dataUrl } });
        setUser(updated);
        toast.success('Profile image updated successfully');
      } catch {
        toast.error('Failed to update profile image. Please try again.');
      }
    } catch {
      toast.error('Failed to update profile');
    } finally {
      setPreview(null);
      setBusy(false);
    }
  }

  const src = preview ?? user.profilePic;
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative">
        {src ? (
          <img src={src} alt={`Profile photo of ${user.fullName}`} data-testid="profile-photo"
            className="size-32 rounded-full border-4 border-base-300 object-cover" />
        ) : (
          <div className="avatar avatar-placeholder" data-testid="profile-photo-placeholder">
            <div className="w-32 rounded-full bg-neutral text-neutral-content">
              <span className="text-4xl" aria-label={`No profile photo for ${user.fullName}`}>{user.fullName.charAt(0).toUpperCase()}</span>
            </div>
          </div>
        )}
        <button type="button" className="btn btn-circle btn-primary btn-sm absolute right-0 bottom-0"
          onClick={() => input.current?.click()} disabled={busy} aria-label="Change profile photo">
          {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <IconCamera className="size-4" />}
        </button>
        <input ref={input} type="file" accept="image/*" className="hidden" aria-hidden="true" tabIndex={-1}
          data-testid="profile-photo-input" onChange={(e) => void onFile(e)} />
      </div>
      <p className="text-sm" aria-live="polite">{busy ? 'Uploading…' : 'Click the camera icon to update your photo'}</p>
    </div>
  );
}
