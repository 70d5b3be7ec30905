import type { MouseEvent } from 'react';

/** Every screen's one <main> carries this id; the skip link goes there. */
export const MAIN_ID = 'main';

/**
 * "Skip to main content": the first thing a keyboard reaches, visible only while focused.
 * Focus is moved by hand rather than by the #main fragment, which the router would treat as a
 * navigation; a screen whose <main> lacks the id is still found by its landmark.
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID) ?? document.querySelector('main');
    if (!main) return;
    e.preventDefault();
    if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
    main.focus();
  };
  return (
    <a href={`#${MAIN_ID}`} onClick={skip}
      className="btn btn-primary sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-[60]">
      Skip to main content
    </a>
  );
}
