/** The private help card for a place (a conversation, the diary), while the person has not dismissed it. */
import { HelpCard, type HelpContext } from '../features/help/HelpCard';
import { useDb } from '../sync/current';
import { dismissHelp } from './help-notes';
import { useAuthorHelp } from './useAuthorHelp';

export function AuthorHelpCard({ scope, context }: { scope: string; context: Exclude<HelpContext, 'aura'> }) {
  const db = useDb();
  const note = useAuthorHelp(scope);
  if (!note) return null;
  return (
    <div className="max-h-[45dvh] shrink-0 overflow-y-auto px-2 pb-2 sm:px-3">
      <HelpCard subject={note.subject} context={context} imminent={note.imminent === true} onDismiss={() => void dismissHelp(db, scope).catch((error: unknown) => console.error('Haven: could not dismiss the help card', error))} />
    </div>
  );
}
