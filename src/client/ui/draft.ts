/**
 * What stays in a composer once a message it sent is safely stored: the words typed while it was
 * being stored. Clearing the whole box would throw those away.
 */
export function withoutSent(current: string, sent: string): string {
  if (current === sent) return '';
  if (current.startsWith(sent)) return current.slice(sent.length).replace(/^\s+/, '');
  // Replaced while sending: what is there now is the person's newer text.
  return current;
}
