/** A group's guidelines, agreed to before joining (docs/decisions/community-rules.md, Guidelines): the join happens only on "I agree, join". */
import { guidelinesOf } from '../../../shared/guidelines';
import { Modal } from '../../ui/Modal';

export interface JoiningGroup {
  _id: string;
  /** Unknown when the group came from a link this device has not seen listed. */
  name?: string;
  guidelines?: string;
}

export function GuidelinesDialog({ group, onAgree, onCancel }: { group: JoiningGroup; onAgree: () => void; onCancel: () => void }) {
  const lines = guidelinesOf(group.guidelines).split('\n').map((l) => l.trim()).filter(Boolean);
  return (
    <Modal open title={group.name ? `Before you join ${group.name}` : 'Before you join'} onClose={onCancel} closeLabel="Cancel"
      actions={<button type="button" className="btn btn-primary min-h-11" onClick={onAgree}>I agree, join</button>}>
      <div className="py-3" data-testid="group-guidelines">
        <p>Everyone in this group agrees to these guidelines:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 wrap-anywhere">
          {lines.map((line, i) => <li key={i}>{line}</li>)}
        </ul>
      </div>
    </Modal>
  );
}
