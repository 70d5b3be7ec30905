import { useId } from 'react';

/** The sidebar search; the visible placeholder is not the label, the sr-only label is. */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">{label}</label>
      <input id={id} type="search" className="input input-sm w-full" placeholder="Search…" value={value}
        onChange={(e) => onChange(e.target.value)} autoComplete="off" />
    </div>
  );
}
