import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuraMarkdown } from '../../../src/client/features/aura/AuraMarkdown';

afterEach(cleanup);

describe("Aura's markdown", () => {
  it('renders markdown but never raw HTML', () => {
    const { container } = render(<AuraMarkdown text={'**calm** breath\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>\n\n- one\n- two'} />);
    expect(container.querySelector('strong')?.textContent).toBe('calm');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
  });
  it('opens links in a new tab without handing over the page, and drops javascript: links', () => {
    const { container } = render(<AuraMarkdown text={'[help](https://findahelpline.com) and [bad](javascript:alert(1))'} />);
    const links = [...container.querySelectorAll('a')];
    expect(links[0]?.getAttribute('href')).toBe('https://findahelpline.com');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links.some((a) => (a.getAttribute('href') ?? '').startsWith('javascript'))).toBe(false);
  });
  it('turns markdown images into links, so an answer cannot load anything by itself', () => {
    const { container } = render(<AuraMarkdown text={'![a picture](https://example.com/p.png)'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')?.textContent).toBe('a picture');
  });
});
