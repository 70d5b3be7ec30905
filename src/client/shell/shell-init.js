// Written into index.html right after the sign-in screen drawn there (docs/decisions/sign-in-shell.md),
// and run as the page is parsed, before the app's script. It shows that screen at /login only, and
// only when nobody is remembered on this device (a remembered person's app opens at once). Nothing
// here sends anything: a tap on a button, or Enter in a field, is kept for the app, which replays
// it on its own screen when it takes over (src/client/shell/adopt-shell.ts). Links work as links.
(function () {
  var shell = document.getElementById('sign-in-shell');
  if (!shell) return;
  var remembered = null;
  try { remembered = localStorage.getItem('haven-last-user'); } catch { /* storage blocked: nobody is remembered */ }
  if (location.pathname !== '/login' || remembered) { shell.remove(); return; }
  var taps = [];
  shell.havenTaps = taps;
  shell.addEventListener('submit', function (event) { event.preventDefault(); }, true);
  shell.addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) taps.push(button);
  }, true);
  shell.hidden = false;
})();
