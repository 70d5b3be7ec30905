import type { PasscodeKind } from './keys';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Digits bring up the number pad; a passphrase or a recovery code needs the full keyboard. */
  kind?: PasscodeKind;
  /** 'new-password' while choosing one, so a password manager offers to keep it rather than fill in another. */
  autoComplete?: 'current-password' | 'new-password' | 'off';
  describedBy?: string;
  invalid?: boolean;
  autoFocus?: boolean;
}

/** A passcode input, label-wrapped, at least 44 px tall. */
export function SecretField({ label, value, onChange, kind, autoComplete = 'current-password', describedBy, invalid, autoFocus }: Props) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <input type="password" className={`input min-h-11 w-full max-w-sm ${invalid ? 'input-error' : ''}`} value={value}
        inputMode={kind === 'digits' ? 'numeric' : 'text'} autoComplete={autoComplete} autoCapitalize="off" autoCorrect="off" spellCheck={false}
        aria-describedby={describedBy} aria-invalid={invalid || undefined} autoFocus={autoFocus} maxLength={256}
        onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
