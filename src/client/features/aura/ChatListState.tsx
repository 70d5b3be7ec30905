/** The chat list when it has no chats to show: loading, empty, offline or failed, each said differently. */
import type { ChatListView } from './useAuraLoading';

/** Nothing for 'list': the chats themselves show. */
export function ChatListState({ view, onRetry }: { view: ChatListView; onRetry: () => void }) {
  switch (view) {
    case 'list':
      return null;
    case 'loading':
      return (
        <div className="flex justify-center p-4" role="status" data-testid="aura-list-state" data-state="loading">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          <span className="sr-only">Loading chats…</span>
        </div>
      );
    case 'empty':
      return <p className="p-4 text-sm" data-testid="aura-list-state" data-state="empty">No chat history yet</p>;
    case 'offline':
      return (
        <p className="p-4 text-sm" data-testid="aura-list-state" data-state="offline">
          Your chats are not on this device yet. They will show when you are back online.
        </p>
      );
    case 'error':
      return (
        <div className="flex flex-col items-start gap-2 p-4 text-sm" role="alert" data-testid="aura-list-state" data-state="error">
          <p>Your chats could not be loaded.</p>
          <button type="button" className="btn btn-sm" onClick={onRetry}>Try again</button>
        </div>
      );
  }
}
