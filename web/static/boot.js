// Run before the page is first painted (a plain script in the head, not a
// module): the page takes the reader's language at once, and its texts
// stay hidden until the module fills them in that language, so that no
// English flashes by on a slow connection. If the module never runs, the
// English texts show after three seconds.
(function () {
  var langs = ['pl', 'cs', 'en'], lang = 'en';
  try {
    var saved = localStorage.getItem('kostka.lang');
    if (langs.indexOf(saved) >= 0) lang = saved;
    else {
      var asked = navigator.languages || [navigator.language || 'en'];
      for (var i = 0; i < asked.length; i++) {
        var base = String(asked[i]).toLowerCase().split('-')[0];
        if (langs.indexOf(base) >= 0) { lang = base; break; }
      }
    }
  } catch (e) { /* storage refused: the browser's language decides */ }
  var root = document.documentElement;
  root.lang = lang;
  root.classList.add('i18n-wait');
  setTimeout(function () { root.classList.remove('i18n-wait'); }, 3000);
}());
