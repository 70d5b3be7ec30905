/** The results: each one its conversation, who wrote it, when, and the words with the match marked. */
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { listTime } from '../chat/format';
import { hitHref, type SearchHit } from './hits';
import { segments, snippet } from './highlight';
import { conversationName, senderName, type Names } from './names';

export function Highlighted({ text, q }: { text: string; q: string }) {
  return (
    <>
      {segments(snippet(text, q), q).map((s, i) => (s.match
        ? <mark key={i} className="rounded-sm bg-warning/40 px-0.5 text-base-content">{s.text}</mark>
        : <span key={i}>{s.text}</span>))}
    </>
  );
}

export function ResultList({ hits, q, names, me }: { hits: SearchHit[]; q: string; names: Names; me: string }) {
  const router = useRouter();
  // A real link (it can open in a new tab); a plain click stays in the app.
  const open = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <ul className="flex flex-col gap-1" aria-label="Results">
      {hits.map((hit) => {
        const href = hitHref(hit);
        return (
          <li key={hit.key}>
            <a href={href} onClick={(e) => open(e, href)} data-testid="search-result"
              className="flex flex-col gap-0.5 rounded-box p-2 hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary">
              <span className="flex items-baseline gap-2">
                <span className="min-w-0 flex-1 truncate font-medium">{conversationName(names, hit.conversation)}</span>
                <time className="shrink-0 text-xs" dateTime={hit.at}>{listTime(hit.at)}</time>
              </span>
              <span className="break-words text-sm">
                <span className="font-medium">{senderName(names, hit, me)}: </span>
                <Highlighted text={hit.text} q={q} />
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
