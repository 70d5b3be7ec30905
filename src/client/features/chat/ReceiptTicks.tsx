/**
 * An own direct message's receipt (docs/decisions/receipts-and-typing.md): one tick once stored
 * ("Sent"), two once it reached one of the receiver's devices ("Delivered"), two coloured once
 * they read it ("Read", only while both of them have read receipts on). Each row reads just its
 * own status from the receipts store, so a receipt re-renders only the rows whose tick changes.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { LocalMessage } from '../../db/database';
import { useEngine } from '../../sync/current';
import { receiptStatus, type ReceiptStatus } from '../../sync/receipts';

const LOOK: Record<ReceiptStatus, { label: string; ticks: string; className: string }> = {
  sent: { label: 'Sent', ticks: '✓', className: 'text-base-content' },
  delivered: { label: 'Delivered', ticks: '✓✓', className: 'text-base-content' },
  read: { label: 'Read', ticks: '✓✓', className: 'font-bold text-success' },
};

const noChange = () => () => undefined;

export function ReceiptTicks({ message }: { message: LocalMessage }) {
  const receipts = useEngine()?.receipts;
  const status = useSyncExternalStore(
    receipts?.store.subscribe ?? noChange,
    useCallback(() => receiptStatus(message.seq, message.receiverId ? receipts?.store.get().get(message.receiverId) : undefined), [receipts, message.seq, message.receiverId]),
  );
  const look = LOOK[status];
  return <span data-status={status} role="img" aria-label={look.label} className={`tracking-[-0.2em] ${look.className}`}>{look.ticks}</span>;
}
