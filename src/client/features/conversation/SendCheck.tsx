/**
 * A word before sending contact details to a group (docs/community-safety.md): it never blocks. "Send anyway" sends
 * the words as they are; "Edit" goes back to the box with them intact.
 */
import { findPersonalInfo, PERSONAL_INFO_ADVICE, PERSONAL_INFO_PROMPT } from '../../../shared/personal-info';

/** For a group's composer: what to say before sending `text`, or null when nothing looks personal. */
export function personalInfoWarning(text: string): string | null {
  const kind = findPersonalInfo(text);
  return kind ? `${PERSONAL_INFO_PROMPT[kind]} ${PERSONAL_INFO_ADVICE}` : null;
}

export function SendCheck({ warning, onSend, onEdit }: { warning: string; onSend: () => void; onEdit: () => void }) {
  return (
    <div role="alert" className="mb-2 flex flex-col gap-2 rounded-box border border-warning bg-base-100 p-3 text-sm" data-testid="personal-info-prompt">
      <p>{warning}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-warning btn-sm" onClick={onSend}>Send anyway</button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onEdit}>Edit</button>
      </div>
    </div>
  );
}
