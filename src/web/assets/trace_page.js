// The tracing page (`adjutant trace`, docs/scenarios.md "Tracing the printed
// map"): aligning the grid on the scan, the tools, the pointer, the keys,
// the storage and the export, over TraceGrid, TraceFit, TraceModel,
// TraceDraw and TracePanels.
// The work is kept in the browser's storage under the tracing's key (the
// alignment and the map traced, never the scan). The page makes no request.
//
// For tests, window.adjutantTrace: point(x, y) (a point of the current
// scan in the window's coordinates, scrolled into view), state(), exported().
(function () {
  'use strict';

  var G = window.TraceGrid, data = JSON.parse(document.getElementById('trace-data').textContent);
  var model = new window.TraceModel(data), $ = function (id) { return document.getElementById(id); };
  var board = $('board'), storeKey = 'adjutant-trace/' + data.key;
  var TOOLS = {
    align: 'Align', terrain: 'Terrain', sides: 'Hexsides', routes: 'Roads and trails', places: 'Places'
  };
  var ui = {tool: 'align', view: 0, terrain: null, side: '', kind: 'road', route: null, place: null,
            erase: false, lastExport: null, space: false};
  ui.terrain = (model.terrainTypes.filter(function (t) { return t.id !== data.grid.default_terrain; })[0] ||
                model.terrainTypes[0]).id;
  ui.side = model.sideTypes.length ? model.sideTypes[0].id : '';

  // --- The views: one scan each, with its hexes and its alignment ----------

  var views = data.views.map(function (v, i) {
    var img = $('scan-' + v.image), info = data.images[v.image];
    var div = document.createElement('div');
    div.className = 'view';
    div.style.width = info.width + 'px';
    div.style.height = info.height + 'px';
    $('scans').appendChild(div);
    img.hidden = false;
    div.appendChild(img);
    var svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('width', info.width);
    svg.setAttribute('height', info.height);
    svg.setAttribute('viewBox', '0 0 ' + info.width + ' ' + info.height);
    div.appendChild(svg);
    var hexes = [];
    for (var c = 1; c <= data.grid.columns; c++)
      for (var r = 1; r <= data.grid.rows; r++) {
        if (!model.onMap(c, r)) continue;
        if (v.bounds) {
          var lc = c - v.bounds[0], lr = r - v.bounds[1], shortCol = (v.short_columns === 'even' && lc % 2 === 0) ||
              (v.short_columns === 'odd' && lc % 2 === 1);
          if (lc < 1 || lc > v.bounds[2] || lr < 1 || lr > v.bounds[3] - (shortCol ? 1 : 0)) continue;
        }
        hexes.push([c, r]);
      }
    var inView = {};
    hexes.forEach(function (h) { inView[G.key(h[0], h[1])] = true; });
    // A scan of one sheet shows that sheet's own numbers (F0128, where the
    // scenario writes the hex of the shared row H1301).
    var pad = function (n) { return (n < 10 ? '0' : '') + n; };
    var label = v.sheet ? function (c, r) { return v.sheet + pad(c - v.bounds[0]) + pad(r - v.bounds[1]); } :
        function (c, r) { return model.label(c, r); };
    var points = v.align.map(function (h) { return {hex: h, label: label(h[0], h[1]), s: null}; });
    return {index: i, name: v.name, div: div, img: img, w: info.width, h: info.height, hexes: hexes,
            inView: inView, points: points, draw: new window.TraceDraw(svg, model, label), m: null,
            inverse: null, fit: null, sampler: null, pending: 0};
  });

  function current() { return views[ui.view]; }
  var panels = window.TracePanels({ui: ui, model: model, data: data, views: views, current: current,
                                   setTool: setTool, save: save, refresh: refresh, reveal: reveal});

  // --- Pointer: mine first, so a stroke of the brush is not also a drag ----

  var down = null;
  function scanPoint(e, v) {
    var r = v.div.getBoundingClientRect();
    return [(e.clientX - r.left) / r.width * v.w, (e.clientY - r.top) / r.height * v.h];
  }
  function gridPoint(e) {
    var v = current();
    return v.inverse ? G.apply(v.inverse, scanPoint(e, v)) : null;
  }
  var painting = function () { return ui.tool === 'terrain' || ui.tool === 'sides'; };

  board.addEventListener('contextmenu', function (e) { e.preventDefault(); });
  board.addEventListener('pointerdown', function (e) {
    if (e.target.closest && e.target.closest('button')) return;
    var handle = e.target.closest && e.target.closest('.handle');
    if (handle && ui.tool === 'align') {
      e.stopImmediatePropagation();
      board.setPointerCapture(e.pointerId);
      down = {id: e.pointerId, handle: Number(handle.getAttribute('data-index'))};
      return;
    }
    down = {id: e.pointerId, x: e.clientX, y: e.clientY, stroke: false};
    if (e.pointerType === 'mouse' && e.button === 0 && !ui.space && painting()) {
      e.stopImmediatePropagation();
      board.setPointerCapture(e.pointerId);
      down.stroke = true;
      model.begin();
      act(e, true);
    }
  });
  board.addEventListener('pointermove', function (e) {
    if (down && down.id === e.pointerId && down.handle !== undefined) {
      e.stopImmediatePropagation();
      var v = current();
      v.points[down.handle].s = scanPoint(e, v);
      align(false);
      return;
    }
    if (down && down.id === e.pointerId && down.stroke) { act(e, false); return; }
    if (e.pointerType === 'mouse' && !down) hover(e);
  });
  function up(e) {
    if (!down || down.id !== e.pointerId) return;
    var d = down;
    down = null;
    if (d.handle !== undefined) { align(true); return; }
    if (d.stroke) { finish(); return; }
    var moved = Math.hypot(e.clientX - d.x, e.clientY - d.y);
    if (e.type === 'pointerup' && moved < 8 && (e.pointerType !== 'mouse' || e.button === 0)) {
      model.begin();
      act(e, true);
      finish();
    }
  }
  board.addEventListener('pointerup', up);
  board.addEventListener('pointercancel', up);

  views.forEach(function (v) {
    v.zoom = window.AdjutantMap.zoomable(board, v.div, v.w, v.h);
    v.div.hidden = v.index !== ui.view;
  });

  // --- What a click or a stroke does with each tool -------------------------

  var last = null;
  function act(e, first) {
    if (first) last = null;
    var v = current();
    if (ui.tool === 'align') {
      if (v.pending === null) return;
      v.points[v.pending].s = scanPoint(e, v);
      v.pending = nextPending(v);
      align(true);
      return;
    }
    var p = gridPoint(e);
    if (!p || !v.fit) { status('Align the grid on the scan first: click the three hexes the panel names.'); return; }
    if (ui.tool === 'sides') {
      var s = G.nearestSide(p), k = G.sideKey(s[0], s[1]);
      if (k === last || !(v.inView[G.key(s[0][0], s[0][1])] || v.inView[G.key(s[1][0], s[1][1])])) return;
      last = k;
      model.setSide(s[0], s[1], ui.side);
      return;
    }
    var h = G.nearest(p), hk = G.key(h[0], h[1]);
    if (!v.inView[hk] || hk === last) return;
    last = hk;
    if (ui.tool === 'terrain') model.setTerrain(h, ui.terrain);
    else if (ui.tool === 'routes') routeClick(h, p);
    else if (ui.tool === 'places') choosePlace(h);
  }

  function finish() {
    if (model.end()) save();
    refresh();
  }

  function hover(e) {
    var p = gridPoint(e), v = current();
    if (!p || !v.fit || ui.tool === 'align') { v.draw.hover(null); return; }
    if (ui.tool === 'sides') {
      var s = G.nearestSide(p);
      v.draw.hover('side', s);
      status(model.label(s[0][0], s[0][1]) + '/' + model.label(s[1][0], s[1][1]) + ': ' +
             ((model.sideById[model.sides[G.sideKey(s[0], s[1])]] || {}).name || 'no feature'));
      return;
    }
    var h = G.nearest(p);
    if (!v.inView[G.key(h[0], h[1])]) { v.draw.hover(null); status(''); return; }
    v.draw.hover('hex', h);
    var place = model.places[G.key(h[0], h[1])];
    status(model.label(h[0], h[1]) + ': ' + model.byId[model.terrainAt(h[0], h[1])].name + (place ? ', ' + place : ''));
  }

  // Roads and trails: a click adds the hexes from the road's last hex to
  // the one clicked (a far one by the straight line between them); with no
  // road chosen it starts one. With the eraser (0), a click cuts every road
  // across the hexside nearest it.
  function routeClick(h, p) {
    if (ui.erase) {
      var s = G.nearestSide(p);
      model.editRoutes(function (routes) {
        for (var i = routes.length - 1; i >= 0; i--) {
          var r = routes[i];
          for (var j = 1; j < r.hexes.length; j++) {
            if (G.sideKey(r.hexes[j - 1], r.hexes[j]) !== G.sideKey(s[0], s[1])) continue;
            var rest = {kind: r.kind, name: r.name, hexes: r.hexes.slice(j), index: null, off: null};
            r.hexes = r.hexes.slice(0, j);
            routes.splice(i + 1, 0, rest);
            break;
          }
        }
      });
      ui.route = null;
      return;
    }
    if (ui.route === null || !model.routes[ui.route]) {
      model.editRoutes(function (routes) {
        routes.push({kind: ui.kind, name: '', hexes: [h], index: null, off: null});
      });
      ui.route = model.routes.length - 1;
      return;
    }
    var r = model.routes[ui.route], end = r.hexes[r.hexes.length - 1], add = G.line(end, h).slice(1);
    if (add.some(function (x) { return !current().inView[G.key(x[0], x[1])]; })) {
      status('The straight line from ' + model.label(end[0], end[1]) + ' leaves the map: click the hexes between.');
      return;
    }
    model.editRoutes(function (routes) {
      add.forEach(function (x) { routes[ui.route].hexes.push(x); });
    });
  }

  function choosePlace(h) {
    ui.place = h;
    $('place-hex').textContent = model.label(h[0], h[1]);
    $('place-name').value = model.places[G.key(h[0], h[1])] || '';
    $('place-name').focus();
  }

  function namePlace() {
    if (!ui.place) return;
    model.begin();
    model.setPlace(ui.place, $('place-name').value.trim());
    finish();
  }

  // --- Alignment -----------------------------------------------------------

  function nextPending(v) {
    for (var i = 0; i < v.points.length; i++) if (!v.points[i].s) return i;
    return null;
  }

  // Lays the grid from the clicked centres: a similarity from two (to find
  // the third), the affine map from three; checks the fit when `settled`.
  function align(settled) {
    var v = current(), pairs = [];
    v.points.forEach(function (p) {
      if (p.s) pairs.push({g: G.centre(p.hex[0], p.hex[1]), s: p.s});
    });
    v.m = pairs.length >= 2 ? G.fit(pairs) : null;
    v.inverse = v.m ? G.invert(v.m) : null;
    if (!v.m || pairs.length < 3) v.fit = null;
    v.draw.view(v.hexes, v.m);
    drawHandles();
    if (settled && v.m && pairs.length >= 3) {
      checkFit(v);
      save();
    }
    refresh();
  }

  function checkFit(v) {
    if (!v.sampler) {
      if (!v.img.complete || !v.img.naturalWidth) { v.img.addEventListener('load', function () { align(true); }, {once: true}); return; }
      v.sampler = window.TraceFit.sampler(v.img);
    }
    v.fit = window.TraceFit.check(v.sampler, v.m, v.hexes);
  }

  // "Fit to the lines": the three centres nudged to where the grid lies
  // best along the scan's lines (TraceFit.refine).
  function snap() {
    var v = current();
    if (!v.m || v.points.some(function (p) { return !p.s; })) return;
    if (!v.sampler) checkFit(v);
    if (!v.sampler) return;
    var pairs = v.points.map(function (p) { return {g: G.centre(p.hex[0], p.hex[1]), s: p.s}; });
    var fitted = window.TraceFit.refine(v.sampler, pairs, v.hexes);
    var most = 0;
    v.points.forEach(function (p, i) {
      most = Math.max(most, Math.hypot(fitted[i].s[0] - p.s[0], fitted[i].s[1] - p.s[1]));
      p.s = fitted[i].s;
    });
    align(true);
    status(most ? 'Moved the centres by ' + most.toFixed(1) + ' pixels of the scan at most.' :
        'The grid already lies best where it is.');
  }

  function drawHandles() {
    var v = current(), scale = v.zoom ? v.zoom.scale() : 1;
    v.draw.handles(v.points.map(function (p, i) { return {s: p.s, label: p.label, index: i}; })
                      .filter(function (p) { return p.s; }), scale);
  }

  // --- The panels ----------------------------------------------------------

  function status(text) { $('status').textContent = text; }

  function refresh() {
    Object.keys(TOOLS).forEach(function (t) { $('tool-' + t).className = ui.tool === t ? 'on' : ''; });
    var v = current();
    $('paint-title').textContent = '2. Paint: ' + (ui.tool === 'align' ? 'choose a tool above' : TOOLS[ui.tool]);
    $('paint-help').textContent = ui.tool === 'align' ? 'Terrain (T), hexsides (S), roads (R) and places (P), ' +
        'once the grid is laid.' : panels.help[ui.tool];
    $('route-panel').hidden = ui.tool !== 'routes';
    $('place-panel').hidden = ui.tool !== 'places';
    $('undo').disabled = !model.undoStack.length;
    $('redo').disabled = !model.redoStack.length;
    panels.palette();
    panels.routePanel();
    panels.alignPanel();
    panels.checkPanel();
    views.forEach(function (w) { w.draw.drawRoutes(ui.tool === 'routes' ? ui.route : null); });
    document.body.setAttribute('data-tool', ui.tool);
    document.body.setAttribute('data-aligned', v.fit ? 'yes' : 'no');
  }

  function setTool(t) {
    ui.tool = t;
    if (t !== 'routes') ui.route = null;
    views.forEach(function (v) { v.draw.hover(null); });
    refresh();
  }

  // Shows hex `h` of the current scan in the middle of the board.
  function reveal(h) {
    var v = current();
    if (!v.m) return;
    var s = G.apply(v.m, G.centre(h[0], h[1]));
    v.zoom.show(s[0], s[1], Math.max(v.zoom.scale(), 1));
    drawHandles();
  }

  // --- Storage: the alignment and the tracing, never the scan -------------

  function save() {
    try {
      localStorage.setItem(storeKey, JSON.stringify({
        format: 1, map: model.save(),
        align: views.map(function (v) { return v.points.map(function (p) { return p.s; }); }),
        id: $('export-id').value, title: $('export-title').value}));
    } catch (e) { /* storage refused (private window): the work lives as long as the page */ }
  }

  function restore() {
    var saved = null;
    try { saved = JSON.parse(localStorage.getItem(storeKey) || 'null'); } catch (e) { saved = null; }
    if (!saved || saved.format !== 1) return false;
    model.restore(saved.map);
    (saved.align || []).forEach(function (pts, i) {
      if (!views[i]) return;
      pts.forEach(function (s, j) { if (views[i].points[j]) views[i].points[j].s = s; });
      views[i].pending = nextPending(views[i]);
    });
    if (saved.id) $('export-id').value = saved.id;
    if (saved.title) $('export-title').value = saved.title;
    var n = model.counts();
    $('restored').hidden = false;
    $('restored').textContent = 'The tracing saved in this browser is back: ' + n.terrain + ' hexes of terrain, ' +
        n.hexsides + ' hexside features, ' + n.routes + ' roads and trails, ' + n.places + ' places. ' +
        '"Start again" below replaces it (and undo brings it back).';
    return true;
  }

  // --- Export --------------------------------------------------------------

  function exportScenario() {
    var problems = model.problems(), errors = problems.filter(function (p) { return p.level === 'error'; });
    var id = $('export-id').value.trim(), title = $('export-title').value.trim(), note = $('export-note');
    if (!id || !title) { note.textContent = 'Give the scenario an id and a title.'; return null; }
    if (id === data.scenario.id) {
      note.textContent = 'Give it a new id: games already started keep the scenario they pinned.';
      return null;
    }
    if (errors.length) {
      note.textContent = 'adjutant would refuse the scenario: ' + errors.length + ' problem' +
          (errors.length > 1 ? 's' : '') + ' to put right first (see Check).';
      return null;
    }
    var text = model.exportText({id: id, title: title}), a = $('download');
    ui.lastExport = text;
    if (a.href && a.href.indexOf('blob:') === 0) URL.revokeObjectURL(a.href);
    a.href = URL.createObjectURL(new Blob([text], {type: 'application/json'}));
    a.setAttribute('download', id + '.json');
    a.textContent = 'save ' + id + '.json';
    a.hidden = false;
    var n = model.counts(), warnings = problems.length;
    note.textContent = id + '.json: ' + n.terrain + ' hexes of terrain besides the default, ' + n.hexsides +
        ' hexside features, ' + n.routes + ' roads and trails, ' + n.places + ' places' +
        (warnings ? '; ' + warnings + ' warning' + (warnings > 1 ? 's' : '') + ' (see Check)' : '') +
        '. Check it with: adjutant render --scenario ' + id + '.json --out ' + id + '.png';
    document.body.setAttribute('data-exported', 'yes');
    save();
    return text;
  }

  // --- Keys ----------------------------------------------------------------

  document.addEventListener('keydown', function (e) {
    var typing = /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName);
    if (e.target.id === 'place-name' && e.key === 'Enter') { namePlace(); return; }
    if (typing && e.target.type !== 'checkbox' && e.target.type !== 'range') {
      if (e.key === 'Escape') e.target.blur();
      return;
    }
    var k = e.key.toLowerCase(), ctrl = e.ctrlKey || e.metaKey, v = current();
    if (k === ' ') { ui.space = true; e.preventDefault(); return; }
    if (ctrl && k === 'z') { e.preventDefault(); if (e.shiftKey) model.redo(); else model.undo(); save(); refresh(); return; }
    if (ctrl && k === 'y') { e.preventDefault(); model.redo(); save(); refresh(); return; }
    if (ctrl || e.altKey) return;
    var tools = {a: 'align', t: 'terrain', s: 'sides', r: 'routes', p: 'places'};
    if (tools[k] && !$('tool-' + tools[k]).hidden) setTool(tools[k]);
    else if (/^[0-9]$/.test(k)) panels.chooseKey(k);
    else if (k === 'l') snap();
    else if (k === 'z') { model.undo(); save(); refresh(); }
    else if (k === 'y') { model.redo(); save(); refresh(); }
    else if (k === 'g') { $('show-grid').checked = !$('show-grid').checked; layers(); }
    else if (k === 'n') { $('show-numbers').checked = !$('show-numbers').checked; layers(); }
    else if (k === 'o') {
      var now = Number($('opacity').value), next = [25, 45, 70, 100].filter(function (x) { return x > now; })[0];
      $('opacity').value = String(next === undefined ? 0 : next);
      layers();
    }
    else if (k === '+' || k === '=') { v.zoom.zoomBy(1.5); drawHandles(); }
    else if (k === '-') { v.zoom.zoomBy(1 / 1.5); drawHandles(); }
    else if (k === 'f') { v.zoom.fit(); drawHandles(); }
    else if (k === 'escape') { ui.route = null; refresh(); }
    else return;
    e.preventDefault();
  });
  document.addEventListener('keyup', function (e) { if (e.key === ' ') ui.space = false; });

  function layers() {
    views.forEach(function (v) {
      v.draw.show('grid', $('show-grid').checked);
      v.draw.show('numbers', $('show-numbers').checked);
      v.draw.opacity(Number($('opacity').value) / 100);
    });
  }

  // --- Wiring --------------------------------------------------------------

  Object.keys(TOOLS).forEach(function (t) { $('tool-' + t).addEventListener('click', function () { setTool(t); }); });
  $('tool-sides').hidden = !model.sideTypes.length;  // the 1961 board: rivers are squares
  $('undo').addEventListener('click', function () { model.undo(); save(); refresh(); });
  $('redo').addEventListener('click', function () { model.redo(); save(); refresh(); });
  ['show-grid', 'show-numbers', 'opacity'].forEach(function (id) { $(id).addEventListener('input', layers); });
  $('zoom-in').addEventListener('click', function () { current().zoom.zoomBy(1.5); drawHandles(); });
  $('zoom-out').addEventListener('click', function () { current().zoom.zoomBy(1 / 1.5); drawHandles(); });
  $('zoom-fit').addEventListener('click', function () { current().zoom.fit(); drawHandles(); });
  board.addEventListener('wheel', function () { setTimeout(drawHandles, 0); });
  $('align-snap').addEventListener('click', snap);
  $('align-clear').addEventListener('click', function () {
    var v = current();
    v.points.forEach(function (p) { p.s = null; });
    v.pending = 0;
    setTool('align');
    align(false);
    save();
  });
  $('route-new').addEventListener('click', function () { ui.route = null; refresh(); });
  $('route-reverse').addEventListener('click', function () {
    if (model.routes[ui.route]) model.editRoutes(function (routes) { routes[ui.route].hexes.reverse(); });
    save();
    refresh();
  });
  $('route-delete').addEventListener('click', function () {
    if (!model.routes[ui.route]) return;
    var i = ui.route;
    model.editRoutes(function (routes) { routes.splice(i, 1); });
    ui.route = null;
    save();
    refresh();
  });
  $('route-name').addEventListener('change', function () {
    var name = $('route-name').value.trim();
    if (model.routes[ui.route]) model.editRoutes(function (routes) { routes[ui.route].name = name; });
    save();
    refresh();
  });
  $('place-set').addEventListener('click', namePlace);
  $('start-scenario').addEventListener('click', function () { model.start('scenario'); ui.route = null; save(); refresh(); });
  $('start-empty').addEventListener('click', function () { model.start('empty'); ui.route = null; save(); refresh(); });
  $('export').addEventListener('click', exportScenario);
  ['export-id', 'export-title'].forEach(function (id) { $(id).addEventListener('change', save); });
  if (views.length > 1) {
    var sel = $('view-select');
    sel.hidden = false;
    views.forEach(function (v) {
      var o = document.createElement('option');
      o.value = String(v.index);
      o.textContent = v.name;
      sel.appendChild(o);
    });
    sel.addEventListener('change', function () {
      ui.view = Number(sel.value);
      views.forEach(function (v) { v.div.hidden = v.index !== ui.view; });
      current().zoom.fit();
      drawHandles();
      refresh();
    });
  }
  model.onChange(function (changed, key) { views.forEach(function (v) { v.draw.update(changed, key); }); });

  var traced = /-traced$/.test(data.scenario.id);
  $('export-id').value = traced ? data.scenario.id + '-2' : data.scenario.id + '-traced';
  $('export-title').value = /\(traced\)$/.test(data.scenario.title) ? data.scenario.title :
      data.scenario.title + ' (traced)';
  restore();
  views.forEach(function (v) {
    v.zoom.fit();
    var pairs = v.points.filter(function (p) { return p.s; }).length;
    ui.view = v.index;
    if (pairs >= 2) align(pairs >= 3); else v.draw.view(v.hexes, null);
  });
  ui.view = 0;
  if (views.every(function (v) { return v.points.every(function (p) { return p.s; }); })) ui.tool = 'terrain';
  layers();
  drawHandles();
  refresh();

  window.adjutantTrace = {
    data: data,
    model: model,
    // The window's point of scan point (x, y) of the current scan, first
    // brought into view.
    point: function (x, y) {
      var v = current();
      if (!v.zoom.shows(x, y, 40)) v.zoom.show(x, y);
      drawHandles();
      var r = v.div.getBoundingClientRect();
      return [r.left + x / v.w * r.width, r.top + y / v.h * r.height];
    },
    view: function (i) { $('view-select').value = String(i); $('view-select').dispatchEvent(new Event('change')); },
    state: function () {
      var v = current();
      return {fit: document.body.getAttribute('data-fit'), message: v.fit ? v.fit.message : null,
              lines: v.fit ? v.fit.lines : null, chance: v.fit ? v.fit.chance : null,
              edges: v.fit ? v.fit.edges : null, tool: ui.tool,
              pending: v.pending === null ? null : v.points[v.pending].label, problems: model.problems(),
              counts: model.counts(), undo: model.undoStack.length, route: ui.route};
    },
    exported: function () { return ui.lastExport; }
  };
  // Milliseconds from the start of loading to a page ready for the first click.
  document.body.setAttribute('data-ready', String(Math.max(1, Math.round(performance.now()))));
})();
