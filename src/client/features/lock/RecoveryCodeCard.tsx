import { Fragment, useEffect, useId } from 'react';
import { toast } from 'react-hot-toast';
import { noteNewCode, pauseLock, useNewCode } from './keyring';

/**
 * A recovery code, shown this once. While it is on screen the lock does not close on idle or in
 * the background: the person may switch to another app, or fetch a pen, to write it down.
 */
export function RecoveryCodeCard({ code, onDone }: { code: string; onDone: () => void }) {
  const titleId = useId();
  useEffect(() => pauseLock(), []);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-box border-2 border-warning p-4">
      <h3 id={titleId} className="text-lg font-semibold">Your recovery code</h3>
      <p>
        Write this down, or print it, and keep it somewhere safe away from this phone. If you forget your passcode, this code is
        the only other way into your diary. It is shown only now.
      </p>
      {/* Breaks only after a dash, so a group of four is never split across lines. */}
      <p className="rounded-box bg-base-200 p-3 text-center font-mono text-lg tracking-wide select-all sm:text-xl" data-testid="recovery-code">
        {code.split('-').map((group, i) => <Fragment key={i}>{i > 0 && <>-<wbr /></>}{group}</Fragment>)}
      </p>
      <button type="button" className="btn btn-primary min-h-11 self-start" onClick={onDone}>I have kept it safe</button>
    </section>
  );
}

/** A recovery code just made (turning the lock on, or a new one), wherever the lock's screens are. */
export function NewRecoveryCode() {
  const code = useNewCode();
  if (!code) return null;
  return <RecoveryCodeCard code={code} onDone={() => {
    noteNewCode(null);
    toast.success('Keep your recovery code safe. Your diary is locked with your passcode.');
  }} />;
}
