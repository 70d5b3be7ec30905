/** "Message requests (N)" above the people list (docs/decisions/message-requests.md): strangers' messages wait here, counted in no total. */
import { useId, useState } from 'react';
import type { MessageRequest } from '../../../shared/community';
import { Avatar } from './Avatar';
import { listTime } from './format';

interface Props {
  requests: MessageRequest[] | undefined;
  selectedId: string | null;
  onOpen: (personId: string) => void;
}

export function RequestsSection({ requests, selectedId, onOpen }: Props) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!requests?.length) return null;
  return (
    <div className="mb-2 border-b border-base-300 pb-2">
      <button type="button" className="btn btn-ghost btn-sm w-full justify-between" aria-expanded={open} aria-controls={listId}
        onClick={() => setOpen((o) => !o)} data-testid="requests-toggle">
        <span>Message requests ({requests.length})</span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <ul id={listId} className="mt-1 flex flex-col gap-1" aria-label="Message requests">
          {requests.map((r) => (
            <li key={r._id}>
              <button type="button" onClick={() => onOpen(r._id)} aria-current={selectedId === r._id ? 'true' : undefined} data-testid="request"
                className={`flex w-full items-center gap-3 rounded-box p-2 text-left hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary ${selectedId === r._id ? 'bg-base-300' : ''}`}>
                <Avatar name={r.fullName} src={r.profilePic} />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline gap-2">
                    <span className="min-w-0 flex-1 truncate font-medium">{r.fullName}</span>
                    <time className="shrink-0 text-xs" dateTime={r.lastAt}>{listTime(r.lastAt)}</time>
                  </span>
                  <span className="block text-xs">{r.count === 1 ? '1 message' : `${r.count} messages`}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
