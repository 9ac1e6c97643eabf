// Loaded before the SPA (a file, not inline: the Content-Security-Policy allows no inline script).
//
// 1. zod would probe `new Function` while building its schemas (to compile parsers), and the policy has no
//    'unsafe-eval', so that probe would be reported as a violation: parse without compiling.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// 2. Every publisher screen first asks who is signed in. With a stored, unexpired session those answers are
//    requested now, while the SPA's code is still arriving and being evaluated; the SPA's API client takes
//    each answer once (src/lib/early-requests.ts), for the same token, instead of asking again.
(function () {
  if (!location.pathname.startsWith('/publisher')) return;
  var token = localStorage.getItem('portal.token');
  var expiresAt = Number(localStorage.getItem('portal.expiresAt'));
  if (!token || !(expiresAt - 5000 > Date.now())) return;
  var headers = { authorization: 'Bearer ' + token, 'x-requested-with': 'marketplace-portal' };
  var responses = {};
  ['/v1/me', '/v1/publisher', '/v1/me/ac', '/v1/misc/cloud-urls'].forEach(function (path) {
    responses[path] = fetch(path, { headers: headers, referrerPolicy: 'strict-origin' });
    responses[path].catch(function () {});
  });
  globalThis.__portalEarly = { token: token, at: Date.now(), responses: responses };
})();
