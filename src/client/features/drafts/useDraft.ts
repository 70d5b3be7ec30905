/**
 * A piece of state that is also kept on the device as it changes (store.ts), for the signed-in
 * person and one place ('dm:<id>', 'group:<id>', 'aura:<chatId>', 'diary:new'). Writes wait a
 * moment after the last keystroke, and whatever is still waiting is written when the page is
 * hidden or unloaded (a reload, the update prompt's Reload, a closed tab) or the component goes.
 * An emptied draft (a sent message) is removed at once. Signed out (or in a test without a
 * session) it is plain state.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { draftStorageKey } from '../../state/local-keys';
import { getSession, useSession } from '../auth/session';
import { readDraft, readFields, writeDraft, writeFields } from './store';

export const DRAFT_WRITE_DELAY_MS = 300;

interface Codec<T> {
  read: (key: string) => T;
  write: (key: string, value: T) => void;
  isEmpty: (value: T) => boolean;
  /** The stored form, to recognise this draft in another tab's storage event. */
  encode: (value: T) => string;
}

/** Only the signed-in person's drafts are written: a late write must not outlive a sign-out's removal. */
const ownedBySession = (key: string) => {
  const id = getSession().user?._id;
  return id !== undefined && key.startsWith(draftStorageKey(id, ''));
};

function usePersisted<T>(place: string | null, codec: Codec<T>, empty: T): [T, Dispatch<SetStateAction<T>>] {
  const userId = useSession().user?._id;
  const key = userId && place ? draftStorageKey(userId, place) : null;
  const [state, setState] = useState<{ key: string | null; value: T }>(() => ({ key, value: key ? codec.read(key) : empty }));
  // Another place (or the person signed in meanwhile): show what is kept there.
  if (state.key !== key) setState({ key, value: key ? codec.read(key) : empty });
  const pending = useRef<{ key: string; value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const waiting = pending.current;
    pending.current = null;
    if (waiting && ownedBySession(waiting.key)) codec.write(waiting.key, waiting.value);
  }, [codec]);

  useEffect(() => {
    // Leaving the page writes what the box holds now, not only what is waiting: another tab may
    // have sent and removed the same draft meanwhile, and these words are still unsent here.
    const onLeave = () => {
      flush();
      const { key: k, value } = latest.current;
      if (k && !codec.isEmpty(value) && ownedBySession(k)) codec.write(k, value);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') onLeave();
    };
    // Sent from another tab: the same words here are the sent message, not a second one to send.
    const onStorage = (event: StorageEvent) => {
      const { key: k, value } = latest.current;
      if (!k || event.key !== k || event.newValue !== null || event.oldValue !== codec.encode(value)) return;
      setState({ key: k, value: empty });
    };
    globalThis.addEventListener('pagehide', onLeave);
    globalThis.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      globalThis.removeEventListener('pagehide', onLeave);
      globalThis.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush, codec, empty]);

  useEffect(() => {
    if (!state.key) return;
    pending.current = { key: state.key, value: state.value };
    clearTimeout(timer.current);
    // Sent or cleared: gone at once, so a reload right after sending shows an empty box.
    if (codec.isEmpty(state.value)) flush();
    else timer.current = setTimeout(flush, DRAFT_WRITE_DELAY_MS);
  }, [state, codec, flush]);

  const setValue = useCallback<Dispatch<SetStateAction<T>>>((next) => {
    setState((current) => ({
      key: current.key,
      value: typeof next === 'function' ? (next as (prev: T) => T)(current.value) : next,
    }));
  }, []);

  return [state.value, setValue];
}

const TEXT: Codec<string> = { read: readDraft, write: writeDraft, isEmpty: (v) => v.trim() === '', encode: (v) => v };

/** A composer's text, kept per person and conversation. */
export function useDraft(place: string | null): [string, Dispatch<SetStateAction<string>>] {
  return usePersisted(place, TEXT, '');
}

export interface EntryDraft {
  title: string;
  content: string;
}

const ENTRY_FIELDS = ['title', 'content'] as const;
const ENTRY: Codec<EntryDraft> = {
  read: (key) => readFields(key, ENTRY_FIELDS),
  write: (key, value) => writeFields(key, { title: value.title, content: value.content }),
  isEmpty: (v) => v.title.trim() === '' && v.content.trim() === '',
  encode: (v) => JSON.stringify({ title: v.title, content: v.content }),
};
const NO_ENTRY: EntryDraft = { title: '', content: '' };

/** The diary's new-entry form (title and content), kept per person. */
export function useEntryDraft(place: string): [EntryDraft, Dispatch<SetStateAction<EntryDraft>>] {
  return usePersisted(place, ENTRY, NO_ENTRY);
}
