/**
 * What Aura says first when a message shows crisis risk (the detector is src/shared/safety):
 * the crisis resources, worded for the writer or for someone worried about another person.
 */

// The list lives in shared so the browser can show it offline; re-exported for the server's imports.
import { emergencyLine, type CrisisResource } from '../../shared/crisis-resources';
import type { HelpSubject } from '../../shared/safety';
export { DEFAULT_CRISIS_RESOURCES, type CrisisResource } from '../../shared/crisis-resources';

/**
 * Aura's answer to a crisis message; `other` when the writer is worried about someone else, so the
 * words are for a helper. Imminent: the first words send them to the emergency number, before any
 * list (Haven's screen shows the tappable card above this text; the words serve other clients).
 */
export function crisisMessage(resources: CrisisResource[], subject: HelpSubject = 'self', imminent = false): string {
  const lines = resources.map((r) => `- **${r.name}** (${r.region}): ${r.contact}`);
  if (imminent) {
    const call = `**Please call ${emergencyLine(resources).phone} or your local emergency number now.**`;
    const who = subject === 'other'
      ? `${call} If someone's life is in danger, emergency services can reach them fastest; stay with them if you can.`
      : `${call} If you have taken something or hurt yourself, emergency services can help right away, and you deserve that help.`;
    return [who, "I'm an AI companion, not a crisis service, and I can't send help. These lines can also talk with you:", ...lines].join('\n');
  }
  if (subject === 'other') {
    return [
      "I'm really glad you told me. It sounds like someone you care about may be in danger, and you don't have to handle this alone.",
      "I'm an AI companion, not a crisis service, so please reach out to one of these; they can help you help them:",
      ...lines,
      'If their life is in danger right now, call your local emergency number, and stay with them if you can.',
    ].join('\n');
  }
  return [
    "I'm really glad you told me, and I'm worried about how much pain you're in. You deserve support from a person right now.",
    "I'm an AI companion, not a crisis service, so please reach out to one of these:",
    ...lines,
    'If you can, tell someone near you how you are feeling, or message the professional who referred you to Haven.',
  ].join('\n');
}
