/** One composer: a message sent while its image still uploads waits for the image and goes out with it. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const upload = vi.hoisted(() => ({ uploadImage: vi.fn<() => Promise<string>>() }));
vi.mock('../../../src/client/net/upload', async (original) => ({ ...await original<object>(), uploadImage: upload.uploadImage }));
const hooks = vi.hoisted(() => ({ keepImageOnDevice: vi.fn(async () => 'device-image:kept') }));
vi.mock('../../../src/client/sync/hooks', async (original) => ({ ...await original<object>(), keepImageOnDevice: hooks.keepImageOnDevice }));

const { Composer } = await import('../../../src/client/features/chat/Composer');
const { CHAT_UPLOAD } = await import('../../../src/client/features/chat/upload');

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

describe('sending while the image uploads', () => {
  it('holds the Enter until the upload ends, then sends the words with the image, once', async () => {
    let finish!: (url: string) => void;
    upload.uploadImage.mockReturnValueOnce(new Promise((resolve) => { finish = resolve; }));
    const onSend = vi.fn(() => Promise.resolve());
    render(<Composer allowImage onSend={onSend} placeholder="Type a message…" />);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Attach an image'), { target: { files: [png()] } });
    });
    const box = screen.getByLabelText('Message') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'the view from here' } });
    fireEvent.submit(box.form!);
    fireEvent.submit(box.form!);
    await new Promise((r) => setTimeout(r, 20));
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('the view from here');
    await act(async () => finish('/uploads/abc.png'));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('the view from here', '/uploads/abc.png'));
    expect(onSend).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(box.value).toBe(''));
    expect(screen.queryByAltText('Image to send')).toBeNull();
  });
});

describe('a photo attached offline', () => {
  it('is not uploaded now: Send keeps it on the device and hands over its reference with the words', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const onSend = vi.fn(() => Promise.resolve());
    render(<Composer allowImage onSend={onSend} placeholder="Type a message…" />);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Attach an image'), { target: { files: [png()] } });
    });
    expect(screen.getByTestId('chat-upload-later').textContent).toContain('when you are back online');
    const box = screen.getByLabelText('Message') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'the view from here' } });
    await act(async () => fireEvent.submit(box.form!));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('the view from here', 'device-image:kept'));
    expect(hooks.keepImageOnDevice).toHaveBeenCalledWith(expect.any(File), CHAT_UPLOAD);
    expect(upload.uploadImage).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByAltText('Image to send')).toBeNull());
  });
});
