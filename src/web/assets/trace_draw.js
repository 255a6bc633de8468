// TraceDraw: the tracing page's overlay on the scan, an SVG in the scan's
// pixels whose one group carries the alignment (grid space to scan, an SVG
// matrix), so every mark is drawn in grid space: the painted terrain (in
// the TEC's colours, as transparent as the owner likes), the grid and the
// hex numbers to check the fit against the printed ones, hexside features,
// roads and trails, places, the hexes the rules name (a gold ring, red
// where the tracing contradicts them), the hex or hexside under the
// pointer, and the handles of the three clicked centres.
//
//   var d = new TraceDraw(svg, model, label)   label(c, r): the number printed in hex (c, r)
//   d.view(hexes, m)      the hexes shown and the grid-to-scan map (null: none yet)
//   d.update(layers, key) redraws what a change touched ('terrain', 'sides', ...;
//                         with `key`, only that hex's terrain)
//   d.handles(points, scale)  [{s: [x, y], label, index}] in scan pixels, drawn
//                         the same size at any zoom `scale`
//   d.hover(kind, what)   'hex' [c, r], 'side' [a, b], or null
//   d.flag(cells)         the fixed hexes the tracing contradicts
//   d.show(layer, on), d.opacity(v)
(function (global) {
  'use strict';

  var NS = 'http://www.w3.org/2000/svg', G = global.TraceGrid;

  function el(parent, name, attrs) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(e);
    return e;
  }

  function r3(v) { return Math.round(v * 1000) / 1000; }
  function pts(list) { return list.map(function (p) { return r3(p[0]) + ',' + r3(p[1]); }).join(' '); }

  function hexPath(c, r) {
    return 'M' + G.corners(c, r).map(function (p) { return r3(p[0]) + ' ' + r3(p[1]); }).join('L') + 'Z';
  }

  // Text drawn at 100 times its size and scaled down: grid units are a hex.
  function label(parent, x, y, str, size, cls) {
    var t = el(parent, 'text', {transform: 'translate(' + r3(x) + ' ' + r3(y) + ') scale(0.01)',
                                'font-size': size, 'text-anchor': 'middle', 'class': cls || ''});
    t.textContent = str;
    return t;
  }

  function waterWidth(t) {
    if (t.id === 'river') return 0.19;
    if (t.id === 'creek') return 0.12;
    if (t.id === 'stream') return 0.085;
    return t.passable ? 0.085 : 0.12;
  }

  function TraceDraw(svg, model, label) {
    this.svg = svg;
    this.model = model;
    this.label = label;
    this.root = el(svg, 'g', {id: 'grid-space'});
    var names = ['terrain', 'grid', 'sides', 'routes', 'numbers', 'places', 'fixed', 'hover'];
    this.layers = {};
    var self = this;
    names.forEach(function (n) { self.layers[n] = el(self.root, 'g', {'class': 'layer-' + n}); });
    this.handleLayer = el(svg, 'g', {'class': 'layer-handles'});
    this.hexes = [];
    this.fills = {};
    this.flagged = {};
    this.fill = 0.5;
  }

  var P = TraceDraw.prototype;

  P.clear = function (g) { while (g.firstChild) g.removeChild(g.firstChild); };

  P.view = function (hexes, m) {
    this.hexes = hexes;
    this.inView = {};
    var self = this;
    hexes.forEach(function (h) { self.inView[G.key(h[0], h[1])] = true; });
    this.root.setAttribute('visibility', m ? 'visible' : 'hidden');
    if (m) this.root.setAttribute('transform', 'matrix(' + [m.a, m.b, m.c, m.d, m.e, m.f].join(' ') + ')');
    this.drawGrid();
    this.update(['all']);
  };

  P.drawGrid = function () {
    var grid = this.layers.grid, numbers = this.layers.numbers, d = '', self = this;
    this.clear(grid);
    this.clear(numbers);
    this.hexes.forEach(function (h) {
      d += hexPath(h[0], h[1]);
      var c = G.centre(h[0], h[1]);
      label(numbers, c[0], c[1] - 0.55, self.label(h[0], h[1]), 22, 'number');
    });
    el(grid, 'path', {d: d, 'class': 'grid'});
  };

  P.update = function (layers, key) {
    var all = layers.indexOf('all') >= 0;
    if (!all && key && layers[0] === 'terrain') this.paintHex(G.cell(key));
    else if (all || layers.indexOf('terrain') >= 0) this.drawTerrain();
    if (all || layers.indexOf('sides') >= 0) this.drawSides();
    if (all || layers.indexOf('routes') >= 0) this.drawRoutes();
    if (all || layers.indexOf('places') >= 0) this.drawPlaces();
    if (all) this.drawFixed();
  };

  P.drawTerrain = function () {
    var self = this;
    this.clear(this.layers.terrain);
    this.fills = {};
    this.hexes.forEach(function (h) { self.paintHex(h); });
    this.layers.terrain.setAttribute('fill-opacity', String(this.fill));
  };

  // The painted terrain of one hex: its fill in the TEC's colour, none for
  // the default terrain.
  P.paintHex = function (h) {
    var k = G.key(h[0], h[1]), m = this.model, id = m.terrain[k], old = this.fills[k];
    if (old) old.parentNode.removeChild(old);
    delete this.fills[k];
    if (!id || !this.inView[k]) return;
    var t = m.byId[id];
    this.fills[k] = el(this.layers.terrain, 'path', {d: hexPath(h[0], h[1]), fill: t ? t.colour : '#f0f',
                                                     'class': 'paint', 'data-hex': m.label(h[0], h[1]),
                                                     'data-terrain': id});
  };

  P.visibleSide = function (cells) {
    return this.inView[G.key(cells[0][0], cells[0][1])] || this.inView[G.key(cells[1][0], cells[1][1])];
  };

  P.drawSides = function () {
    var g = this.layers.sides, m = this.model, self = this, crossings = [];
    this.clear(g);
    Object.keys(m.sides).forEach(function (k) {
      var cells = G.sideCells(k), t = m.sideById[m.sides[k]];
      if (!t || !self.visibleSide(cells)) return;
      if (t.id === 'ford' || t.id === 'bridge') { crossings.push([cells, t]); return; }
      var s = G.side(cells[0], cells[1]);
      el(g, 'line', {x1: r3(s[0][0]), y1: r3(s[0][1]), x2: r3(s[1][0]), y2: r3(s[1][1]),
                     stroke: t.colour, 'stroke-width': waterWidth(t), 'stroke-linecap': 'round',
                     'class': 'side', 'data-type': t.id});
    });
    // Fords and bridges: a bar across the hexside, from hex centre to hex centre.
    crossings.forEach(function (x) {
      var p = G.centre(x[0][0][0], x[0][0][1]), q = G.centre(x[0][1][0], x[0][1][1]);
      var mx = (p[0] + q[0]) / 2, my = (p[1] + q[1]) / 2, dx = (q[0] - p[0]) * 0.2, dy = (q[1] - p[1]) * 0.2;
      el(g, 'line', {x1: r3(mx - dx), y1: r3(my - dy), x2: r3(mx + dx), y2: r3(my + dy),
                     stroke: x[1].colour, 'stroke-width': x[1].id === 'bridge' ? 0.16 : 0.2,
                     'stroke-dasharray': x[1].id === 'ford' ? '0.06 0.04' : 'none',
                     'class': 'side crossing', 'data-type': x[1].id});
    });
  };

  P.drawRoutes = function (selected) {
    var g = this.layers.routes, m = this.model;
    if (selected !== undefined) this.selected = selected;
    this.clear(g);
    var order = ['unfinished_railroad', 'railroad', 'trail', 'road'], self = this;
    var list = m.routes.map(function (r, i) { return [r, i]; });
    list.sort(function (a, b) { return order.indexOf(a[0].kind) - order.indexOf(b[0].kind); });
    list.forEach(function (ri) {
      var r = ri[0], points = r.hexes.map(function (h) { return G.centre(h[0], h[1]); });
      var on = r.hexes.some(function (h) { return self.inView[G.key(h[0], h[1])]; });
      if (!on) return;
      if (ri[1] === self.selected)
        el(g, 'polyline', {points: pts(points), 'class': 'route-selected'});
      el(g, 'polyline', {points: pts(points), 'class': 'route route-' + r.kind, 'data-route': ri[1]});
      if (points.length === 1)
        el(g, 'circle', {cx: r3(points[0][0]), cy: r3(points[0][1]), r: 0.12, 'class': 'route-start'});
    });
  };

  P.drawPlaces = function () {
    var g = this.layers.places, m = this.model, self = this;
    this.clear(g);
    Object.keys(m.places).forEach(function (k) {
      var c = G.cell(k);
      if (!self.inView[k]) return;
      var p = G.centre(c[0], c[1]);
      label(g, p[0], p[1] + 0.55, m.places[k], 24, 'place');
    });
  };

  P.drawFixed = function () {
    var g = this.layers.fixed, self = this;
    this.clear(g);
    this.model.data.fixed.forEach(function (f) {
      if (!self.inView[G.key(f.hex[0], f.hex[1])]) return;
      var p = G.centre(f.hex[0], f.hex[1]);
      var ring = el(g, 'circle', {cx: r3(p[0]), cy: r3(p[1]), r: 0.62,
                                  'class': 'fixed' + (self.flagged[G.key(f.hex[0], f.hex[1])] ? ' contradicted' : ''),
                                  'data-hex': f.label});
      el(ring, 'title').textContent = f.label + ': ' + f.why.join('; ');
    });
  };

  P.flag = function (cells) {
    var flagged = {};
    cells.forEach(function (c) { flagged[G.key(c[0], c[1])] = true; });
    if (JSON.stringify(flagged) === JSON.stringify(this.flagged)) return;
    this.flagged = flagged;
    this.drawFixed();
  };

  P.hover = function (kind, what) {
    var g = this.layers.hover;
    this.clear(g);
    if (kind === 'hex') el(g, 'path', {d: hexPath(what[0], what[1]), 'class': 'hover'});
    if (kind === 'side') {
      var s = G.side(what[0], what[1]);
      el(g, 'line', {x1: r3(s[0][0]), y1: r3(s[0][1]), x2: r3(s[1][0]), y2: r3(s[1][1]), 'class': 'hover'});
    }
  };

  P.handles = function (points, scale) {
    var g = this.handleLayer, k = 1 / (scale || 1);
    this.clear(g);
    points.forEach(function (p) {
      var h = el(g, 'g', {'class': 'handle', 'data-index': p.index,
                          transform: 'translate(' + r3(p.s[0]) + ' ' + r3(p.s[1]) + ') scale(' + r3(k) + ')'});
      el(h, 'circle', {r: 11});
      el(h, 'path', {d: 'M-16 0H-5M5 0H16M0 -16V-5M0 5V16'});
      var t = el(h, 'text', {x: 14, y: -12});
      t.textContent = p.label;
    });
  };

  P.show = function (layer, on) {
    this.layers[layer].setAttribute('visibility', on ? 'visible' : 'hidden');
  };

  P.opacity = function (v) {
    this.fill = v;
    this.layers.terrain.setAttribute('fill-opacity', String(v));
  };

  global.TraceDraw = TraceDraw;
})(typeof window !== 'undefined' ? window : this);
