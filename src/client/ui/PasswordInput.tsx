import { useState } from 'react';
import { IconEye, IconEyeOff } from './icons';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  invalid?: boolean;
  describedBy?: string;
}

/** A password field with the spec's show/hide toggle; the toggle says what it will do. */
export function PasswordInput({ id, value, onChange, autoComplete, invalid, describedBy }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <div className={`input w-full ${invalid ? 'input-error' : ''}`}>
      <input
        id={id}
        name="password"
        type={shown ? 'text' : 'password'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="grow"
      />
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-circle"
        onClick={() => setShown((s) => !s)}
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-pressed={shown}
        aria-controls={id}
      >
        {shown ? <IconEyeOff className="size-4" /> : <IconEye className="size-4" />}
      </button>
    </div>
  );
}
