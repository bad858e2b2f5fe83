// The one classic script of index.html (a file, not inline: the CSP forbids inline scripts), loaded `async`: it
// never holds up the first paint (the server already wrote the visitor's theme and the splash into the page) and,
// being small, it runs while the app's much larger scripts are still downloading.
// 1. Keeps the theme cookie in step with the remembered theme (a visitor from before the cookie, or one who cleared
//    cookies, gets it back here, and the page switches at once).
// 2. For a visitor who may be signed in (the readable hint cookie beside the HttpOnly refresh cookie), starts the
//    start-up refresh at once, while the scripts are still downloading, instead of after they ran: the app takes
//    its answer (takeEarlyRefresh in src/app/session-io.ts). It runs under the same Web Lock as every refresh of the
//    app and leaves its tokens where a waiting tab looks (src/app/token-sync.ts), since refresh tokens rotate with
//    reuse detection. Should the app have started first after all, it refreshes on its own and this stays out.
(function () {
  // 3. The splash of index.html says so when the app cannot start: its script failed to load (at once), or it has
  //    not started after a long wait (src/main.tsx sets __cabinetStarted first thing).
  //    A prerendered page (no splash) gets the same words in a bar at the foot of the page: its form cannot be sent.
  function explain(text) {
    var splash = document.getElementById('boot');
    if (!splash && document.body) {
      splash = document.createElement('div');
      splash.id = 'boot';
      splash.setAttribute(
        'style',
        'position:fixed;left:0;right:0;bottom:0;z-index:2147483000;display:grid;justify-items:center;gap:8px;' +
          'padding:16px;background:#1f1f24;color:#fff;font:600 1rem/1.5 system-ui,sans-serif;text-align:center',
      );
      document.body.append(splash);
    }
    if (!splash || splash.getAttribute('data-problem')) return;
    splash.setAttribute('data-problem', '');
    splash.setAttribute('role', 'alert');
    var note = document.createElement('p');
    note.textContent = text;
    var reload = document.createElement('button');
    reload.type = 'button';
    reload.textContent = 'Обновить страницу';
    reload.addEventListener('click', function () {
      location.reload();
    });
    splash.append(note, reload);
  }
  // 4. A prerendered page (/login…: #root[data-prerendered]) can be filled in before the app has taken it over. A
  //    form sent then is held until the app has taken that form over (its fields mark it data-ready, take what the
  //    page shows and send it again: src/actors/form-fields.ts). A held submit goes no further: the app, adopting the
  //    page in the middle of this very event, would otherwise handle it too, and the form would be sent twice.
  //    (Sent before this script ran, it is the browser's own POST: the forms say method="post", so nothing typed is
  //    ever in the address, and the server answers it with the page again: server/spa/serve-spa.ts.)
  window.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      var root = document.getElementById('root');
      if (!root || !root.hasAttribute('data-prerendered') || form.hasAttribute('data-ready')) return;
      if (window.__cabinetHydrated) return; // the app has the page: its own handlers have every form
      event.preventDefault();
      event.stopPropagation();
      window.__cabinetPendingSubmit = form;
    },
    true,
  );
  // 4b. A button of a prerendered page (the theme switch, "show password") or of the painted dashboard
  //     (#root[data-first-screen]) does nothing by itself: its handler is the app's. Pressed before the app has begun
  //     taking the page over, it is noted, and the app presses it again once the page is its own (src/main.tsx).
  //     Once React listens at #root (hydrateRoot was called), it adopts a prerendered page inside the very event and
  //     handles the press itself.
  window.addEventListener(
    'click',
    function (event) {
      var root = document.getElementById('root');
      if (!root || window.__cabinetHydrated) return;
      var painted = root.hasAttribute('data-first-screen');
      if (!painted && !root.hasAttribute('data-prerendered')) return;
      var target = event.target;
      var button = target && target.closest ? target.closest('button[type="button"]') : null;
      if (!button || !root.contains(button)) return;
      // The painted dashboard is replaced, not adopted: its buttons have no handler until the app's render is on
      // screen (src/app/painted-takeover.ts finds the new one).
      var listening =
        !painted &&
        Object.keys(root).some(function (key) {
          return key.indexOf('__reactContainer$') === 0;
        });
      if (!listening) (window.__cabinetPendingClicks = window.__cabinetPendingClicks || []).push(button);
    },
    true,
  );
  // 5. A prerendered page names the app's scripts on #root instead of linking them (server/spa/index-html.ts): they
  //    are fetched once the page has loaded (its HTML and styles first), or at the visitor's first touch, key or
  //    focus if that comes sooner — a held sign-in is sent as soon as the app has taken the form over.
  function startApp() {
    var root = document.getElementById('root');
    var entry = root && root.getAttribute('data-entry');
    if (!entry || window.__cabinetEntryAdded) return;
    window.__cabinetEntryAdded = true;
    var modules = (root.getAttribute('data-modules') || '').split(' ').filter(Boolean);
    for (var i = 0; i < modules.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = modules[i];
      document.head.append(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.body.append(script);
  }
  if (document.readyState === 'complete') startApp();
  else {
    window.addEventListener('load', startApp);
    ['pointerdown', 'keydown', 'focusin', 'touchstart'].forEach(function (type) {
      window.addEventListener(type, startApp, { capture: true, once: true, passive: true });
    });
  }
  window.addEventListener(
    'error',
    function (event) {
      var el = event.target;
      if (el && el.tagName === 'SCRIPT' && !window.__cabinetStarted)
        explain('Не удалось загрузить кабинет. Проверьте подключение к интернету и обновите страницу.');
    },
    true,
  );
  setTimeout(function () {
    if (!window.__cabinetStarted)
      explain(
        'Кабинет загружается дольше обычного. Проверьте подключение к интернету или обновите страницу.',
      );
  }, 20000);

  try {
    var t = localStorage.getItem('cabinet.theme');
    if (
      (t === 'dark' || t === 'light') &&
      !new RegExp('(?:^|;\\s*)cabinet_theme=' + t + '(?:;|$)').test(document.cookie)
    ) {
      document.documentElement.dataset.theme = t;
      document.cookie =
        'cabinet_theme=' +
        t +
        '; path=/; max-age=31536000; samesite=lax' +
        (location.protocol === 'https:' ? '; secure' : '');
    }
  } catch {
    // storage disabled: the server's theme (light unless the cookie says dark) stays
  }

  try {
    if (!/(?:^|;\s*)cabinet_signed_in=/.test(document.cookie)) return;
    if (new URLSearchParams(location.search).has('al')) return; // the app signs in with the `al` token first
    if (window.__cabinetStarted) return; // the app ran first and refreshes itself
    if (!window.fetch || !navigator.locks || !window.Promise) return;
    window.__cabinetEarlyRefresh = navigator.locks.request('cabinet-auth-refresh', function () {
      return fetch('/api/client/auth/token/refresh/', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}',
      }).then(
        function (response) {
          return response
            .json()
            .catch(function () {
              return null;
            })
            .then(function (body) {
              var ok =
                response.ok && body && typeof body.access === 'string' && typeof body.expires_in === 'number';
              if (ok) {
                // Where a tab that waited for the lock looks before refreshing (the app itself tells the other
                // tabs through the channel once it takes this answer; a message now would reach this tab too).
                try {
                  localStorage.setItem(
                    'cabinet.auth.lastRefresh',
                    JSON.stringify({
                      tokens: { access: body.access, expires_in: body.expires_in },
                      at: Date.now(),
                    }),
                  );
                } catch {
                  // storage disabled: the other tabs hear of it from the app
                }
              }
              var retryAfter = response.headers.get('Retry-After');
              // Spec point 8: a 429 is a full page load of /429 (never from /429 itself: no reload loop). The
              // app, taking this answer, does not ask again.
              if (response.status === 429 && location.pathname !== '/429') {
                var seconds = /^\d{1,10}$/.test(retryAfter || '')
                  ? Math.min(3600, Math.max(1, +retryAfter))
                  : 0;
                location.assign(seconds ? '/429?retry=' + seconds : '/429');
              }
              return {
                ok: !!ok,
                status: response.status,
                body: body,
                retryAfter: retryAfter,
                at: Date.now(),
              };
            });
        },
        function () {
          return { ok: false, status: 0, body: null, retryAfter: null, at: Date.now() }; // no answer: the app asks again
        },
      );
    });
  } catch {
    // anything unexpected: the app refreshes by itself as it always could
  }
})();
