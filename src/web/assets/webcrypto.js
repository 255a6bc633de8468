// The page's cryptography, all of it the browser's WebCrypto: the engine in
// WebAssembly holds none (ledger/crypto_oracle.h). When an answer of the
// engine says what it needs ({"need": {"sha256", "hmac", "verify"}}), this
// computes it, teaches the engine ({"op": "learn"}) and asks again.
var AdjutantCrypto = (function () {
  'use strict';
  var subtle = (typeof crypto !== 'undefined' && crypto.subtle) || null;

  function fromBase64(text) {
    var raw = atob(text), out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }
  function toBase64(bytes) {
    var s = '';
    var b = new Uint8Array(bytes);
    for (var i = 0; i < b.length; i += 0x8000) s += String.fromCharCode.apply(null, b.subarray(i, i + 0x8000));
    return btoa(s);
  }

  function sha256(data) {
    return subtle.digest('SHA-256', data).then(function (d) { return new Uint8Array(d); });
  }
  function hmac(key, data) {
    return subtle.importKey('raw', key, {name: 'HMAC', hash: 'SHA-256'}, false, ['sign'])
      .then(function (k) { return subtle.sign('HMAC', k, data); })
      .then(function (m) { return new Uint8Array(m); });
  }
  function verify(publicRaw, message, signature) {
    return subtle.importKey('raw', publicRaw, {name: 'Ed25519'}, false, ['verify'])
      .then(function (k) { return subtle.verify({name: 'Ed25519'}, k, signature, message); })
      .catch(function () { return false; });  // a malformed key or signature verifies nothing
  }

  // The answers to an engine's misses, in the form CryptoOracle::learn reads;
  // `signers` maps a raw public key (standard base64) to the CryptoKey that
  // signs for it (the page's own key).
  function answer(need, signers) {
    var sha = (need.sha256 || []).map(function (d) {
      return sha256(fromBase64(d)).then(function (h) { return [d, toBase64(h)]; });
    });
    var mac = (need.hmac || []).map(function (kd) {
      return hmac(fromBase64(kd[0]), fromBase64(kd[1])).then(function (m) { return [kd[0], kd[1], toBase64(m)]; });
    });
    var sig = (need.verify || []).map(function (pms) {
      return verify(fromBase64(pms[0]), fromBase64(pms[1]), fromBase64(pms[2]))
        .then(function (ok) { return [pms[0], pms[1], pms[2], ok]; });
    });
    var sign = (need.sign || []).map(function (pm) {
      var key = signers && signers[pm[0]];
      if (!key) return Promise.reject(new Error('this page holds no key to sign with'));
      return subtle.sign({name: 'Ed25519'}, key, fromBase64(pm[1]))
        .then(function (s) { return [pm[0], pm[1], toBase64(new Uint8Array(s))]; });
    });
    return Promise.all([Promise.all(sha), Promise.all(mac), Promise.all(sig), Promise.all(sign)])
      .then(function (r) { return {sha256: r[0], hmac: r[1], verify: r[2], sign: r[3]}; });
  }

  // Asks `engine` (request -> answer, synchronous) until its answer needs
  // nothing more; each round teaches it what the last one missed.
  function ask(engine, request, signers) {
    var rounds = 0;
    function round() {
      var a = engine(request);
      if (!a || !a.need) return Promise.resolve(a);
      if (++rounds > 1000) return Promise.reject(new Error('the engine keeps needing hashes'));
      return answer(a.need, signers).then(function (learned) {
        var l = engine({op: 'learn', answers: learned});
        if (!l.ok) throw new Error('[' + l.error + '] ' + l.message);
        return round();
      });
    }
    return round();
  }

  // Ed25519 in this browser's WebCrypto (Chromium 137, Firefox 129 and
  // Safari 17 have it): a key is made and used once to find out.
  function hasEd25519() {
    if (!subtle) return Promise.resolve(false);
    return subtle.generateKey({name: 'Ed25519'}, true, ['sign', 'verify'])
      .then(function () { return true; }, function () { return false; });
  }

  return {answer: answer, ask: ask, sha256: sha256, hmac: hmac, verify: verify,
          hasEd25519: hasEd25519, fromBase64: fromBase64, toBase64: toBase64,
          available: function () { return subtle !== null; }};
})();
