/**
 * /search (docs/decisions/message-search.md): message text in every conversation, or in one. What
 * the device holds shows at once; the server's older history follows when there is a connection.
 */
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../../../shared/message-rules';
import { IconArrowLeft, IconClose } from '../../ui/icons';
import { MAIN_ID } from '../../ui/SkipLink';
import { useUser } from '../auth/session';
import { searchable, type SearchScope } from './hits';
import { IconSearch } from './IconSearch';
import { conversationName, useNames } from './names';
import { ResultList } from './ResultList';
import { useMessageSearch, type ServerState } from './useMessageSearch';

interface Props {
  /** What the address says: the query, and the one conversation searched, if any. */
  q: string;
  scope: SearchScope;
  onQuery: (q: string) => void;
  onClearScope: () => void;
}

export function SearchPage({ q: initial, scope, onQuery, onClearScope }: Props) {
  const me = useUser()._id;
  const inputId = useId();
  const [text, setText] = useState(initial);
  const q = searchable(text);
  const { hits, server, searchOlder } = useMessageSearch(q, scope, me);
  const names = useNames([...(scope ? [scope] : []), ...(hits ?? []).map((h) => h.conversation)]);

  const change = (value: string) => {
    setText(value);
    onQuery(value);
  };

  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-3 py-4 sm:px-6">
      <Link to="/chat" className="btn btn-ghost btn-sm self-start"><IconArrowLeft /> Back to chats</Link>
      <h1 className="text-xl font-bold">Search messages</h1>
      <form role="search" onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-2">
        <label htmlFor={inputId} className="input w-full">
          <IconSearch className="size-4 opacity-70" />
          <span className="sr-only">Search messages</span>
          <input id={inputId} type="search" className="grow" value={text} maxLength={SEARCH_MAX_LENGTH} autoComplete="off"
            placeholder="Search messages…" autoFocus onChange={(e) => change(e.target.value)} />
        </label>
        {scope && (
          <div className="flex items-center gap-2 text-sm">
            <span className="badge badge-neutral gap-1 py-3" data-testid="search-scope">
              In {conversationName(names, scope)}
              <button type="button" className="btn btn-ghost btn-xs btn-circle" onClick={onClearScope} aria-label="Search all conversations">
                <IconClose className="size-3.5" />
              </button>
            </span>
          </div>
        )}
      </form>
      {q === null
        ? text.trim() && <p className="text-sm">Type at least {SEARCH_MIN_LENGTH} characters to search.</p>
        : (
          <section aria-label="Search results" className="flex flex-col gap-2">
            {hits && hits.length > 0 && <ResultList hits={hits} q={q} names={names} me={me} />}
            <Progress server={server} empty={hits !== undefined && hits.length === 0} onSearchOlder={searchOlder} />
          </section>
        )}
    </main>
  );
}

/** How far the search has come, said calmly; the way to older results when there are more. */
function Progress({ server, empty, onSearchOlder }: { server: ServerState; empty: boolean; onSearchOlder: () => void }) {
  const older = <button type="button" className="btn btn-outline btn-sm self-center" onClick={onSearchOlder}>Search older messages</button>;
  const none = empty && server.kind !== 'loading' && server.kind !== 'idle' && <p className="p-3 text-center">No messages found</p>;
  return (
    <div role="status" className="flex flex-col gap-2">
      {none}
      {server.kind === 'loading' && <p className="text-center text-sm">Searching older messages…</p>}
      {server.kind === 'offline' && (
        <p className="text-center text-sm">These are the messages on this device. Older messages can be searched once you are back online.</p>
      )}
      {server.kind === 'failed' && <p className="text-center text-sm">{server.message}</p>}
      {(server.kind === 'failed' || (server.kind === 'offline' && server.canRetry) || (server.kind === 'done' && server.hasMore)) && older}
    </div>
  );
}
