import { useId, useState, type FormEvent } from 'react';
import { ITEM_MAX_LENGTH } from './sections';

interface Props {
  /** The input's accessible name. */
  label: string;
  initial?: string;
  submitLabel: string;
  /** Throws with a message fit to show when the text is refused or cannot be stored. */
  onSubmit: (text: string) => Promise<void>;
  onCancel?: () => void;
  /** Empties the input after a save (adding); editing closes the form instead. */
  clearOnSave?: boolean;
  autoFocus?: boolean;
}

/**
 * One line of the plan, being added or edited. No maxLength on the input: the browser would cut
 * a long paste silently, and nothing a person writes here should be lost. A refused line stays
 * in the input beside the reason.
 */
export function ItemForm({ label, initial = '', submitLabel, onSubmit, onCancel, clearOnSave = false, autoFocus = false }: Props) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const counterId = useId();
  const nearLimit = text.length > ITEM_MAX_LENGTH - 50;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onSubmit(text);
      setError(null);
      if (clearOnSave) setText('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'This could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const describedBy = [error ? errorId : '', nearLimit ? counterId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-1 print:hidden">
      <div className="flex flex-wrap gap-2">
        <input type="text" aria-label={label} value={text} autoFocus={autoFocus}
          className={`input min-h-11 min-w-0 flex-1 basis-48 ${error ? 'input-error' : ''}`}
          aria-invalid={error ? true : undefined} aria-describedby={describedBy}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && onCancel) onCancel();
          }} />
        <button type="submit" className="btn btn-primary min-h-11" disabled={busy}>{submitLabel}</button>
        {onCancel && <button type="button" className="btn min-h-11" onClick={onCancel}>Cancel</button>}
      </div>
      {nearLimit && <p id={counterId} className="text-sm">{text.length} / {ITEM_MAX_LENGTH} characters</p>}
      {error && <p id={errorId} role="alert" className="msg-error text-sm">{error}</p>}
    </form>
  );
}
