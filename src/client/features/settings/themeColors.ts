import type { Theme } from '../../../shared/limits';

/**
 * Each theme's page colour (daisyUI's base-100, in sRGB hex), for `<meta name="theme-color">`: the
 * phone's status bar and the installed app's title bar take it, so they match the page instead of
 * staying dark in a light theme. src/client/theme-init.js holds the same table for the first paint
 * (a classic script cannot import); a unit test keeps both equal to daisyUI's own colours.
 */
export const THEME_COLORS: Record<Theme, string> = {
  light: '#ffffff', dark: '#1d232a', cupcake: '#faf7f5', bumblebee: '#ffffff', emerald: '#ffffff',
  corporate: '#ffffff', synthwave: '#09002f', retro: '#ece3ca', cyberpunk: '#fff248',
  valentine: '#fcf2f8', halloween: '#1b1816', garden: '#e9e7e7', forest: '#1b1717',
  aqua: '#1a368b', lofi: '#ffffff', pastel: '#ffffff', fantasy: '#ffffff', wireframe: '#ffffff',
  black: '#000000', luxury: '#09090b', dracula: '#282a36', cmyk: '#ffffff', autumn: '#f1f1f1',
  business: '#202020', acid: '#f8f8f8', lemonade: '#f8fdef', night: '#0f172a', coffee: '#261b25',
  winter: '#ffffff', dim: '#2a303c', nord: '#eceff4', sunset: '#121c22',
};
