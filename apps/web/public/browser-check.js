// Served as a file, not inline, so the Content-Security-Policy needs no script-src 'unsafe-inline'.
// Runs before the bundle, in ES3-level syntax, so browsers too old to parse the bundle still get here.
// See docs/decisions/0005-browser-support.md.
(function () {
  var ua = navigator.userAgent;
  function major(pattern) {
    var match = ua.match(pattern);
    return match ? parseInt(match[1], 10) : null;
  }
  var old = false;
  if (/MSIE |Trident\//.test(ua)) {
    old = true;
  } else {
    var edge = major(/Edge\/(\d+)/);
    if (edge !== null) {
      old = edge < 55;
    } else {
      var firefox = major(/Firefox\/(\d+)/);
      var chrome = major(/(?:Chrome|CriOS)\/(\d+)/);
      var safari = /Safari\//.test(ua) && chrome === null ? major(/Version\/(\d+)/) : null;
      if (firefox !== null) old = firefox < 50;
      else if (chrome !== null) old = chrome < 55;
      else if (safari !== null) old = safari < 9;
    }
  }
  if (old) {
    location.replace('/browser-warning');
    return;
  }

  // A browser past those cut-offs can still be too old for the bundle: it never runs a module script,
  // or it cannot parse one, and the page would stay blank. main.tsx sets __lecternBooted just before
  // it renders; if that has not happened a little after the page loaded, and the browser showed one
  // of those two signs, it goes to the warning too. A failed download is no sign of an old browser.
  if (!window.addEventListener) return;
  var cannotRun = !('noModule' in document.createElement('script'));
  // A named handler keeps the call on one line: prettier ends a wrapped argument list with a comma,
  // which ES3 engines cannot parse (browser-check.test.ts watches for it).
  function onError(event) {
    var error = event.error;
    var text = (error && error.name ? error.name : '') + ' ' + (event.message || '');
    if (!window.__lecternBooted && /SyntaxError/.test(text)) cannotRun = true;
  }
  window.addEventListener('error', onError, true);
  window.addEventListener('load', function () {
    window.setTimeout(function () {
      if (cannotRun && !window.__lecternBooted) location.replace('/browser-warning');
    }, 3000);
  });
})();
