import { useEffect, useRef } from 'react';
import type { DiaryEntry } from '../../db/database';
import { entryDateTime } from './format';

/**
 * The selected entry: title, date and time, content (spec section 2). Opening one moves focus to
 * its title and brings it into view (keyed by entry, so each opening does).
 */
export function EntryView({ entry }: { entry: DiaryEntry }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = title.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    // Beside the list (wide screens) it is already in view, and the page stays put.
    const { top } = heading.getBoundingClientRect();
    if (top < 0 || top > globalThis.innerHeight - 120) heading.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <article aria-labelledby="diary-entry-title" className="rounded-box border border-base-300 p-4">
      {/* scroll-mt: the sticky header must not hide the title it scrolled to. */}
      <h2 id="diary-entry-title" ref={title} tabIndex={-1} className="scroll-mt-20 text-xl font-semibold break-words focus:outline-none">
        {entry.title}
      </h2>
      <time dateTime={entry.date} className="mt-1 block text-sm">{entryDateTime(entry.date)}</time>
      <p className="mt-4 whitespace-pre-wrap break-words">{entry.content}</p>
    </article>
  );
}
