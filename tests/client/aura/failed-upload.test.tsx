import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadRefused } from '../../../src/client/net/upload';

const upload = vi.hoisted(() => ({ uploadImage: vi.fn<() => Promise<string>>() }));
const hooks = vi.hoisted(() => ({
  sendAura: vi.fn(async () => 'cccccccccccccccccccccccc'),
  keepImageOnDevice: vi.fn(async () => 'device-image:kept'),
}));
vi.mock('../../../src/client/net/upload', async (original) => ({ ...await original<object>(), uploadImage: upload.uploadImage }));
vi.mock('../../../src/client/sync/hooks', () => hooks);
vi.mock('../../../src/client/features/auth/session', () => ({ useSession: () => ({ user: null }) }));

const { Composer } = await import('../../../src/client/features/aura/Composer');
const { AURA_UPLOAD } = await import('../../../src/client/features/aura/upload');

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

async function attach(text: string) {
  render(<Composer chatId={null} busy={false} onSent={() => {}} />);
  fireEvent.change(screen.getByLabelText('Message to Aura'), { target: { value: text } });
  await act(async () => {
    fireEvent.change(screen.getByTestId('aura-image-input'), { target: { files: [png()] } });
  });
}

describe('an Aura question whose image did not upload', () => {
  it('goes out with the image kept on the device when the upload got no answer', async () => {
    upload.uploadImage.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await attach('What do you see?');
    await screen.findByTestId('aura-upload-later');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send message' })));
    await waitFor(() => expect(hooks.sendAura).toHaveBeenCalledWith(null, 'What do you see?', 'device-image:kept'));
    expect(hooks.keepImageOnDevice).toHaveBeenCalledWith(expect.any(File), AURA_UPLOAD);
    // Not uploaded a second time here: the outbox does it when the connection returns.
    expect(upload.uploadImage).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByAltText('Image to send')).toBeNull());
    expect((screen.getByLabelText('Message to Aura') as HTMLTextAreaElement).value).toBe('');
  });

  it('stays unsent with its words and image when the image was refused, and Retry sends both', async () => {
    upload.uploadImage.mockRejectedValueOnce(new UploadRefused('Not an image', 415));
    await attach('What do you see?');
    await screen.findByTestId('aura-upload-failed');
    expect(screen.getByAltText('Image to send')).toBeTruthy();
    upload.uploadImage.mockRejectedValueOnce(new UploadRefused('Not an image', 415));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send message' })));
    await screen.findByTestId('aura-upload-failed');
    expect(hooks.sendAura).not.toHaveBeenCalled();
    expect(hooks.keepImageOnDevice).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Message to Aura') as HTMLTextAreaElement).value).toBe('What do you see?');

    upload.uploadImage.mockResolvedValueOnce('/uploads/aura/x.png');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    await waitFor(() => expect(hooks.sendAura).toHaveBeenCalledWith(null, 'What do you see?', '/uploads/aura/x.png'));
    await waitFor(() => expect(screen.queryByAltText('Image to send')).toBeNull());
    expect((screen.getByLabelText('Message to Aura') as HTMLTextAreaElement).value).toBe('');
  });
});
