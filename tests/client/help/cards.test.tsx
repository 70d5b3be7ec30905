/** ResourceList, HelpCard and the "Get help now" dialog in jsdom: links a phone can act on, and the words for each case. */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrisisCard } from '../../../src/client/features/aura/CrisisCard';
import { GetHelpButton } from '../../../src/client/features/help/GetHelpButton';
import { HelpCard } from '../../../src/client/features/help/HelpCard';
import { ResourceList } from '../../../src/client/features/help/ResourceList';
import { resetCrisisResources } from '../../../src/client/features/help/resources';
import { LOCAL_KEYS } from '../../../src/client/state/local-keys';
import type { CrisisResource } from '../../../src/shared/crisis-resources';

const LINES: CrisisResource[] = [
  { name: 'Samaritans', contact: 'Call 116 123', region: 'UK and Ireland', phone: '116 123' },
  { name: 'Lifeline', contact: 'Call 13 11 14 or text 0477 13 11 14', region: 'Australia', phone: '13 11 14', sms: '0477 13 11 14' },
  { name: 'Find a Helpline', contact: 'findahelpline.com', region: 'International', url: 'https://findahelpline.com' },
  { name: 'Local Line', contact: 'Chat online', region: 'Here', url: 'https://local-line.example' },
  { name: 'Words Only', contact: 'Ask at the front desk', region: 'Elsewhere' },
];

async function inRouter(node: ReactNode) {
  const rootRoute = createRootRoute({ component: () => <>{node}</> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await act(async () => { render(<RouterProvider router={router} />); });
}

const hrefs = (scope: HTMLElement, prefix: string) =>
  within(scope).getAllByRole('link').map((a) => a.getAttribute('href') ?? '').filter((h) => h.startsWith(prefix));

beforeEach(() => {
  localStorage.clear();
  resetCrisisResources();
  // Offline throughout: every card must work from what the device holds.
  vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal() { this.setAttribute('open', ''); };
  HTMLDialogElement.prototype.close = function close() { this.removeAttribute('open'); };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ResourceList', () => {
  it('turns numbers into tel: and sms: links without spaces, and websites into new-tab links', () => {
    render(<ResourceList resources={LINES} />);
    const list = screen.getByRole('list', { name: 'Crisis lines' });
    expect(hrefs(list, 'tel:')).toEqual(['tel:116123', 'tel:131114']);
    expect(hrefs(list, 'sms:')).toEqual(['sms:0477131114']);
    const call = screen.getByRole('link', { name: /^Call 116 123/ });
    expect(call.textContent).toBe('Call 116 123');
    expect(screen.getByRole('link', { name: /^Text 0477 13 11 14/ }).getAttribute('href')).toBe('sms:0477131114');
    // The helpline finder has its own button next to every list (HelpLinks): not listed twice.
    expect(screen.queryByText('Find a Helpline')).toBeNull();
    const site = screen.getByRole('link', { name: /^Open website, Local Line/ });
    expect(site.getAttribute('href')).toBe('https://local-line.example');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toContain('noopener');
    // Every action is a 44 px target.
    for (const a of within(list).getAllByRole('link')) expect(a.className).toContain('min-h-11');
    // An entry without links still shows its words.
    expect(screen.getByText('Ask at the front desk')).toBeTruthy();
    expect(within(screen.getAllByRole('listitem')[3]!).queryAllByRole('link')).toHaveLength(0);
  });
});

describe('HelpCard', () => {
  it('speaks to the writer about themselves, with the kept lines, offline', async () => {
    localStorage.setItem(LOCAL_KEYS.crisisResources, JSON.stringify(LINES));
    await inRouter(<HelpCard subject="self" context="diary" />);
    const card = screen.getByTestId('help-card');
    expect(screen.getByRole('region', { name: 'Get help now' })).toBe(card);
    expect(card.textContent).toMatch(/emergency services or a crisis line now/);
    expect(card.textContent).toMatch(/Nothing has left this device/);
    expect(hrefs(card, 'tel:')).toEqual(['tel:116123', 'tel:131114']);
    expect(within(card).getByRole('link', { name: 'Find a helpline near you' }).getAttribute('href')).toBe('https://findahelpline.com');
    expect(within(card).getByRole('link', { name: 'My safety plan' }).getAttribute('href')).toBe('/safety-plan');
    expect(within(card).queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('speaks to a helper when the person is worried about someone else', async () => {
    const onDismiss = vi.fn();
    await inRouter(<HelpCard subject="other" context="message" onDismiss={onDismiss} />);
    const card = screen.getByRole('region', { name: "Help for someone you're worried about" });
    expect(card.textContent).toMatch(/someone you care about may be in danger/);
    expect(card.textContent).toMatch(/help you help them/);
    expect(card.textContent).not.toMatch(/thinking about ending your life/);
    expect(card.textContent).toMatch(/Only you can see this card/);
    expect(hrefs(card, 'tel:').length).toBeGreaterThan(0);
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("is Aura's crisis card, which says Aura cannot send help", async () => {
    await inRouter(<CrisisCard />);
    const outer = screen.getByTestId('crisis-card');
    expect(within(outer).getByRole('heading', { name: 'Get help now' })).toBeTruthy();
    expect(outer.textContent).toContain('Aura is an AI companion, not a crisis service, and cannot send help.');
    expect(hrefs(outer, 'sms:')).toContain('sms:988');
  });
});

describe('GetHelpButton', () => {
  it('opens a titled dialog with the lines and the find-a-line link; Close and Escape shut it', async () => {
    await inRouter(<GetHelpButton showSafetyPlan />);
    const button = screen.getByRole('button', { name: 'Get help now' });
    button.focus();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Get help now' });
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Get help now' }));
    expect(dialog.textContent).toContain('If you are in danger right now, call your local emergency number.');
    expect(hrefs(dialog, 'tel:')).toContain('tel:988');
    expect(hrefs(dialog, 'sms:')).toContain('sms:988');
    expect(within(dialog).getByRole('link', { name: 'Find a helpline near you' }).getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByRole('link', { name: 'My safety plan' }).getAttribute('href')).toBe('/safety-plan');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves the safety plan out where nobody is signed in', async () => {
    await inRouter(<GetHelpButton showSafetyPlan={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Get help now' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('link', { name: 'My safety plan' })).toBeNull();
    expect(hrefs(dialog, 'tel:').length).toBeGreaterThan(0);
  });
});
