// Written into index.html right after the sign-in screen drawn there (docs/decisions/sign-in-shell.md),
// and run as the page is parsed, before the app's script. It shows that screen at /login only, and
// only when nobody is remembered on this device and no session cookie hint is set (a signed-in
// person's app opens at once and sends them on). Nothing here sends anything: a tap on a button,
// or Enter in a field, is kept for the app, which replays it on its own screen when it takes over
// (src/client/shell/adopt-shell.ts). Links work as links.
(function () {
  var shell = document.getElementById('sign-in-shell');
  if (!shell) return;
  var remembered = null;
  try { remembered = localStorage.getItem('haven-last-user'); } catch { /* storage blocked: nobody is remembered */ }
  if (location.pathname !== '/login' || remembered || document.cookie.split('; ').indexOf('haven_signed_in=1') !== -1) {
    shell.remove();
    return;
  }
  // Taps in order. A send (the form's button, or Enter) counts once, and only if nothing was typed
  // after it: the app sends what the fields hold when it arrives, not an older password.
  var taps = [];
  shell.havenTaps = taps;
  var dropSends = function () {
    for (var i = taps.length - 1; i >= 0; i--) if (taps[i].type === 'submit') taps.splice(i, 1);
  };
  shell.addEventListener('submit', function (event) { event.preventDefault(); }, true);
  shell.addEventListener('input', dropSends, true);
  shell.addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    if (button.type === 'submit') dropSends();
    taps.push(button);
  }, true);
  // The app's script could not be loaded: a form that can never send is taken away, not left dead.
  window.addEventListener('error', function (event) {
    if (event.target instanceof HTMLScriptElement && event.target.type === 'module') shell.remove();
  }, true);
  shell.hidden = false;
})();
