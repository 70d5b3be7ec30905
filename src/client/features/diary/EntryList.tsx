import type { DiaryEntry } from '../../db/database';
import { entryDay } from './format';

interface Props {
  entries: readonly DiaryEntry[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onDelete: (entry: DiaryEntry) => void;
}

/** The left list (spec section 2): title and date, a delete button each, at most 500 px tall. */
export function EntryList({ entries, selectedId, onSelect, onDelete }: Props) {
  if (entries.length === 0) {
    return (
      <div className="rounded-box border border-base-300 p-6 text-center">
        <p className="font-medium">No entries yet.</p>
        <p className="mt-1 text-sm">Create your first diary entry!</p>
      </div>
    );
  }
  return (
    <ul aria-label="Diary entries" className="flex max-h-[500px] flex-col gap-2 overflow-y-auto p-1">
      {entries.map((entry) => {
        const selected = entry.id === selectedId;
        return (
          <li key={entry.id} className={`flex items-stretch gap-1 rounded-box border ${selected ? 'border-primary bg-base-200' : 'border-base-300'}`}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(entry.id)}
              className="min-w-0 flex-1 rounded-box px-3 py-2 text-left hover:bg-base-200"
            >
              <span className="block truncate font-medium">{entry.title}</span>
              <time dateTime={entry.date} className="block text-xs">{entryDay(entry.date)}</time>
            </button>
            <button
              type="button"
              aria-label={`Delete entry: ${entry.title}`}
              onClick={() => onDelete(entry)}
              className="btn btn-ghost btn-sm h-auto self-stretch px-3"
            >
              Delete
            </button>
          </li>
        );
      })}
    </ul>
  );
}
