import { toast, type Toast } from 'react-hot-toast';

/** How long Undo is offered after a delete: long enough to notice and reach the button. */
export const UNDO_MS = 8000;

/**
 * The spec's 'Entry deleted', with Undo: the diary exists only on this device, so a deleted
 * entry has no other copy to come back from. The toast waits while hovered (react-hot-toast);
 * each deleted entry has its own, so deleting two in a row still lets either come back.
 */
export function showDeleted(entryId: string, onUndo: () => void): void {
  toast.success((t: Toast) => (
    <span className="flex items-center gap-3">
      <span>Entry deleted</span>
      <button type="button" className="btn btn-sm btn-outline"
        onClick={() => {
          toast.dismiss(t.id);
          onUndo();
        }}>
        Undo
      </button>
    </span>
  ), { id: `diary-deleted-${entryId}`, duration: UNDO_MS });
}
