// Runs before the first paint (a file, not inline, so the CSP forbids inline scripts): applies the remembered
// theme so that a dark-theme visitor never sees a flash of the light one.
(function () {
  try {
    var t = localStorage.getItem('cabinet.theme');
    document.documentElement.dataset.theme = t === 'dark' ? 'dark' : 'light';
  } catch {
    document.documentElement.dataset.theme = 'light';
  }
})();
