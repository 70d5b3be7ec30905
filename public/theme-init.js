// Runs before the app: apply the saved theme (key 'chat-theme', default coffee) to <html>.
(function () {
  try {
    var t = localStorage.getItem('chat-theme');
    if (t && /^[a-z]+$/.test(t)) document.documentElement.setAttribute('data-theme', t);
  } catch (e) { /* storage blocked: keep the default */ }
})();
