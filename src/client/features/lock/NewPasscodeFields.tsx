/** Choosing a passcode, typed twice, with the rule and the form's error beside it: turning the lock on and changing the passcode. */
import { useId, type ReactNode } from 'react';
import { PASSCODE_RULE } from './keys';
import { SecretField } from './SecretField';

interface Props {
  passcode: string;
  again: string;
  onPasscode: (value: string) => void;
  onAgain: (value: string) => void;
  error: string | null;
  /** The error's element id, for a field of the parent's that the error is about. */
  errorId: string;
  /** Whether an error marks these fields (false when it is about the parent's own field). */
  markInvalid?: boolean;
  /** Words after the rule. */
  advice?: ReactNode;
  autoFocus?: boolean;
}

export function NewPasscodeFields({ passcode, again, onPasscode, onAgain, error, errorId, markInvalid = true, advice, autoFocus }: Props) {
  const ruleId = useId();
  const invalid = markInvalid && Boolean(error);
  const described = [ruleId, error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <>
      <p id={ruleId} className="text-sm">{PASSCODE_RULE}{advice}</p>
      <SecretField label="New passcode" value={passcode} onChange={onPasscode} autoComplete="new-password" describedBy={described}
        invalid={invalid} autoFocus={autoFocus} />
      <SecretField label="New passcode again" value={again} onChange={onAgain} autoComplete="new-password" describedBy={described} invalid={invalid} />
      {error && <p id={errorId} role="alert" className="msg-error text-sm">{error}</p>}
    </>
  );
}
