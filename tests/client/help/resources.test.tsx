/** The crisis lines on the device: the default before anything is kept, the kept copy offline, one refresh per page load. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  crisisResources, refreshCrisisResources, resetCrisisResources, useCrisisResources,
} from '../../../src/client/features/help/resources';
import { LOCAL_KEYS } from '../../../src/client/state/local-keys';
import { DEFAULT_CRISIS_RESOURCES, type CrisisResource } from '../../../src/shared/crisis-resources';

const SERVED: CrisisResource[] = [{ name: 'Served Line', contact: 'Call 555 0100', region: 'Served', phone: '555 0100' }];
const KEPT: CrisisResource[] = [{ name: 'Kept Line', contact: 'Text 555 0199', region: 'Kept', sms: '555 0199' }];

const answer = (resources: unknown) => vi.fn(async () => new Response(JSON.stringify({ resources }), {
  status: 200, headers: { 'content-type': 'application/json' },
}));
const urlOf = (input: unknown) => (input instanceof Request ? input.url : String(input));
const offline = () => vi.fn(async () => { throw new TypeError('Failed to fetch'); });

function Names() {
  const list = useCrisisResources();
  return <ul>{list.map((r) => <li key={r.name}>{r.name}</li>)}</ul>;
}

beforeEach(() => {
  localStorage.clear();
  resetCrisisResources();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('crisis resources on the device', () => {
  it('shows the bundled default when nothing is kept and the network is down', async () => {
    vi.stubGlobal('fetch', offline());
    render(<Names />);
    expect(screen.getByText('Samaritans')).toBeTruthy();
    await act(() => refreshCrisisResources());
    expect(screen.getAllByRole('listitem')).toHaveLength(DEFAULT_CRISIS_RESOURCES.length);
    expect(localStorage.getItem(LOCAL_KEYS.crisisResources)).toBeNull();
  });

  it('offline, shows the list kept from an earlier visit at once', async () => {
    localStorage.setItem(LOCAL_KEYS.crisisResources, JSON.stringify(KEPT));
    const fetch = offline();
    vi.stubGlobal('fetch', fetch);
    render(<Names />);
    expect(screen.getByText('Kept Line')).toBeTruthy();
    await act(() => refreshCrisisResources());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Kept Line')).toBeTruthy();
    expect(screen.queryByText('Samaritans')).toBeNull();
  });

  it("keeps the server's list for next time and shows it once it arrives", async () => {
    localStorage.setItem(LOCAL_KEYS.crisisResources, JSON.stringify(KEPT));
    const fetch = answer(SERVED);
    vi.stubGlobal('fetch', fetch);
    render(<><Names /><Names /></>);
    expect(screen.getAllByText('Kept Line')).toHaveLength(2);
    expect(await screen.findAllByText('Served Line')).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem(LOCAL_KEYS.crisisResources) ?? 'null')).toEqual(SERVED);
    // Two readers, one page load: one request.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(urlOf((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/safety\/resources$/);
  });

  it('ignores a damaged kept copy and a bad answer, keeping help on screen', async () => {
    localStorage.setItem(LOCAL_KEYS.crisisResources, '{not json');
    expect(crisisResources()).toEqual(DEFAULT_CRISIS_RESOURCES);
    resetCrisisResources();
    localStorage.setItem(LOCAL_KEYS.crisisResources, JSON.stringify([{ name: 'x', contact: 'y', region: 'z', url: 'javascript:alert(1)' }]));
    expect(crisisResources()).toEqual(DEFAULT_CRISIS_RESOURCES);
    vi.stubGlobal('fetch', answer([]));
    await refreshCrisisResources();
    expect(crisisResources()).toEqual(DEFAULT_CRISIS_RESOURCES);
    expect(localStorage.getItem(LOCAL_KEYS.crisisResources)).not.toBe('[]');
  });
});
