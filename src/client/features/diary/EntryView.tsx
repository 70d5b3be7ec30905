import type { DiaryEntry } from '../../db/database';
import { entryDateTime } from './format';

/** The selected entry: title, date and time, content (spec section 2). */
export function EntryView({ entry }: { entry: DiaryEntry }) {
  return (
    <article aria-labelledby="diary-entry-title" className="rounded-box border border-base-300 p-4">
      <h2 id="diary-entry-title" className="text-xl font-semibold break-words">{entry.title}</h2>
      <time dateTime={entry.date} className="mt-1 block text-sm">{entryDateTime(entry.date)}</time>
      <p className="mt-4 whitespace-pre-wrap break-words">{entry.content}</p>
    </article>
  );
}
