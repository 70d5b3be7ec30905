// Runs before the app: apply the saved theme (key 'chat-theme', default coffee) to <html>, and its
// page colour to <meta name="theme-color"> (the status bar). The colours are
// src/client/features/settings/themeColors.ts's, copied: a classic script cannot import.
(function () {
  var colors = {
    light: '#ffffff', dark: '#1d232a', cupcake: '#faf7f5', bumblebee: '#ffffff', emerald: '#ffffff',
    corporate: '#ffffff', synthwave: '#09002f', retro: '#ece3ca', cyberpunk: '#fff248',
    valentine: '#fcf2f8', halloween: '#1b1816', garden: '#e9e7e7', forest: '#1b1717',
    aqua: '#1a368b', lofi: '#ffffff', pastel: '#ffffff', fantasy: '#ffffff', wireframe: '#ffffff',
    black: '#000000', luxury: '#09090b', dracula: '#282a36', cmyk: '#ffffff', autumn: '#f1f1f1',
    business: '#202020', acid: '#f8f8f8', lemonade: '#f8fdef', night: '#0f172a', coffee: '#261b25',
    winter: '#ffffff', dim: '#2a303c', nord: '#eceff4', sunset: '#121c22'
  };
  try {
    var t = localStorage.getItem('chat-theme');
    if (t && /^[a-z]+$/.test(t)) document.documentElement.setAttribute('data-theme', t);
    var meta = document.querySelector('meta[name="theme-color"]');
    if (meta && t && Object.prototype.hasOwnProperty.call(colors, t)) meta.setAttribute('content', colors[t]);
  } catch { /* storage blocked: keep the default */ }
})();
