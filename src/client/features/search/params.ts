/** The address of a search (/search?q=&kind=&id=): its words, and the one conversation it is limited to. */
import { isId } from '../../../shared/ids';

export interface SearchParams {
  q?: string;
  kind?: 'direct' | 'group';
  id?: string;
}

/** Anything else in the address is dropped; kind and id count only together and with a real id. */
export function parseSearchParams(search: Record<string, unknown>): SearchParams {
  const out: SearchParams = {};
  if (typeof search.q === 'string' && search.q) out.q = search.q;
  if ((search.kind === 'direct' || search.kind === 'group') && typeof search.id === 'string' && isId(search.id)) {
    out.kind = search.kind;
    out.id = search.id;
  }
  return out;
}
