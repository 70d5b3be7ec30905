import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { IconSearch } from '../search/IconSearch';

interface Props {
  label: string;
  value: string;
  onChange: (v: string) => void;
  /** Offer the way to search message text beside the filter (docs/decisions/message-search.md). */
  messages?: boolean;
}

/**
 * The sidebar's filter of its people or groups by name; the visible placeholder is not the label,
 * the sr-only label is. Beside it, the way into searching what was written.
 */
export function SearchBox({ label, value, onChange, messages = true }: Props) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">{label}</label>
      <input id={id} type="search" className="input input-sm min-w-0 flex-1" placeholder="Search…" value={value}
        onChange={(e) => onChange(e.target.value)} autoComplete="off" />
      {messages && (
        <Link to="/search" className="btn btn-ghost btn-sm btn-square shrink-0" aria-label="Search messages" title="Search messages">
          <IconSearch />
        </Link>
      )}
    </div>
  );
}
