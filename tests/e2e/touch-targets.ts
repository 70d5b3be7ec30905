/** Touch targets (WCAG 2.5.8, and Haven's own 44 px rule), measured in the page. */
import type { Page } from 'playwright-core';

/** Every visible control narrower or shorter than 44 px, except inline links inside running text (WCAG 2.5.8's inline exception). */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 43.5;
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [tabindex="0"]');
    for (const el of controls) {
      if (el.closest('[inert]') || (el as HTMLInputElement).type === 'hidden') continue;
      // A field inside its label (a password box with its Show button, a checkbox) counts by the label, which carries its clicks.
      const target = el instanceof HTMLInputElement ? el.closest('label') ?? el : el;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || (box.width <= 1 && box.height <= 1) || target.getClientRects().length === 0) continue;
      if (el.tagName === 'A' && el.parentElement?.closest('p, li:not(.menu li)') && getComputedStyle(el).display === 'inline') continue;
      if (box.width < MIN || box.height < MIN) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).placeholder ?? '').trim().slice(0, 30);
        found.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  });
}
