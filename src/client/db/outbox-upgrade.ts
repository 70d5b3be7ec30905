/**
 * Outbox rows written before the outbox held requests (`kind`, `target`, an untyped `body`)
 * become rows holding the request they send. Pure, so the upgrade is unit-tested; a row already
 * in the new form passes through.
 */
import type { OutgoingRequest } from '../../shared/outgoing';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const url = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function upgradeOutboxRow(row: Record<string, unknown>): { request: OutgoingRequest } {
  if (row.request) return { request: row.request as OutgoingRequest };
  const body = (row.body ?? {}) as Record<string, unknown>;
  const target = String(row.target);
  const clientId = String(row.clientId ?? body.clientId);
  if (row.kind === 'group') return { request: { kind: 'group', groupId: target, text: text(body.text), clientId } };
  if (row.kind === 'aura') {
    const question = { text: text(body.text), img: url(body.img), clientId };
    return body.isNew
      ? { request: { kind: 'aura', chatId: target, create: { ...question, chatId: target } } }
      : { request: { kind: 'aura', chatId: target, ask: { question: question.text, img: question.img, clientId } } };
  }
  return { request: { kind: 'direct', to: target, text: text(body.text), image: url(body.image), clientId } };
}
