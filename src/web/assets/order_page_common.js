// What both order pages' scripts share, the first part of the page's one
// strict closure (report/order_page_frame.cpp writes the parts in it): the
// page's data, the checker's loading and questions, the answer shown and the
// export. It declares `data`, `$`, `checker`, `last`, `refusedHeading`,
// ask(), el(), svg(), showResult(), showExport(), draw() (which calls the
// page's showLists() and drawOverlay(); showExport() its body()) and
// loadChecker(begin). The script holds no rule: every rule question goes to
// the checker (src/web/order_check.h).

  var data = JSON.parse(document.getElementById('order-data').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var checker = null;
  var last = null;            // the checker's latest answer
  var refusedHeading = '';    // shown between a refused body's problems and its echo, if any

  function ask(request) {
    return JSON.parse(checker.ccall('adjutant_answer', 'string', ['string'], [JSON.stringify(request)]));
  }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag, attrs) {
    var e = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }

  function showResult() {
    var r = $('result');
    r.innerHTML = '';
    r.className = last.ok ? 'ok' : 'refused';
    document.body.setAttribute('data-check', last.ok ? 'ok' : last.error);
    if (last.ok) {
      r.appendChild(el('p', {}, 'The orders are valid. As understood:'));
    } else if (last.problems) {
      r.appendChild(el('p', {}, 'The check refuses these orders (' + last.problems.length +
                       ' problem' + (last.problems.length === 1 ? '' : 's') + '):'));
      var ul = el('ul', {'class': 'refusal'});
      last.problems.forEach(function (p) { ul.appendChild(el('li', {'data-id': p.id}, p.text)); });
      r.appendChild(ul);
      if (refusedHeading) r.appendChild(el('p', {}, refusedHeading));
    } else {
      r.appendChild(el('p', {'class': 'refusal'}, '[' + last.error + '] ' + last.message));
    }
    var echo = el('ul', {'class': 'echo'});
    (last.echo || []).forEach(function (line) { echo.appendChild(el('li', {}, line)); });
    if (!(last.echo || []).length) echo.appendChild(el('li', {}, '(no orders)'));
    r.appendChild(echo);
  }

  // The page's body() as JSON or as text orders, ready to download.
  function showExport() {
    var b = body(), text;
    if ($('fmt').value === 'text') {
      var t = ask({op: 'text', body: b});
      text = t.ok ? t.text : '[' + t.error + '] ' + t.message;
    } else {
      text = JSON.stringify(b, null, 2) + '\n';
    }
    $('export').value = text;
    var name = 'orders-' + data.side + '-turn' + data.turn + ($('fmt').value === 'text' ? '.txt' : '.json');
    $('download').setAttribute('download', name);
    $('download').setAttribute('href', 'data:text/plain;charset=utf-8,' + encodeURIComponent(text));
  }

  function draw() {
    showResult();
    showLists();
    drawOverlay();
    showExport();
  }

  // Loads the checker with the page's set-up, then begin() wires the page;
  // a set-up the checker refuses is shown instead. The module is carried
  // gzipped: the browser inflates it, from the page's own bytes.
  function loadChecker(begin) {
    function cannot(why) {
      $('result').textContent = 'This page cannot check orders here (' + why + '). Write them as ' +
          'text instead and see them checked with: adjutant orders (docs/orders.md).';
      document.body.setAttribute('data-check', 'no-checker');
    }
    if (typeof DecompressionStream === 'undefined') {
      cannot('this browser has no DecompressionStream: Chromium 80, Firefox 113, Safari 16.4 ' +
             'or later have it');
      return;
    }
    var text = atob(document.getElementById('order-wasm').textContent.trim());
    var gz = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) gz[i] = text.charCodeAt(i);
    var inflated = new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'));
    new Response(inflated).arrayBuffer().then(function (bytes) {
      return AdjutantOrderCheck({wasmBinary: new Uint8Array(bytes)});
    }).then(function (m) {
      checker = m;
      if (!AdjutantCrypto.available()) throw new Error('this browser has no WebCrypto');
      return AdjutantCrypto.ask(ask, {op: 'load', setup: data.setup});
    }).then(function (loaded) {
      if (!loaded.ok) {
        $('result').textContent = '[' + loaded.error + '] ' + loaded.message;
        document.body.setAttribute('data-check', loaded.error);
        return;
      }
      begin();
      document.body.setAttribute('data-ready', 'yes');
    }).catch(function (e) {
      cannot(String(e && e.message || e));
    });
  }
