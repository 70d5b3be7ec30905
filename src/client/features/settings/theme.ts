import { useSyncExternalStore } from 'react';
import { DEFAULT_THEME, THEME_STORAGE_KEY, THEMES, type Theme } from '../../../shared/limits';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function readTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(saved) ? saved : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

let current: Theme | null = null;
const listeners = new Set<() => void>();

export function applyTheme(theme: Theme) {
  current = theme;
  document.documentElement.setAttribute('data-theme', theme);
  for (const l of listeners) l();
}

/** Applies the theme to the whole app at once and keeps it under 'chat-theme'. */
export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked (private mode): the theme still applies for this visit.
  }
  applyTheme(theme);
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current ?? readTheme(),
  );
}
