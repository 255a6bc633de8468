// The player page (docs/play-in-browser.md): a player's whole job offline,
// from the mail. The rules and the game layer are the WebAssembly engine
// (web/player.h); every hash, verdict and signature is the browser's
// WebCrypto (play-crypto, webcrypto.js); the map is player_map.js
// (play-map), the parts that keep no state player_parts.js (play-parts). The player's key and dice chain
// stay in this browser's storage and in the backup file the player saves;
// they are never in a mail, an order file or a page.
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var data = JSON.parse($('play-data').textContent);
  var engineModule = null;
  var me = {side: data.side, key: null, publicB64: null, chain: null, links: {}};
  var status = null;
  var enc = new TextEncoder();
  // A side's sealed copy of a fog-of-war game (mode "sealed") is asked with
  // sealed.* requests, a whole game with game.* ones (web/player_sealed.h).
  var sealed = data.mode === 'sealed';
  var kind = sealed ? 'sealed' : 'game';

  // --- small helpers (and those that keep no state: player_parts.js) ----

  var P = AdjutantPlayParts;
  var hex = P.hex, unhex = P.unhex, b64url = P.b64url, fromB64url = P.fromB64url, concat = P.concat;
  var u32 = P.u32, lp = P.lp, escapeHtml = P.escapeHtml, wrap64 = P.wrap64, signedFile = P.signedFile;
  var mimeParts = P.mimeParts, carriedLines = P.carriedLines, pageData = P.pageData, fill = P.fill;
  var zip = P.zip;
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  // RFC 3339 as the log records times: whole seconds, UTC.
  function now() { return new Date().toISOString().replace(/\.\d+Z$/, 'Z'); }
  function download(a, name, text, type) {
    a.setAttribute('download', name);
    a.setAttribute('href', URL.createObjectURL(new Blob([text], {type: type || 'application/octet-stream'})));
    a.hidden = false;
    a.setAttribute('data-file', name);
  }
  function say(id, text, cls) {
    var e = $(id);
    e.textContent = text;
    e.className = cls || '';
  }
  function readFile(input) {
    return new Promise(function (resolve, reject) {
      var f = input.files && input.files[0];
      if (!f) return reject(new Error('no file'));
      var r = new FileReader();
      r.onload = function () { resolve({name: f.name, text: r.result}); };
      r.onerror = function () { reject(r.error); };
      r.readAsText(f);
    });
  }

  // --- storage: this browser's copy, keys and signed files --------------

  var store = {
    get: function (k) {
      try { var v = localStorage.getItem('adjutant:' + k); return v === null ? null : JSON.parse(v); } catch (e) { return null; }
    },
    set: function (k, v) {
      try { localStorage.setItem('adjutant:' + k, JSON.stringify(v)); return true; } catch (e) { return false; }
    }
  };
  function keyName() { return 'key:' + data.name + ':' + data.side; }

  // --- the engine --------------------------------------------------------

  function engine(request) {
    var m = engineModule;
    var text = JSON.stringify(request);
    var n = m.lengthBytesUTF8(text) + 1;
    var p = m._malloc(n);
    m.stringToUTF8(text, p, n);
    var out = m.ccall('adjutant_answer', 'number', ['number'], [p]);
    m._free(p);
    return JSON.parse(m.UTF8ToString(out));
  }
  function signers() {
    var s = {};
    if (me.key) s[me.publicB64] = me.key;
    return s;
  }
  function ask(request) { return AdjutantCrypto.ask(engine, request, signers()); }

  // The bytes of base64 gzip text, inflated.
  function inflate(base64) {
    var text = atob(base64.trim());
    var gz = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) gz[i] = text.charCodeAt(i);
    return new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  }
  function loadEngine() {
    return inflate($('play-wasm').textContent).then(function (bytes) {
      return AdjutantOrderCheck({wasmBinary: new Uint8Array(bytes)});
    }).then(function (m) { engineModule = m; });
  }

  // --- keys and dice chains (WebCrypto) ------------------------------------

  var CHAIN_LABEL = enc.encode('adjutant-dice-v1/chain');
  // s_(i-1) = H(lp("adjutant-dice-v1/chain") || u32(i) || s_i), docs/protocol.md 6.
  function chainLink(m) {
    if (me.links[m]) return Promise.resolve(me.links[m]);
    var i = me.chain.length, s = unhex(me.chain.top);
    function step() {
      me.links[i] = s;
      if (i === m) return Promise.resolve(s);
      return AdjutantCrypto.sha256(concat([lp(CHAIN_LABEL), u32(i), s])).then(function (d) {
        s = d;
        i -= 1;
        return step();
      });
    }
    return step();
  }
  function pem(pkcs8) {
    var b = AdjutantCrypto.toBase64(pkcs8).match(/.{1,64}/g).join('\n');
    return '-----BEGIN PRIVATE KEY-----\n' + b + '\n-----END PRIVATE KEY-----\n';
  }
  function unpem(text) {
    return AdjutantCrypto.fromBase64(text.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''));
  }
  function useKey(saved) {
    me.chain = saved.chain;
    me.links = {};
    me.publicB64 = AdjutantCrypto.toBase64(fromB64url(saved.public));
    return crypto.subtle.importKey('pkcs8', unpem(saved.key_pem), {name: 'Ed25519'}, true, ['sign'])
      .then(function (k) { me.key = k; });
  }
  function newKeyAndChain(length) {
    var saved = {};
    return crypto.subtle.generateKey({name: 'Ed25519'}, true, ['sign', 'verify']).then(function (kp) {
      return Promise.all([crypto.subtle.exportKey('pkcs8', kp.privateKey),
                          crypto.subtle.exportKey('raw', kp.publicKey)]);
    }).then(function (r) {
      var top = new Uint8Array(32);
      crypto.getRandomValues(top);
      saved = {format: 'adjutant-page-key/1', game: data.name, party: data.side,
               key_pem: pem(r[0]), public: b64url(r[1]),
               chain: {format: 'adjutant-chain/1', game: data.name, length: length,
                       party: data.side, top: hex(top)}};
      return saved;
    });
  }
  // The backup file: what `adjutant import` takes (docs/play-in-browser.md).
  function backupText(copy) {
    var saved = store.get(keyName());
    var b = {format: 'adjutant-backup/1', game: data.name, side: data.side,
             key_pem: saved && saved.key_pem, chain: saved && saved.chain};
    if (copy && sealed) {
      b.sealed = copy.post;
      b.signed = store.get('signed:' + status.game) || {};
    } else if (copy) {
      b.log = copy.log;
      b.scenario = data.scenario;
      b.signed = store.get('signed:' + status.game) || {};
    }
    return JSON.stringify(b, null, 2) + '\n';
  }
  function takeBackup(input) {
    return readFile(input).then(function (f) {
      var b = JSON.parse(f.text);
      if (b.format !== 'adjutant-backup/1' || b.game !== data.name || b.side !== data.side)
        throw new Error('this is not a backup of ' + data.side + ' in ' + data.name);
      var key = crypto.subtle.importKey('pkcs8', unpem(b.key_pem), {name: 'Ed25519'}, true, ['sign']);
      return key.then(function (k) { return crypto.subtle.exportKey('jwk', k); }).then(function (jwk) {
        var saved = {format: 'adjutant-page-key/1', game: data.name, party: data.side,
                     key_pem: b.key_pem, public: jwk.x, chain: b.chain};
        store.set(keyName(), saved);
        if (b.signed && status) store.set('signed:' + status.game, b.signed);
        return saved;
      });
    });
  }

  // --- mail ----------------------------------------------------------------

  // A MIME message (RFC 5322): the text, then each attachment in base64.
  function mail(m) {
    var boundary = '=_adjutant_page_' + hex(crypto.getRandomValues(new Uint8Array(12)));
    var lines = ['From: ' + m.from, 'To: ' + m.to, 'Subject: ' + m.subject,
                 'Date: ' + new Date().toUTCString().replace('GMT', '+0000'),
                 'MIME-Version: 1.0', 'X-Adjutant-Game: ' + (status ? status.game : ''),
                 'Content-Type: multipart/mixed; boundary="' + boundary + '"', '',
                 'This is a MIME message.', '--' + boundary,
                 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', ''];
    lines.push(wrap64(AdjutantCrypto.toBase64(enc.encode(m.text))));
    (m.attachments || []).forEach(function (a) {
      lines.push('--' + boundary, 'Content-Type: ' + a.type + '; name="' + a.name + '"',
                 'Content-Disposition: attachment; filename="' + a.name + '"',
                 'Content-Transfer-Encoding: base64', '', wrap64(AdjutantCrypto.toBase64(enc.encode(a.text))));
    });
    lines.push('--' + boundary + '--', '');
    return lines.join('\r\n');
  }
  function address(p) { return p ? (p.name + ' <' + p.email + '>') : ''; }
  function party(id) {
    for (var i = 0; status && i < status.parties.length; i++) if (status.parties[i].id === id) return status.parties[i];
    return null;
  }
  function mailto(a, to, subject, body) {
    a.setAttribute('href', 'mailto:' + encodeURIComponent(to) + '?subject=' + encodeURIComponent(subject) +
                   '&body=' + encodeURIComponent(body));
    a.hidden = false;
  }

  // --- the next page: this page's parts around new data --------------------

  function pageFor(newData) {
    var skeleton = $('play-skeleton').textContent;
    var json = engine({op: 'page.json', data: newData});
    if (!json.ok) throw new Error('[' + json.error + '] ' + json.message);
    return fill(skeleton.replace(/<\\\//g, '</'), {
      title: escapeHtml(newData.title), style: $('play-style').textContent,
      skeleton: skeleton, markup: $('play-markup').textContent, data: json.text,
      wasm: $('play-wasm').textContent, glue: $('play-glue').textContent,
      crypto: $('play-crypto').textContent, parts_script: $('play-parts').textContent,
      map_script: $('play-map').textContent,
      app: $('play-app').textContent});
  }
  function sideName(side) {
    var sides = (data.scenario && data.scenario.sides) || [];
    for (var i = 0; i < sides.length; i++) if (sides[i].id === side) return sides[i].name || side;
    return side;
  }
  function dataFor(side, log) {
    var d = JSON.parse(JSON.stringify(data));
    d.side = side;
    d.log = log;
    d.title = data.name + ': ' + sideName(side);
    return d;
  }

  // --- the map (player_map.js) -------------------------------------------

  // A counter of the side picked, then a hex: a move written as text.
  var map = AdjutantPlayMap.create(data, {sealed: sealed, inflate: inflate, onPick: function (unit, h) {
    var ta = $('orders-text');
    ta.value = (ta.value && !/\n$/.test(ta.value) ? ta.value + '\n' : ta.value) + unit + ' ' + h + '\n';
    checkOrders();
  }});

  // --- the game ------------------------------------------------------------

  function openGame(log) {
    return ask({op: 'game.open', log: log, scenario: data.scenario}).then(function (o) {
      if (!o.ok) throw new Error('[' + o.error + '] ' + o.message);
      return verify();
    });
  }
  function verify() {
    say('verified', 'Verifying every line with this browser\'s cryptography…', 'pending');
    return ask({op: 'game.verify'}).then(function (v) {
      document.body.setAttribute('data-verified', v.ok ? 'ok' : v.error);
      if (!v.ok) {
        say('verified', 'Line ' + v.line + ' does not verify: [' + v.error + '] ' + v.message, 'failed');
        throw new Error('[' + v.error + '] ' + v.message);
      }
      say('verified', 'Verified: every signature, die and state of ' + v.lines + ' lines (head ' +
          v.head.slice(0, 16) + '…)', 'ok');
      return refresh();
    });
  }
  function refresh() {
    return ask({op: 'game.status', side: data.side}).then(function (s) {
      status = s;
      var copy = store.get('copy:' + s.game);
      var files = engine({op: 'game.files'});
      if (files.ok && (!copy || copy.log.length <= files.files['log.jsonl'].length))
        store.set('copy:' + s.game, {log: files.files['log.jsonl']});
      showStatus();
      map.counters(status);
      showReport();
      return s;
    });
  }
  function myRole() {
    if (!status || status.over) return 'over';
    if (sealed) return status.due ? 'orders' : 'wait';
    if (status.awaited.indexOf(data.side) >= 0) return 'orders';
    if (status.adjudicator === data.side) return 'adjudicate';
    return 'wait';
  }
  function showStatus() {
    var s = status, p = $('status');
    p.innerHTML = '';
    var role = myRole();
    document.body.setAttribute('data-role', role);
    if (sealed) {
      p.appendChild(el('strong', {}, s.over ? 'The game is over. ' : 'Turn ' + s.turn + ', ' + s.phase + '. '));
      p.appendChild(document.createTextNode(
        s.over ? (s.revealed ? 'The umpire has opened every commitment.' : 'The umpire opens every commitment at the end (adjutant reveal).') :
        role === 'orders' ? 'Your orders are due: sign them and mail them to the umpire.' :
        'Waiting for the umpire\'s next post (the other side\'s orders, or the adjudication).'));
    } else if (s.over) {
      p.appendChild(el('strong', {}, 'The game is over. '));
      p.appendChild(document.createTextNode(s.result || ''));
    } else {
      p.appendChild(el('strong', {}, 'Turn ' + s.turn + ', ' + s.phase + '. '));
      p.appendChild(document.createTextNode(
        role === 'orders' ? 'Your orders are due by ' + s.deadline + ' (UTC).' :
        role === 'adjudicate' ? 'You adjudicate ' + s.side_due + '\'s orders when they come (due by ' + s.deadline + ' UTC).' :
        'Waiting for ' + s.awaited.join(', ') + ' (due by ' + s.deadline + ' UTC).'));
    }
    $('orders-box').hidden = role !== 'orders';
    $('adjudicate-box').hidden = role !== 'adjudicate';
    $('keys').hidden = !!me.key;
  }
  // The latest adjudication: the orders as applied and what came of them.
  function showReport() {
    var r = $('report');
    r.innerHTML = '';
    if (sealed) {
      if (status.visible_line < 0) { r.appendChild(el('p', {}, 'Nothing adjudicated yet.')); return; }
      r.appendChild(el('p', {}, 'Turn ' + status.turn + ' (line ' + status.visible_line + '), what ' +
                       sideName(data.side) + ' may see of it:'));
      var seen = el('ul', {});
      status.visible_text.forEach(function (t) { seen.appendChild(el('li', {}, t)); });
      r.appendChild(seen);
      return;
    }
    var adjs = sinceMyTurn();
    map.marks(adjs);
    if (!adjs.length) { r.appendChild(el('p', {}, 'Nothing adjudicated yet.')); return; }
    r.appendChild(el('p', {'class': 'hint'}, 'Since your last orders, drawn on the map: moves as arrows, ' +
                     'retreats and advances dashed, combats ringed with their odds and result.'));
    adjs.forEach(function (e) {
      r.appendChild(el('p', {}, 'Turn ' + e.body.turn + ', ' + e.body.phase + ' (line ' + e.seq + ', ' + e.body.at + '):'));
      var ul = el('ul', {});
      (e.body.echo || []).forEach(function (t) { ul.appendChild(el('li', {}, t)); });
      (e.body.events || []).forEach(function (ev) {
        if (ev.type === 'combat')
          ul.appendChild(el('li', {}, 'combat ' + (ev.combat || '') + ': ' + (ev.odds || '') + ', die ' +
                            (ev.die ? ev.die.value : '?') + ', ' + (ev.result || '')));
        // What came of the combats and the phase: retreats, advances,
        // eliminations, arrivals (moves are in the orders as applied above).
        else if (ev.unit && ev.type !== 'move')
          ul.appendChild(el('li', {}, ev.type.replace(/_/g, ' ') + ' ' + ev.unit +
                            (ev.from && ev.to ? ' ' + ev.from + ' → ' + ev.to : ev.hex ? ' at ' + ev.hex : '') +
                            (ev.rule ? ' (' + ev.rule + ')' : '')));
      });
      r.appendChild(ul);
    });
  }

  // The adjudications since this side's last order file (its own, and the
  // other side's after it); at the start of a game, the latest one.
  function sinceMyTurn() {
    var files = engine({op: 'game.files'});
    var lines = (files.ok ? files.files['log.jsonl'] : data.log).trim().split('\n').map(function (l) {
      return JSON.parse(l);
    });
    var from = -1;
    for (var i = lines.length - 1; i >= 0 && from < 0; i--)
      if (lines[i].kind === 'orders' && lines[i].body.body && lines[i].body.body.side === data.side) from = i;
    var out = lines.filter(function (e, k) { return k > from && e.kind === 'adjudication'; });
    if (from < 0) out = out.slice(-1);
    return out;
  }
  // --- orders ----------------------------------------------------------------

  function checkOrders() {
    var out = $('orders-check');
    var text = $('orders-text').value;
    if (!status || !text.trim()) { out.textContent = ''; return; }
    var r = engine({op: kind + '.read', side: data.side, text: text});
    out.innerHTML = '';
    document.body.setAttribute('data-orders', r.ok ? 'ok' : (r.error || 'need'));
    if (r.need) { out.textContent = 'checking…'; return; }
    if (r.ok) {
      out.appendChild(el('p', {'class': 'ok'}, 'The orders are valid. As understood:'));
      var ul = el('ul', {});
      (r.echo || []).forEach(function (t) { ul.appendChild(el('li', {}, t)); });
      out.appendChild(ul);
    } else {
      out.appendChild(el('p', {'class': 'refused'}, 'Refused:'));
      var pl = el('ul', {'class': 'problems'});
      (r.problems || [{text: '[' + r.error + '] ' + r.message}]).forEach(function (p) {
        pl.appendChild(el('li', {'data-id': p.id || r.error}, p.text || p.message));
      });
      out.appendChild(pl);
    }
  }
  function phaseKey() {
    return data.side + '/' + status.turn + '/' + status.phase + '/' + status.after;
  }
  function signOrders() {
    var text = $('orders-text').value;
    var r = engine({op: kind + '.read', side: data.side, text: text});
    if (!r.ok) { checkOrders(); return Promise.resolve(); }
    var m = sealed ? status.next_link : status.order_links[data.side];
    var signed = store.get('signed:' + status.game) || {};
    return chainLink(m).then(function (s) {
      return ask({op: kind + '.sign', side: data.side, body: r.body, link: {m: m, s: hex(s)},
                  previous: signed[phaseKey()] || null});
    }).then(function (out) {
      if (!out.ok) throw new Error('[' + out.error + '] ' + out.message);
      signed[phaseKey()] = out.envelope;
      store.set('signed:' + status.game, signed);
      var name = data.side + '-turn' + status.turn + '-r' + out.envelope.body.revision + '.signed.json';
      download($('orders-file'), name, out.text, 'application/json');
      var to = party(sealed ? 'umpire' : status.adjudicator);
      var armored = armor(engine({op: 'page.canonical', data: out.envelope}).text);
      download($('orders-mail'), data.name + '-orders.eml', mail({
        from: address(party(data.side)), to: address(to),
        subject: data.name + ': orders of ' + data.side + ', turn ' + status.turn,
        text: 'My orders for turn ' + status.turn + ' (' + status.phase + '), revision ' +
              out.envelope.body.revision + ', are attached and below.\r\n\r\n' + armored + '\r\n',
        attachments: [{name: name, type: 'application/json', text: out.text}]}), 'message/rfc822');
      document.body.setAttribute('data-signed', name);
    });
  }
  function armor(canonical) {
    var b = b64url(enc.encode(canonical)).match(/.{1,64}/g).join('\r\n');
    return '-----BEGIN-ADJUTANT-SIGNED-JSON-----\r\n' + b + '\r\n-----END-ADJUTANT-SIGNED-JSON-----';
  }

  // --- adjudicating the other side's orders ----------------------------------

  var received = null;
  function takeOrders() {
    return readFile($('adj-file')).then(function (f) {
      received = signedFile(f.text);
      return ask({op: 'game.check', envelope: received});
    }).then(function (c) {
      var out = $('adj-check');
      out.innerHTML = '';
      document.body.setAttribute('data-adj-check', c.ok ? 'ok' : c.error);
      if (!c.ok) {
        out.appendChild(el('p', {'class': 'refused'}, '[' + c.error + '] ' + c.message));
        $('adj-run').disabled = true;
        return;
      }
      out.appendChild(el('p', {'class': 'ok'}, c.side + '\'s orders (revision ' + c.revision + ') check. As understood:'));
      var ul = el('ul', {});
      c.echo.forEach(function (t) { ul.appendChild(el('li', {}, t)); });
      out.appendChild(ul);
      $('adj-run').disabled = false;
    }).catch(function (e) { say('adj-check', String(e.message || e), 'refused'); });
  }
  function adjudicate() {
    var i = status.links[data.side], first = status.lines;
    var mover = status.mover;
    return chainLink(i).then(function (s) {
      return ask({op: 'game.adjudicate', envelope: received, link: {m: i, s: hex(s)}, at: now()});
    }).then(function (out) {
      if (!out.ok) throw new Error('[' + out.error + '] ' + out.message);
      return refresh().then(function () { return resultMail(first, status.lines - 1, mover); });
    }).catch(function (e) { say('adj-check', String(e.message || e), 'refused'); });
  }
  // The mail to the other side: the new lines, and its next page.
  function resultMail(first, last, to) {
    var lines = engine({op: 'game.lines', first: first, last: last});
    var log = engine({op: 'game.files'}).files['log.jsonl'];
    var page = pageFor(dataFor(to, log));
    var text = 'Adjudicated by ' + data.side + ' in the page: log lines ' + first + ' to ' + last +
        ' are attached, with your next page.\r\n\r\n' + reportText();
    download($('adj-mail'), data.name + '-lines-' + first + '-' + last + '.eml', mail({
      from: address(party(data.side)), to: address(party(to)),
      subject: data.name + ': turn ' + status.turn + ' (log lines ' + first + '-' + last + ')',
      text: text,
      attachments: [{name: lines.name, type: 'application/x-ndjson', text: lines.text},
                    {name: data.name + '-' + to + '.html', type: 'text/html', text: page}]}),
      'message/rfc822');
    document.body.setAttribute('data-result', first + '-' + last);
  }
  function reportText() {
    var r = $('report');
    return r ? r.innerText.replace(/\n/g, '\r\n') : '';
  }

  // --- a result mail from the other side ------------------------------------

  function takeResult() {
    return readFile($('sync-file')).then(function (f) {
      return sealed ? ask({op: 'sealed.offer', posts: carriedPosts(f.text)}) :
        ask({op: 'game.offer', lines: carriedLines(f.text)});
    }).then(function (r) {
      if (!r.ok) {
        say('sync-result', 'Refused: [' + r.error + '] ' + r.message, 'refused');
        document.body.setAttribute('data-sync', r.error);
        return;
      }
      say('sync-result', 'Took ' + (sealed ? r.added : r.added.length) + ' new line(s); ' + r.already + ' were here.', 'ok');
      return (sealed ? verifySealed() : refresh()).then(function () {
        document.body.setAttribute('data-sync', 'ok');
      });
    }).catch(function (e) { say('sync-result', String(e.message || e), 'refused'); });
  }

  // --- more: export, backup, concede --------------------------------------------

  function exportZip() {
    var f = engine({op: kind + '.files'});
    if (!f.ok) return;
    var files = {};
    Object.keys(f.files).forEach(function (n) { files[data.name + '/' + n] = f.files[n]; });
    var a = $('export-zip');
    a.setAttribute('download', data.name + '.zip');
    a.setAttribute('href', URL.createObjectURL(new Blob([zip(files)], {type: 'application/zip'})));
  }
  function concede() {
    return ask({op: 'game.concede', side: data.side, at: now()}).then(function (r) {
      if (!r.ok) { say('more-result', '[' + r.error + '] ' + r.message, 'refused'); return; }
      var first = status.lines;
      return refresh().then(function () {
        var other = status.parties.filter(function (p) { return p.id !== data.side && p.id !== 'umpire'; })[0];
        resultMail(first, status.lines - 1, other.id);
        var a = $('adj-mail');
        $('more-result').innerHTML = '';
        $('more-result').appendChild(a.cloneNode(true));
      });
    });
  }

  // --- the two pages ---------------------------------------------------------

  function joinView() {
    $('join').hidden = false;
    $('join-about').textContent = 'You are invited to ' + data.name + (data.scenario_title ? ' (' + data.scenario_title + ')' : '') +
        ' as ' + data.side + ' by ' + data.host.name + ' <' + data.host.email + '>.';
    function card(saved) {
      return useKey(saved).then(function () {
        return chainLink(0);
      }).then(function (anchor) {
        return ask({op: 'card', game: data.name, party: data.side, name: $('join-name').value,
                    email: $('join-email').value, key: saved.public, anchor: hex(anchor),
                    length: saved.chain.length});
      }).then(function (c) {
        if (!c.ok) throw new Error('[' + c.error + '] ' + c.message);
        store.set(keyName(), saved);
        download($('join-card-link'), data.side + '.card.json', c.text, 'application/json');
        download($('join-backup-link'), data.name + '-' + data.side + '.backup.json', backupText(null), 'application/json');
        store.set('card:' + data.name + ':' + data.side, c.text);
        mailto($('join-mail'), data.host.email, data.name + ': card of ' + data.side,
               'My player card for ' + data.name + ' is attached (' + data.side + '.card.json).');
        $('join-done').hidden = false;
        document.body.setAttribute('data-card', 'ok');
        // The player who hosts (the invitation names their own address)
        // invites the other side and makes the game here.
        if (!data.fog && $('join-email').value.trim().toLowerCase() === (data.host.email || '').toLowerCase())
          hostView(c.text);
      }).catch(function (e) { say('join-about', String(e.message || e), 'refused'); });
    }
    $('join-make').addEventListener('click', function () {
      newKeyAndChain(1000).then(card);
    });
    $('join-backup').addEventListener('change', function () {
      takeBackup($('join-backup')).then(card).catch(function (e) { say('join-about', String(e.message || e), 'refused'); });
    });
  }

  // --- hosting from the page ------------------------------------------------

  function otherSide() {
    var sides = (data.scenario.sides || []).map(function (x) { return x.id; });
    return sides.filter(function (x) { return x !== data.side; })[0];
  }
  // A turn page's data, as `adjutant view --play` writes it, from this join page's.
  function turnData(side, log) {
    var d = dataFor(side, log);
    d.mode = 'turn';
    delete d.host;
    delete d.scenario_title;
    return d;
  }
  function hostView(myCard) {
    var other = otherSide(), me = {name: $('join-name').value, email: $('join-email').value};
    $('host').hidden = false;
    $('host-about').textContent = 'You host ' + data.name + '. Invite the player of ' + sideName(other) +
        ' with their join page, then make the game from their card.';
    $('host-invite').addEventListener('click', function () {
      var to = {name: $('host-their-name').value, email: $('host-their-email').value};
      var d = JSON.parse(JSON.stringify(data));
      d.side = other;
      d.title = data.name + ': join as ' + other;
      d.host = {name: me.name, email: me.email};
      var page = pageFor(d), name = 'join-' + other + '.html';
      download($('host-page'), data.name + '-' + name, page, 'text/html');
      download($('host-mail'), data.name + '-invite-' + other + '.eml', mail({
        from: address(me), to: address(to), subject: data.name + ': you are invited to play ' + other,
        text: 'You are invited to play ' + other + ' in ' + data.name + ', hosted by ' + me.name + '.\r\n\r\n' +
              'Open the attached page (' + name + ') in a browser, make your key and card, save your backup,\r\n' +
              'and mail the card back to ' + me.email + '.\r\n',
        attachments: [{name: name, type: 'text/html', text: page}]}), 'message/rfc822');
    });
    $('host-card').addEventListener('change', function () {
      var theirs;
      readFile($('host-card')).then(function (f) {
        theirs = signedFile(f.text);
        return ask({op: 'genesis', name: data.name, created: now(), scenario: data.scenario,
                    cards: [JSON.parse(myCard), theirs], host: data.side});
      }).then(function (g) {
        if (!g.ok) throw new Error('[' + g.error + '] ' + g.message);
        return ask({op: 'game.open', log: g.log, scenario: data.scenario}).then(function (o) {
          if (!o.ok) throw new Error('[' + o.error + '] ' + o.message);
          return ask({op: 'game.verify'});
        }).then(function (v) {
          if (!v.ok) throw new Error('[' + v.error + '] ' + v.message);
          return ask({op: 'game.status', side: data.side});
        }).then(function (st) {
          status = st;
          store.set('copy:' + st.game, {log: g.log});
          var mine = pageFor(turnData(data.side, g.log));
          var their = pageFor(turnData(other, g.log));
          var lines = engine({op: 'game.lines', first: 0, last: 0});
          var to = party(other);
          download($('host-mine'), data.name + '-' + data.side + '.html', mine, 'text/html');
          download($('host-first'), data.name + '-start-' + other + '.eml', mail({
            from: address(party(data.side)), to: address(to),
            subject: data.name + ': the game begins',
            text: 'The game ' + data.name + ' is made (log line 0). Open the attached page, ' +
                  data.name + '-' + other + '.html, to play ' + other + '.\r\n',
            attachments: [{name: lines.name, type: 'application/x-ndjson', text: lines.text},
                          {name: data.name + '-' + other + '.html', type: 'text/html', text: their}]}),
            'message/rfc822');
          say('host-result', 'The game is made: open your game page, and send the first mail.', 'ok');
          document.body.setAttribute('data-hosted', st.game);
        });
      }).catch(function (e) { say('host-result', String(e.message || e), 'refused'); });
    });
  }

  function turnView() {
    $('turn').hidden = false;
    var saved = store.get(keyName());
    var ready = map.draw().then(function () { return saved ? useKey(saved) : null; });
    // This browser's copy, when it holds more of this game than the page.
    return ready.then(function () {
      return openGame(data.log);
    }).then(function () {
      var copy = store.get('copy:' + status.game);
      if (copy && copy.log.length > data.log.length && copy.log.indexOf(data.log) === 0)
        return ask({op: 'game.offer', lines: copy.log}).then(function () { return refresh(); });
      if (copy && data.log.indexOf(copy.log) !== 0 && copy.log.indexOf(data.log) !== 0)
        say('about', 'This page\'s game went another way than this browser\'s copy: the page is shown.', 'refused');
    }).then(wireTurn);
  }
  // The buttons and files of a turn's page, whole game or sealed copy.
  function wireTurn() {
    $('orders-text').addEventListener('input', checkOrders);
    $('orders-sign').addEventListener('click', function () {
      signOrders().catch(function (e) { say('orders-check', String(e.message || e), 'refused'); });
    });
    $('adj-file').addEventListener('change', takeOrders);
    $('adj-run').addEventListener('click', adjudicate);
    $('sync-file').addEventListener('change', takeResult);
    $('keys-backup').addEventListener('change', function () {
      takeBackup($('keys-backup')).then(useKey).then(showStatus)
        .catch(function (e) { say('status', String(e.message || e), 'refused'); });
    });
    $('export-zip').addEventListener('click', exportZip);
    $('backup-link').addEventListener('click', function () {
      var a = $('backup-link');
      a.setAttribute('download', data.name + '-' + data.side + '.backup.json');
      a.setAttribute('href', URL.createObjectURL(new Blob([backupText(store.get((sealed ? 'sealed:' : 'copy:') + status.game))])));
    });
    $('concede').addEventListener('click', function () {
      if (confirm('Concede ' + data.name + '? The game ends.')) concede();
    });
    var to = party(sealed ? 'umpire' : status.adjudicator || '');
    if (to) mailto($('extension-mail'), to.email, data.name + ': asking for more time',
                   'Could you extend the deadline of turn ' + status.turn + '? (adjutant ruling GAME --extend HOURS)');
  }

  // --- a side's sealed copy (fog of war) ------------------------------------

  // The sealed posts a dropped file brings: a result mail's attachments, the
  // copy of the page it carries, or a post itself.
  function carriedPosts(text) {
    var t = text.trim(), posts = [];
    function fromPage(html) {
      var d = pageData(html);
      if (!d.copy) throw new Error('a page of another kind than a sealed copy\'s');
      return d.copy;
    }
    if (/id="play-data"/.test(text) && !/^(From|To|Subject|MIME-Version|Date|Return-Path|Received):/im.test(t.slice(0, 400)))
      return [fromPage(text)];
    if (t.charAt(0) === '{') return [JSON.parse(t)];
    var parts = mimeParts(text);
    parts.forEach(function (p) {
      if (p.type === 'application/vnd.adjutant.sealed-post+json' || /^sealed-.*\.json$/.test(p.name))
        posts.push(JSON.parse(p.text));
    });
    if (!posts.length) parts.forEach(function (p) {
      if (/\.html$/.test(p.name) && /id="play-data"/.test(p.text)) posts.push(fromPage(p.text));
    });
    if (!posts.length) throw new Error('no sealed post in it');
    return posts;
  }
  function verifySealed() {
    say('verified', 'Verifying the sealed copy with this browser\'s cryptography…', 'pending');
    return ask({op: 'sealed.verify'}).then(function (v) {
      document.body.setAttribute('data-verified', v.ok ? 'ok' : v.error);
      if (!v.ok) {
        say('verified', (v.where || 'The copy') + ' does not verify: [' + v.error + '] ' + v.message, 'failed');
        throw new Error('[' + v.error + '] ' + v.message);
      }
      say('verified', v.revealed ?
        'Verified: every commitment opened (' + v.commitments + '); the opened game replays, ' + v.dice +
          ' dice, and every view is the rules\' (head ' + v.head.slice(0, 16) + '…)' :
        'Verified: every signature, the chain of ' + v.lines + ' lines and every player\'s reveal; ' +
          v.opened + ' of ' + v.commitments + ' commitments opened here, the rest when the umpire opens them ' +
          'at the end (head ' + v.head.slice(0, 16) + '…)', 'ok');
      return refreshSealed();
    });
  }
  function refreshSealed() {
    return ask({op: 'sealed.status'}).then(function (s) {
      if (!s.ok) throw new Error('[' + s.error + '] ' + s.message);
      status = s;
      var files = engine({op: 'sealed.files'});
      var copy = store.get('sealed:' + s.game);
      if (files.ok && (!copy || copy.post.lines.length <= files.post.lines.length))
        store.set('sealed:' + s.game, {post: files.post});
      showStatus();
      showReport();
      // The table is this page's; a later post's is drawn in the page its mail carries.
      $('map-note').hidden = s.lines <= data.copy.lines.length;
      document.body.setAttribute('data-lines', String(s.lines));
      return s;
    });
  }
  function sealedView() {
    $('turn').hidden = false;
    $('adjudicate-box').hidden = true;
    $('concede').hidden = true;
    $('orders-hint').textContent = 'One order a line, as text (docs/orders.md: a brigade, then what it does), ' +
      'or an order body (JSON) from the order page. The umpire adjudicates them with the other side\'s.';
    var saved = store.get(keyName());
    return map.draw().then(function () { return saved ? useKey(saved) : null; }).then(function () {
      return ask({op: 'sealed.open', post: data.copy});
    }).then(function (o) {
      if (!o.ok) throw new Error('[' + o.error + '] ' + o.message);
      return verifySealed();
    }).then(function () {
      // This browser's copy, when it holds more of this game than the page.
      var copy = store.get('sealed:' + status.game);
      if (copy && copy.post.lines.length > data.copy.lines.length)
        return ask({op: 'sealed.offer', posts: [copy.post]}).then(function (r) {
          if (r.ok) return refreshSealed();
          say('about', 'This page\'s game went another way than this browser\'s copy: the page is shown.', 'refused');
        });
    }).then(wireTurn);
  }

  function boot() {
    $('play-root').innerHTML = $('play-markup').textContent.replace(/<\\\//g, '</');
    $('title').textContent = data.title;
    $('about').textContent = data.name + ', ' + data.side + (data.release ? ' (adjutant ' + data.release + ')' : '');
    $('zoom-in').addEventListener('click', function () { map.zoom(1.25); });
    $('zoom-out').addEventListener('click', function () { map.zoom(1 / 1.25); });
    $('zoom-fit').addEventListener('click', map.fit);
    function unsupported(why) {
      $('unsupported').hidden = false;
      $('unsupported-why').textContent = why;
      document.body.setAttribute('data-ready', 'unsupported');
    }
    if (typeof DecompressionStream === 'undefined' || !AdjutantCrypto.available())
      return unsupported('This browser lacks ' + (AdjutantCrypto.available() ? 'DecompressionStream' : 'WebCrypto') + '.');
    AdjutantCrypto.hasEd25519().then(function (ok) {
      if (!ok) return unsupported('This browser\'s WebCrypto has no Ed25519.');
      return loadEngine().then(function () {
        return data.mode === 'join' ? joinView() : sealed ? sealedView() : turnView();
      }).then(function () {
        // When the page became ready to click, from the start of its loading
        // (tests/tools/page_bench.py reads it).
        document.body.setAttribute('data-ready-ms', String(Math.round(performance.now())));
        document.body.setAttribute('data-ready', 'yes');
      });
    }).catch(function (e) {
      say('verified', String(e && e.message || e), 'failed');
      document.body.setAttribute('data-ready', 'failed');
    });
  }

  window.adjutantPlay = {status: function () { return status; }, engine: function (r) { return engine(r); },
                         ask: ask, pageFor: pageFor, dataFor: dataFor};
  // Its parts that keep no state, for their tests (tests/js/player.test.js).
  window.adjutantPlay.parts = P;
  boot();
})();
