import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const upload = vi.hoisted(() => ({ uploadImage: vi.fn<() => Promise<string>>() }));
const hooks = vi.hoisted(() => ({ sendAura: vi.fn(async () => 'cccccccccccccccccccccccc') }));
vi.mock('../../../src/client/net/upload', async (original) => ({ ...await original<object>(), uploadImage: upload.uploadImage }));
vi.mock('../../../src/client/sync/hooks', () => ({ sendAura: hooks.sendAura }));
vi.mock('../../../src/client/features/auth/session', () => ({ useSession: () => ({ user: null }) }));

const { Composer } = await import('../../../src/client/features/aura/Composer');

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

describe('an Aura question whose image did not upload', () => {
  it('stays unsent with its words and image, offers Retry, and Retry sends both', async () => {
    upload.uploadImage.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<Composer chatId={null} busy={false} onSent={() => {}} />);
    fireEvent.change(screen.getByLabelText('Message to Aura'), { target: { value: 'What do you see?' } });
    await act(async () => {
      fireEvent.change(screen.getByTestId('aura-image-input'), { target: { files: [png()] } });
    });
    await screen.findByTestId('aura-upload-failed');
    // The image stays, and a send now does not go out without it.
    expect(screen.getByAltText('Image to send')).toBeTruthy();
    upload.uploadImage.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send message' })));
    await screen.findByTestId('aura-upload-failed');
    expect(hooks.sendAura).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Message to Aura') as HTMLTextAreaElement).value).toBe('What do you see?');

    upload.uploadImage.mockResolvedValueOnce('/uploads/aura/x.png');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    await waitFor(() => expect(hooks.sendAura).toHaveBeenCalledWith(null, 'What do you see?', '/uploads/aura/x.png'));
    await waitFor(() => expect(screen.queryByAltText('Image to send')).toBeNull());
    expect((screen.getByLabelText('Message to Aura') as HTMLTextAreaElement).value).toBe('');
  });
});
