import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { requireAccess } from '../features/auth/access';
import { parseSearchParams } from '../features/search/params';
import { SearchPage } from '../features/search/SearchPage';
import { titled } from '../ui/screen';

/** /search: message text in every conversation, or in one (?kind=direct|group&id=). */
export const Route = createFileRoute('/search')({
  beforeLoad: requireAccess('app'),
  validateSearch: parseSearchParams,
  head: titled('Search messages'),
  component: SearchRoute,
});

function SearchRoute() {
  const { q = '', kind, id } = Route.useSearch();
  const navigate = useNavigate({ from: '/search' });
  // Typing and clearing the scope replace the entry: Back from a result opened returns to these results.
  return (
    <SearchPage key={`${kind ?? ''}:${id ?? ''}`} q={q} scope={kind && id ? { kind, id } : null}
      onQuery={(next) => void navigate({ search: (s) => ({ ...s, q: next || undefined }), replace: true })}
      onClearScope={() => void navigate({ search: (s) => ({ q: s.q }), replace: true })} />
  );
}
