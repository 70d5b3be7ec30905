/**
 * Rename and Delete for the open Aura chat, from a small menu beside its title (one place on phones
 * and on wide screens). Deleting asks first: it takes every message of the chat, on every device.
 */
import { useCallback, useId, useRef, useState } from 'react';
import { useCloseOnEscapeOrOutside } from '../../ui/menu';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import type { LocalAiChat } from '../../db/database';
import { useDb } from '../../sync/current';
import { Modal } from '../../ui/Modal';
import { deleteChat, renameChat, type ManageOutcome } from './manage';
import { chatTitle } from './title';

const TITLE_MAX = 100;

function RenameDialog({ chat, onClose }: { chat: LocalAiChat; onClose: () => void }) {
  const db = useDb();
  const formId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState(chat.title);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit() {
    const clean = title.trim();
    if (!clean) return setError('Please enter a title');
    setBusy(true);
    const outcome = await renameChat(db, chat, clean);
    setBusy(false);
    if (outcome.ok) {
      toast.success('Chat renamed');
      onClose();
    } else setError(outcome.message);
  }
  return (
    <Modal open title="Rename chat" onClose={onClose} closeLabel="Cancel" initialFocus={input}
      actions={<button type="submit" form={formId} className="btn btn-primary min-h-11" disabled={busy}>Save</button>}>
      <form id={formId} className="mt-3 flex flex-col gap-1" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <label htmlFor={`${formId}-title`} className="font-medium">Title</label>
        <input id={`${formId}-title`} ref={input} className={`input w-full ${error ? 'input-error' : ''}`} value={title}
          maxLength={TITLE_MAX} autoComplete="off" aria-invalid={error !== null} aria-describedby={`${formId}-error`}
          onChange={(e) => { setTitle(e.target.value); setError(null); }} />
        <p id={`${formId}-error`} className="min-h-5 text-sm" role={error ? 'alert' : undefined}>
          {error && <span className="msg-error">{error}</span>}
        </p>
      </form>
    </Modal>
  );
}

function DeleteDialog({ chat, onClose }: { chat: LocalAiChat; onClose: () => void }) {
  const db = useDb();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    const outcome: ManageOutcome = await deleteChat(db, chat);
    setBusy(false);
    if (!outcome.ok) {
      toast.error(outcome.message, { id: 'aura-delete' });
      return;
    }
    onClose();
    toast.success('Chat deleted');
    void navigate({ to: '/aura-ai', replace: true });
  }
  return (
    <Modal open title="Delete this chat?" onClose={onClose} closeLabel="Cancel"
      actions={<button type="button" className="btn btn-error min-h-11" disabled={busy} onClick={() => void confirm()}>Delete</button>}>
      <p className="mt-3">“{chatTitle(chat)}” and all its messages will be deleted from all your devices. This cannot be undone.</p>
    </Modal>
  );
}

export function ChatActions({ chat }: { chat: LocalAiChat }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // Like any menu: Escape closes it and gives focus back to its button; a tap anywhere else closes it.
  const close = useCallback(() => setMenuOpen(false), []);
  useCloseOnEscapeOrOutside(box, menuOpen, close, 'button');
  const choose = (next: 'rename' | 'delete') => {
    setMenuOpen(false);
    setDialog(next);
  };
  return (
    <div ref={box} className="relative">
      <button type="button" className="btn btn-ghost btn-sm min-h-11 text-lg" aria-label="Chat options" aria-expanded={menuOpen}
        onClick={() => setMenuOpen((open) => !open)}>
        <span aria-hidden="true">⋯</span>
      </button>
      {menuOpen && (
        <ul className="menu absolute right-0 z-20 mt-1 w-40 rounded-box bg-base-200 p-1 shadow-lg">
          {!chat.local && <li><button type="button" onClick={() => choose('rename')}>Rename</button></li>}
          <li><button type="button" onClick={() => choose('delete')}>Delete</button></li>
        </ul>
      )}
      {dialog === 'rename' && <RenameDialog chat={chat} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteDialog chat={chat} onClose={() => setDialog(null)} />}
    </div>
  );
}
