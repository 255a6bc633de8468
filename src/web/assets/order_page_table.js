// A table game's order page (Chaos of Battle, report/order_page_table.cpp),
// first part, after order_page_common.js in the page's closure: paths,
// brigade orders, policies and tokens. Then order_page_placing.js and
// order_page_table_start.js. Points are hundredths of an inch, [x, y], north
// (y = length) up; a click is placed to the nearest tenth of an inch (type a
// place to the hundredth in "last point"). Every rule question goes to the
// checker.

  var T = data.table;
  var brigades = {}, commanders = {};
  data.brigades.forEach(function (b) { brigades[b.id] = b; });
  data.commanders.forEach(function (c) { commanders[c.id] = c; });
  // What was clicked: per brigade {marker, path, engage, shake, facing, formUp,
  // withdraw, noRest, fight, toward, preferred} and what placing() adds; per
  // commander {path}.
  var orders = {}, moves = {};
  var sel = null;      // {kind: 'brigade' | 'commander', id}
  var armed = '';      // '' (waypoints), 'engage' or 'toward', or one of placePoint's:
                       // what the next click gives

  // Table point <-> picture.
  function place(p) { return [T.left + p[0] * T.scale, T.top + (T.length - p[1]) * T.scale]; }
  function pointAt(x, y) {
    var px = Math.round((x - T.left) / T.scale / 10) * 10;
    var py = Math.round((T.length - (y - T.top) / T.scale) / 10) * 10;
    return [px, py];
  }
  function inches(h) {
    var s = h < 0 ? '-' : '', a = Math.abs(h);
    return s + Math.floor(a / 100) + '.' + ('0' + (a % 100)).slice(-2);
  }
  function pointText(p) { return '(' + inches(p[0]) + ', ' + inches(p[1]) + ')'; }
  function pointInput(p) { return p ? inches(p[0]) + ',' + inches(p[1]) : ''; }
  // "24.5,60" or "24.50, 60.07": inches to the hundredth, read exactly.
  function readPoint(text) {
    var m = /^\s*(\d+)(?:\.(\d{1,2}))?\s*,\s*(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
    if (!m) return null;
    var part = function (w, f) { return parseInt(w, 10) * 100 + (f ? parseInt((f + '0').slice(0, 2), 10) : 0); };
    return [part(m[1], m[2]), part(m[3], m[4])];
  }
  function dist2(a, b) { return (a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]); }
  // The piece nearest a point, within `reach` hundredths of its centre.
  function nearest(list, p, reach) {
    var best = null, d = reach * reach;
    list.forEach(function (x) {
      var e = dist2(x.at, p);
      if (e <= d) { d = e; best = x; }
    });
    return best;
  }
  function ownPieces() {
    var out = [];
    data.brigades.forEach(function (b) {
      b.markers.forEach(function (m, i) { out.push({at: m, brigade: b.id, marker: i + 1}); });
      if (b.commander) out.push({at: b.commander, brigade: b.id, marker: 0});
      b.regiments.forEach(function (r) { if (r.at) out.push({at: r.at, brigade: b.id, marker: 0}); });
    });
    data.commanders.forEach(function (c) { out.push({at: c.at, commander: c.id}); });
    return out;
  }
  function enemyPieces() {
    return data.flags.map(function (f) { return {at: f}; })
        .concat(data.bases.map(function (b) { return {at: b.at}; }));
  }

  function orderOf(id) {
    if (!orders[id]) {
      orders[id] = placing({marker: 1, path: [], engage: null, shake: false, facing: '', formUp: false,
                            withdraw: false, noRest: false, fight: '', toward: null, preferred: 1});
    }
    return orders[id];
  }
  function start(id) {
    var b = brigades[id], o = orderOf(id);
    return b.commander ? b.commander : b.markers[o.marker - 1];
  }

  // The order body of what was clicked (the envelope's fields are sign's).
  function body() {
    var out = {};
    var seq = $('sequence').value.trim();
    if (seq) out.sequence = seq.split(/[\s,]+/);
    var pref = {}, anyPref = false;
    data.brigades.forEach(function (b) {
      if (b.markers.length !== 2) return;
      pref[b.id] = orders[b.id] ? orders[b.id].preferred : 1;
      anyPref = true;
    });
    if (anyPref) out.preferred = pref;
    var bs = {}, anyB = false;
    data.brigades.forEach(function (b) {
      var o = orders[b.id];
      if (!o) return;
      var x = {};
      if (o.shake) {
        x.shake_out = {marker: o.marker};
        if (o.facing.trim() !== '') x.shake_out.facing = typedNumber(o.facing);
      }
      if (o.path.length > 1) {
        x.move = {path: o.path.map(function (p) { return p.slice(); })};
        if (!b.commander) x.move.marker = o.marker;
        if (o.engage) x.move.engage = o.engage.slice();
      }
      if (o.formUp) x.form_up = true;
      if (o.withdraw) x.withdraw = true;
      if (o.noRest) x.rest = false;
      if (o.fight) {
        x.fight = {regiment: o.fight};
        if (o.toward) x.fight.toward = o.toward.slice();
      }
      placedBody(b, o, x);
      if (Object.keys(x).length) { bs[b.id] = x; anyB = true; }
    });
    if (anyB) out.brigades = bs;
    var cs = {}, anyC = false;
    data.commanders.forEach(function (c) {
      var m = moves[c.id];
      if (m && m.path.length > 1) { cs[c.id] = {path: m.path.map(function (p) { return p.slice(); })}; anyC = true; }
    });
    if (anyC) out.commanders = cs;
    var pol = {};
    if ($('pol-test').value) pol.test = $('pol-test').value;
    var hold = $('pol-hold').value.trim();
    if (hold !== '') pol.hold_the_line_below = typedNumber(hold);
    if ($('pol-target').value) pol.artillery_target = $('pol-target').value;
    var stress = $('pol-withdraw').value.trim();
    if (v3 && stress !== '') pol.withdraw_at_stress = typedNumber(stress);
    if (Object.keys(pol).length) out.policies = pol;
    var tokens = [];
    data.tokens.forEach(function (t, i) {
      if (!$('tok-' + i).checked) return;
      var x = {token: t}, w = $('tok-with-' + i).value, when = $('tok-when-' + i).value;
      if (w) x.fight_with = w;
      if (v3 && when) x.when = when;
      tokens.push(x);
    });
    if (tokens.length) out.tokens = tokens;
    return out;
  }

  function refresh() {
    last = ask({op: 'check', body: body()});
    draw();
  }

  function lengthOf(kind, id) {
    var list = (last && last[kind === 'brigade' ? 'moves' : 'commanders']) || [];
    for (var i = 0; i < list.length; i++)
      if ((list[i].brigade || list[i].commander) === id) return list[i];
    return null;
  }
  function rateText(kind, id) {
    var m = lengthOf(kind, id);
    if (!m) return '';
    return inches(m.length) + '" of at most ' + inches(m.rate) + '"' + (m.going ? ' (' + m.going + ')' : '');
  }

  function showLists() {
    var ul = $('orders');
    ul.innerHTML = '';
    data.brigades.forEach(function (b) {
      var o = orders[b.id];
      if (!o) return;
      var parts = [];
      if (o.shake) parts.push('shakes out at marker ' + o.marker + (o.facing ? ' facing ' + o.facing : ''));
      if (o.path.length > 1) {
        parts.push('moves ' + (b.commander ? '' : 'marker ' + o.marker + ' ') +
                   o.path.map(pointText).join(' - ') + ': ' + rateText('brigade', b.id) +
                   (o.engage ? ', engaging ' + pointText(o.engage) : ''));
      }
      if (o.formUp) parts.push('forms up');
      if (o.withdraw) parts.push('withdraws');
      if (o.noRest) parts.push('does not rest');
      if (o.fight) parts.push('fights with ' + o.fight + ' toward ' + (o.toward ? pointText(o.toward) : 'the closest'));
      placedText(b, o, parts);
      if (!parts.length) return;
      ul.appendChild(el('li', {'data-brigade': b.id, 'class': sel && sel.id === b.id ? 'sel' : ''},
                        b.id + ': ' + parts.join('; ')));
    });
    data.commanders.forEach(function (c) {
      var m = moves[c.id];
      if (!m || m.path.length < 2) return;
      ul.appendChild(el('li', {'data-commander': c.id}, 'commander ' + c.id + ' moves ' +
                           m.path.map(pointText).join(' - ') + ': ' + rateText('commander', c.id)));
    });
    var isB = sel && sel.kind === 'brigade', isC = sel && sel.kind === 'commander';
    $('brigade-tools').hidden = !isB;
    $('commander-tools').hidden = !isC;
    if (isB) {
      var b = brigades[sel.id], o = orderOf(sel.id);
      $('sel-name').textContent = b.name + ' (' + b.id + (b.commander ? ', deployed' : '') + ')';
      var parts = document.querySelectorAll('.markers-only, .deployed-only');
      for (var i = 0; i < parts.length; i++) {
        var c = parts[i].classList;
        parts[i].hidden = c.contains('markers-only') ? !!b.commander : !b.commander;
        if (c.contains('v3-only') && !v3) parts[i].hidden = true;
      }
      $('marker').value = String(o.marker);
      $('preferred').value = String(o.preferred);
      $('preferred').disabled = b.markers.length !== 2;
      $('shake-out').checked = o.shake;
      $('facing').value = o.facing;
      $('form-up').checked = o.formUp;
      $('withdraw').checked = o.withdraw;
      $('no-rest').checked = o.noRest;
      var f = $('fight');
      f.innerHTML = '';
      f.appendChild(el('option', {value: ''}, '(no fight)'));
      b.regiments.forEach(function (r) {
        f.appendChild(el('option', {value: r.id}, r.id + ' (' + r.name + ', ' + r.arm + ')'));
      });
      f.value = o.fight;
      $('wp-at').value = o.path.length > 1 ? pointInput(o.path[o.path.length - 1]) : '';
      showPlacing(b, o);
    }
    if (isC) {
      var cp = moves[sel.id].path;
      $('sel-commander').textContent = commanders[sel.id].name + ' (' + sel.id + ')';
      $('c-wp-at').value = cp.length > 1 ? pointInput(cp[cp.length - 1]) : '';
    }
    $('engage').className = armed === 'engage' ? 'armed' : '';
    $('toward').className = armed === 'toward' ? 'armed' : '';
    var bb = document.querySelectorAll('#brigades button, #commanders button');
    for (var n = 0; n < bb.length; n++) {
      var id = bb[n].getAttribute('data-brigade') || bb[n].getAttribute('data-commander');
      var done = bb[n].getAttribute('data-brigade') ? !!(orders[id] && (orders[id].path.length > 1 ||
          orders[id].shake || orders[id].formUp || orders[id].withdraw || orders[id].fight ||
          placedAny(orders[id]))) :
          !!(moves[id] && moves[id].path.length > 1);
      bb[n].className = (done ? 'ordered ' : '') + (sel && sel.id === id ? 'sel' : '');
    }
  }

  function drawOverlay() {
    var o = $('overlay');
    while (o.firstChild) o.removeChild(o.firstChild);
    var line = function (path, chosen, colour) {
      if (path.length < 2) return;
      o.appendChild(svg('polyline', {points: path.map(function (p) { return place(p).join(','); }).join(' '),
                                     fill: 'none', stroke: chosen ? '#d4a017' : colour,
                                     'stroke-width': chosen ? 4 : 2.5, opacity: 0.9}));
      path.forEach(function (p, i) {
        if (!i) return;
        var c = place(p);
        o.appendChild(svg('circle', {cx: c[0], cy: c[1], r: 3, fill: chosen ? '#d4a017' : colour}));
      });
    };
    var mark = function (p, colour) {
      var c = place(p);
      o.appendChild(svg('circle', {cx: c[0], cy: c[1], r: 9, fill: 'none', stroke: colour, 'stroke-width': 3}));
    };
    data.brigades.forEach(function (b) {
      var x = orders[b.id];
      if (!x) return;
      var chosen = sel && sel.id === b.id;
      line(x.path, chosen, '#2a3b5c');
      if (x.engage) mark(x.engage, '#a4161a');
      if (x.toward) mark(x.toward, '#a4161a');
      drawPlaced(b, x, mark);
      if (chosen && x.path.length > 1) {
        var end = place(x.path[x.path.length - 1]);
        var t = svg('text', {x: end[0] + 6, y: end[1] - 6, 'font-size': 12, 'font-weight': 'bold', fill: '#7a1f00'});
        t.textContent = rateText('brigade', b.id).split(' (')[0];
        o.appendChild(t);
      }
    });
    data.commanders.forEach(function (c) {
      if (moves[c.id]) line(moves[c.id].path, sel && sel.id === c.id, '#1d6b2f');
    });
    if (sel) {
      var at = sel.kind === 'brigade' ? start(sel.id) : commanders[sel.id].at;
      if (at) mark(at, '#d4a017');
    }
  }

  function select(kind, id, marker) {
    armed = '';
    sel = {kind: kind, id: id};
    if (kind === 'brigade') {
      var o = orderOf(id);
      if (marker && marker !== o.marker && o.path.length < 2) o.marker = marker;
      if (!o.path.length || o.path[0] + '' !== start(id) + '') o.path = start(id) ? [start(id).slice()] : [];
    } else if (!moves[id]) {
      moves[id] = {path: [commanders[id].at.slice()]};
    }
    refresh();
  }

  function clickPoint(p) {
    if (!sel) {
      var own = nearest(ownPieces(), p, 300);
      if (own) select(own.commander ? 'commander' : 'brigade', own.commander || own.brigade, own.marker);
      return;
    }
    if (armed && placePoint(p)) {
      armed = '';
      refresh();
      return;
    }
    if (armed) {
      var foe = nearest(enemyPieces(), p, 400);
      if (!foe) return;
      var o = orderOf(sel.id);
      if (armed === 'engage') o.engage = foe.at.slice(); else o.toward = foe.at.slice();
      armed = '';
      refresh();
      return;
    }
    var path = sel.kind === 'brigade' ? orderOf(sel.id).path : moves[sel.id].path;
    var end = path[path.length - 1];
    if (end && end[0] === p[0] && end[1] === p[1]) return;
    path.push(p);
    refresh();
  }

  function pathOfSel() {
    if (!sel) return null;
    return sel.kind === 'brigade' ? orderOf(sel.id).path : moves[sel.id].path;
  }

  function wire() {
    var board = $('overlay');
    board.addEventListener('click', function (e) {
      var box = board.getBoundingClientRect();
      var p = pointAt(e.clientX - box.left, e.clientY - box.top);
      if (p[0] < -1000 || p[1] < -1000 || p[0] > T.width + 1000 || p[1] > T.length + 1000) return;
      clickPoint(p);
    });
    data.brigades.forEach(function (b) {
      var btn = el('button', {type: 'button', 'data-brigade': b.id, title: b.name +
                              (b.commander ? ' (deployed)' : ' (' + b.markers.length + ' marker' +
                               (b.markers.length === 1 ? '' : 's') + ')')}, b.id);
      btn.addEventListener('click', function () { select('brigade', b.id, 0); });
      $('brigades').appendChild(btn);
    });
    data.commanders.forEach(function (c) {
      var btn = el('button', {type: 'button', 'data-commander': c.id, title: c.name}, 'commander ' + c.id);
      btn.addEventListener('click', function () { select('commander', c.id, 0); });
      $('commanders').appendChild(btn);
    });
    data.tokens.forEach(function (t, i) {
      var label = el('label', {});
      var box = el('input', {type: 'checkbox', id: 'tok-' + i});
      label.appendChild(box);
      label.appendChild(document.createTextNode(' ' + t.replace(/_/g, ' ') + ' committed to '));
      var w = el('select', {id: 'tok-with-' + i});
      w.appendChild(el('option', {value: ''}, 'the first fight'));
      data.brigades.forEach(function (b) { w.appendChild(el('option', {value: b.id}, 'the fight of ' + b.id)); });
      label.appendChild(w);
      var when = el('select', {id: 'tok-when-' + i, 'class': 'v3-only'});
      when.appendChild(el('option', {value: ''}, 'at its first test'));
      when.appendChild(el('option', {value: 'last'}, 'once no regiment is left to test'));
      label.appendChild(when);
      $('tokens').appendChild(label);
      box.addEventListener('change', refresh);
      [w, when].forEach(function (s) {
        s.addEventListener('change', function () { box.checked = true; refresh(); });
      });
    });
    if (!data.tokens.length) $('tokens').appendChild(el('p', {'class': 'hint'}, 'Your side holds no combat token.'));
    ['marker', 'preferred'].forEach(function (id) {
      [1, 2].forEach(function (n) { $(id).appendChild(el('option', {value: String(n)}, String(n))); });
    });
    $('marker').addEventListener('change', function () {
      if (!sel || sel.kind !== 'brigade') return;
      var o = orderOf(sel.id);
      o.marker = parseInt($('marker').value, 10);
      o.path = start(sel.id) ? [start(sel.id).slice()] : [];
      refresh();
    });
    $('preferred').addEventListener('change', function () {
      if (sel && sel.kind === 'brigade') orderOf(sel.id).preferred = parseInt($('preferred').value, 10);
      refresh();
    });
    [['shake-out', 'shake'], ['form-up', 'formUp'], ['withdraw', 'withdraw'], ['no-rest', 'noRest']].forEach(function (p) {
      $(p[0]).addEventListener('change', function () {
        if (sel && sel.kind === 'brigade') orderOf(sel.id)[p[1]] = $(p[0]).checked;
        refresh();
      });
    });
    $('facing').addEventListener('change', function () {
      if (sel && sel.kind === 'brigade') orderOf(sel.id).facing = $('facing').value;
      refresh();
    });
    $('fight').addEventListener('change', function () {
      if (sel && sel.kind === 'brigade') orderOf(sel.id).fight = $('fight').value;
      refresh();
    });
    $('engage').addEventListener('click', function () { armed = armed === 'engage' ? '' : 'engage'; draw(); });
    $('toward').addEventListener('click', function () { armed = armed === 'toward' ? '' : 'toward'; draw(); });
    $('no-engage').addEventListener('click', function () { if (sel) orderOf(sel.id).engage = null; refresh(); });
    $('no-toward').addEventListener('click', function () { if (sel) orderOf(sel.id).toward = null; refresh(); });
    var undo = function () {
      var path = pathOfSel();
      if (path && path.length > 1) path.pop();
      refresh();
    };
    var clear = function () {
      var path = pathOfSel();
      if (path) path.length = Math.min(path.length, 1);
      if (sel && sel.kind === 'brigade') orderOf(sel.id).engage = null;
      refresh();
    };
    var done = function () { sel = null; armed = ''; refresh(); };
    $('undo').addEventListener('click', undo);
    $('c-undo').addEventListener('click', undo);
    $('clear').addEventListener('click', clear);
    $('c-clear').addEventListener('click', clear);
    $('done').addEventListener('click', done);
    $('c-done').addEventListener('click', done);
    ['wp-at', 'c-wp-at'].forEach(function (id) {
      $(id).addEventListener('change', function () {
        var path = pathOfSel(), p = readPoint($(id).value);
        if (!path || !p) { draw(); return; }
        if (path.length > 1) path[path.length - 1] = p; else path.push(p);
        refresh();
      });
    });
    ['sequence', 'pol-test', 'pol-hold', 'pol-target', 'pol-withdraw'].forEach(function (id) {
      $(id).addEventListener('change', refresh);
    });
    $('fmt').addEventListener('change', showExport);
    wirePlacing();
  }
