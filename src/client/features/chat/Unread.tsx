/** The unread badge, a list row's preview line, and the message list's day and "New messages" dividers. */
import type { ConversationSummary } from '../../sync/unread';
import { badgeCount, listTime, previewOf } from './format';

/** A count with its words for screen readers ("3 unread messages"); nothing at zero. */
export function UnreadBadge({ count, large = false, className = '' }: { count: number; large?: boolean; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={`badge badge-primary font-semibold ${large ? '' : 'badge-sm'} ${className}`} data-testid="unread-badge">
      <span aria-hidden="true">{badgeCount(count)}</span>
      <span className="sr-only">{count === 1 ? '1 unread message' : `${count} unread messages`}</span>
    </span>
  );
}

/** The newest message's time, right-aligned on the row's first line. */
export function RowTime({ summary }: { summary: ConversationSummary | undefined }) {
  if (!summary) return null;
  return <time className="shrink-0 text-xs" dateTime={summary.last.createdAt} data-testid="row-time">{listTime(summary.last.createdAt)}</time>;
}

/** The row's second line: the newest message in one truncated line, or `fallback` when there is none. */
export function RowPreview({ summary, me, showSender, fallback }: { summary: ConversationSummary | undefined; me: string; showSender: boolean; fallback: string }) {
  const text = summary ? previewOf(summary.last, me, showSender) : fallback;
  return <span className={`block truncate text-xs ${summary?.unread ? 'font-semibold' : ''}`} data-testid={summary ? 'preview' : undefined}>{text}</span>;
}

/** Where a new day begins in a conversation. */
export function DaySeparator({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-2" data-testid="day-separator">
      <span className="rounded-full bg-base-300 px-3 py-0.5 text-xs font-medium text-base-content">{label}</span>
    </div>
  );
}

/** Above the first message that was unread when the conversation opened. */
export function NewMessagesDivider() {
  return (
    // Plain text, not a separator role: read in turn, it tells a screen reader where the new part starts.
    <div className="divider my-2 text-xs font-semibold text-base-content" data-testid="new-messages-divider">New messages</div>
  );
}
