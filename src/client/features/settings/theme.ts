import { DEFAULT_THEME, THEMES, type Theme } from '../../../shared/limits';
import { LOCAL_KEYS } from '../../state/local-keys';
import { createStore, useStore } from '../../state/store';
import { THEME_COLORS } from './themeColors';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function readTheme(): Theme {
  try {
    const saved = localStorage.getItem(LOCAL_KEYS.theme);
    return isTheme(saved) ? saved : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** The theme on screen; null until one is applied, when the saved one is what shows. */
const applied = createStore<Theme | null>(null);

/** The browser's own colour around the page (status bar, title bar) follows the theme too. */
function applyThemeColor(theme: Theme) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = THEME_COLORS[theme];
}

export function applyTheme(theme: Theme) {
  document.documentElement.setAttribute('data-theme', theme);
  applyThemeColor(theme);
  applied.set(theme);
}

/** Applies the theme to the whole app at once and keeps it on the device. */
export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(LOCAL_KEYS.theme, theme);
  } catch {
    // Storage blocked (private mode): the theme still applies for this visit.
  }
  applyTheme(theme);
}

const shown = { get: () => applied.get() ?? readTheme(), subscribe: applied.subscribe };

export function useTheme(): Theme {
  return useStore(shown);
}
