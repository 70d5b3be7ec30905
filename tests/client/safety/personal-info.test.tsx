/**
 * A group's composer asks before sending contact details (docs/decisions/community-rules.md): it
 * never blocks, "Edit" goes back to the box with every word intact, "Send anyway" sends them as
 * typed, and other words go at once.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '../../../src/client/features/chat/Composer';
import { personalInfoWarning } from '../../../src/client/features/conversation/SendCheck';
import { PERSONAL_INFO_ADVICE, PERSONAL_INFO_PROMPT } from '../../../src/shared/personal-info';

afterEach(cleanup);

const box = () => screen.getByLabelText('Message') as HTMLInputElement;
const prompt = () => screen.queryByTestId('personal-info-prompt');

function composer() {
  const onSend = vi.fn(() => Promise.resolve());
  render(<Composer allowImage={false} onSend={onSend} placeholder="Message the group…" checkBeforeSend={personalInfoWarning} />);
  return onSend;
}

describe('personal details in a group', () => {
  it('asks first; Edit keeps the words, Send anyway sends them', async () => {
    const onSend = composer();
    const typed = 'text me on 07700 900123 any time';
    fireEvent.change(box(), { target: { value: typed } });
    fireEvent.submit(box().form!);
    expect(prompt()?.textContent).toContain(`${PERSONAL_INFO_PROMPT.phone} ${PERSONAL_INFO_ADVICE}`);
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(prompt()).toBeNull();
    expect(box().value).toBe(typed);
    expect(document.activeElement).toBe(box());

    // Changing the words puts the question away; asking again checks the new words.
    fireEvent.change(box(), { target: { value: 'mail me: sam@example.com' } });
    fireEvent.submit(box().form!);
    expect(prompt()?.textContent).toContain(PERSONAL_INFO_PROMPT.email);
    fireEvent.change(box(), { target: { value: 'mail me: sam@example.com!' } });
    expect(prompt()).toBeNull();
    fireEvent.submit(box().form!);
    fireEvent.click(screen.getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('mail me: sam@example.com!', null));
    await waitFor(() => expect(box().value).toBe(''));
    expect(prompt()).toBeNull();
  });

  it('sends other words at once, and a direct chat never asks', async () => {
    const onSend = composer();
    fireEvent.change(box(), { target: { value: 'exams start on the 12th, 3 weeks to go' } });
    fireEvent.submit(box().form!);
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('exams start on the 12th, 3 weeks to go', null));
    expect(prompt()).toBeNull();
    cleanup();

    const direct = vi.fn(() => Promise.resolve());
    render(<Composer allowImage onSend={direct} placeholder="Type a message…" />);
    fireEvent.change(box(), { target: { value: 'my number is 07700 900123' } });
    fireEvent.submit(box().form!);
    await waitFor(() => expect(direct).toHaveBeenCalledWith('my number is 07700 900123', null));
  });

  it('names an address as such', () => {
    expect(personalInfoWarning('I live at 221b Baker Street')).toBe(`${PERSONAL_INFO_PROMPT.address} ${PERSONAL_INFO_ADVICE}`);
    expect(personalInfoWarning('feeling better today')).toBeNull();
  });
});
