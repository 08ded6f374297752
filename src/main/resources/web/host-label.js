// The host this dashboard belongs to, as `signaltty --host NAME web` names it in the link's fragment
// (#host=NAME; the login redirect keeps the fragment): shown in the title and on every pane's header.
// Apart from app.js on purpose: the page itself never needs to know which machine it is on (ADR 0225).
(function () {
  'use strict';
  const found = /(?:^#|&)host=([^&]*)/.exec(location.hash);
  if (!found) return;
  const host = decodeURIComponent(found[1]);
  document.title = host + ' · ' + document.title;
  function label() {
    document.querySelectorAll('.pane').forEach(function (pane) {
      pane.dataset.host = host;
      const head = pane.querySelector('.pane-head');
      if (head && !head.querySelector('.host-label')) { // app.js may redraw the header: label it again
        const badge = document.createElement('span');
        badge.className = 'host-label';
        badge.textContent = host;
        badge.style.cssText = 'padding:0 5px;border-radius:3px;background:#2d4a6b;color:#fff;font-size:11px';
        head.prepend(badge);
      }
    });
  }
  new MutationObserver(label).observe(document.documentElement, { childList: true, subtree: true });
  label();
})();
