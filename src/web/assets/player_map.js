// The player page's map (player.js): the side's base map, its counters
// where the state puts them, the marks of what happened since the side's
// last orders, zoom, and a click that picks one of the side's counters and
// then a hex. It keeps the map's own state (hex centres, scale, the
// counter picked); the page hands it the data, the state and the
// adjudications to draw.
var AdjutantPlayMap = (function () {
  'use strict';
  function $(id) { return document.getElementById(id); }
  function svgEl(tag, attrs) {
    var e = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    return e;
  }

  // The map of the page's `data` (its data.map): `options.sealed` for a
  // side's sealed copy (one base map, no counters drawn over it),
  // `options.inflate` turns base64 gzip text into bytes, and
  // `options.onPick(unit, hex)` hears a counter of the side picked and then
  // a hex clicked. One closure over the map's state (hex centres, scale,
  // the counter picked) holds the functions that share it, each short.
  function create(data, options) {
    var centres = {};
    var scale = 1;
    var selected = null;

    function draw() {
      var board = $('board');
      board.innerHTML = '';
      if (!data.map) {
        var none = document.createElement('p');
        none.textContent = 'This game has no hex map to draw here.';
        board.appendChild(none);
        return Promise.resolve();
      }
      return options.inflate(options.sealed ? data.map.svg : data.map.bases[data.side]).then(function (bytes) {
        show(new TextDecoder().decode(bytes));
      });
    }
    function show(text) {
      var board = $('board');
      var doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      var svg = document.importNode(doc.documentElement, true);
      svg.setAttribute('id', 'map');
      board.appendChild(svg);
      (data.map.hexes || []).forEach(function (h) { centres[h[0]] = [h[1] / 10, h[2] / 10]; });
      var layer = svgEl('g', {id: 'counters'});
      svg.appendChild(layer);
      svg.addEventListener('click', onClick);
      fit();
    }
    // The counters where `status.state` puts them, stacked by hex.
    function counters(status) {
      var layer = document.getElementById('counters');
      if (!layer || !status || options.sealed) return;
      layer.innerHTML = '';
      var units = status.state.units || {}, byHex = {};
      (data.scenario.units || []).forEach(function (u) {
        var s = units[u.id];
        if (!s || !s.hex || s.status !== 'on_map' && s.status !== 'active' && s.status !== 'in_play' && s.hex === undefined) return;
        if (!centres[s.hex]) return;
        (byHex[s.hex] = byHex[s.hex] || []).push(u);
      });
      var looks = data.map.sides || {}, labels = data.map.labels || {};
      Object.keys(byHex).sort().forEach(function (h) {
        var c = centres[h], r = data.map.radius / 10, w = 1.1 * r, ht = 0.78 * r;
        byHex[h].forEach(function (u, k) {
          var look = looks[u.side] || {fill: '#888', ink: '#fff'};
          var g = svgEl('g', {'class': 'counter', 'data-unit': u.id, 'data-side': u.side,
                              transform: 'translate(' + (c[0] - w / 2 + 4 * k) + ',' + (c[1] - ht / 2 - 4 * k) + ')'});
          g.appendChild(svgEl('rect', {width: w, height: ht, rx: 2, fill: look.fill, stroke: '#1d1d1b',
                                       'stroke-width': 1}));
          // The unit's id over its strength and movement, as the printed counters.
          var id = svgEl('text', {x: w / 2, y: ht * 0.42, 'text-anchor': 'middle', fill: look.ink,
                                  'font-size': Math.max(7, r * 0.24)});
          id.textContent = u.id.length > 9 ? u.id.slice(0, 8) + '…' : u.id;
          g.appendChild(id);
          var sm = svgEl('text', {x: w / 2, y: ht * 0.86, 'text-anchor': 'middle', fill: look.ink,
                                  'font-size': Math.max(7, r * 0.26), 'font-weight': 'bold'});
          sm.textContent = labels[u.id] || '';
          g.appendChild(sm);
          var title = svgEl('title', {});
          title.textContent = (u.name || u.id) + ' (' + u.id + ') at ' + h;
          g.appendChild(title);
          layer.appendChild(g);
        });
      });
    }
    function onClick(ev) {
      var counter = ev.target.closest && ev.target.closest('g.counter');
      if (counter && counter.getAttribute('data-side') === data.side) {
        document.querySelectorAll('g.counter.selected').forEach(function (g) { g.classList.remove('selected'); });
        counter.classList.add('selected');
        selected = counter.getAttribute('data-unit');
        return;
      }
      if (!selected) return;
      var svg = $('map'), pt = svg.createSVGPoint();
      pt.x = ev.clientX; pt.y = ev.clientY;
      var p = pt.matrixTransform(svg.getScreenCTM().inverse()), best = null, bd = Infinity;
      Object.keys(centres).forEach(function (h) {
        var d = Math.pow(centres[h][0] - p.x, 2) + Math.pow(centres[h][1] - p.y, 2);
        if (d < bd) { bd = d; best = h; }
      });
      if (best) options.onPick(selected, best);
    }
    function setScale(s) {
      scale = Math.max(0.2, Math.min(4, s));
      var svg = $('map');
      if (!svg) return;
      svg.style.width = (data.map.width / 10 * scale) + 'px';
      svg.style.height = (data.map.height / 10 * scale) + 'px';
    }
    function fit() {
      var wrap = $('board-wrap');
      if (!data.map) return;
      setScale(Math.min(wrap.clientWidth * 10 / data.map.width, wrap.clientHeight * 10 / data.map.height) || 1);
    }
    function zoom(factor) { setScale(scale * factor); }

    // The adjudications `adjs` as marks over the counters: each move's path
    // as an arrow in its side's colour, retreats, advances and
    // displacements dashed, arrivals ringed, combats ringed in red with
    // odds and result, losses crossed.
    function marks(adjs) {
      var svg = $('map');
      if (!svg || !data.map || !data.map.hexes) return;
      var old = document.getElementById('marks');
      if (old) old.parentNode.removeChild(old);
      var layer = svgEl('g', {id: 'marks', 'pointer-events': 'none'});
      svg.appendChild(layer);
      var r = data.map.radius / 10, looks = data.map.sides || {}, sideOf = {};
      (data.scenario.units || []).forEach(function (u) { sideOf[u.id] = u.side; });
      var defs = svgEl('defs', {});
      layer.appendChild(defs);
      var heads = {};
      function head(colour) {
        if (heads[colour]) return heads[colour];
        var id = 'mark-head-' + Object.keys(heads).length;
        var m = svgEl('marker', {id: id, viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 4, markerHeight: 4,
                                 orient: 'auto-start-reverse'});
        m.appendChild(svgEl('path', {d: 'M0,0 L10,5 L0,10 z', fill: colour}));
        defs.appendChild(m);
        return (heads[colour] = id);
      }
      function colour(unit) { return (looks[sideOf[unit]] || {fill: '#444'}).fill; }
      function at(h) { return centres[h]; }
      function arrow(hexes, c, dashed, title) {
        var pts = hexes.map(at).filter(Boolean);
        if (pts.length < 2) return;
        var line = svgEl('polyline', {points: pts.map(function (p) { return p[0] + ',' + p[1]; }).join(' '),
                                      fill: 'none', stroke: c, 'stroke-width': Math.max(2, r * 0.16),
                                      'stroke-linecap': 'round', 'stroke-linejoin': 'round', opacity: 0.85,
                                      'marker-end': 'url(#' + head(c) + ')', 'class': 'mark'});
        if (dashed) line.setAttribute('stroke-dasharray', (r * 0.35) + ' ' + (r * 0.25));
        var t = svgEl('title', {});
        t.textContent = title;
        line.appendChild(t);
        layer.appendChild(line);
      }
      function ring(h, c, label) {
        var p = at(h);
        if (!p) return;
        layer.appendChild(svgEl('circle', {cx: p[0], cy: p[1], r: r * 0.8, fill: 'none', stroke: c,
                                           'stroke-width': Math.max(2, r * 0.12), 'class': 'mark'}));
        if (!label) return;
        var t = svgEl('text', {x: p[0], y: p[1] - r * 0.9, 'text-anchor': 'middle', fill: c,
                               'font-size': Math.max(9, r * 0.32), 'font-weight': 'bold', stroke: '#fff',
                               'stroke-width': 3, 'paint-order': 'stroke'});
        t.textContent = label;
        layer.appendChild(t);
      }
      adjs.forEach(function (a) {
        (a.body.events || []).forEach(function (ev) {
          if (ev.type === 'move' && ev.path)
            arrow(ev.path, colour(ev.unit), false, ev.unit + ' moves ' + ev.path.join('-'));
          else if ((ev.type === 'retreat' || ev.type === 'advance' || ev.type === 'displace') && ev.from && ev.to)
            arrow([ev.from, ev.to], colour(ev.unit), true, ev.unit + ' ' + ev.type + 's ' + ev.from + ' to ' + ev.to);
          else if (ev.type === 'enter' && ev.hex)
            ring(ev.hex, colour(ev.unit), '');
          else if (ev.type === 'combat')
            (ev.defenders || []).slice(0, 1).forEach(function (d) {
              ring(d.hex, '#b3261e', (ev.odds || '') + ' ' + (ev.result || ''));
            });
          else if (ev.type === 'eliminate' && ev.hex && at(ev.hex)) {
            var p = at(ev.hex), k = r * 0.45;
            layer.appendChild(svgEl('path', {d: 'M' + (p[0] - k) + ',' + (p[1] - k) + ' L' + (p[0] + k) + ',' + (p[1] + k) +
                                                ' M' + (p[0] + k) + ',' + (p[1] - k) + ' L' + (p[0] - k) + ',' + (p[1] + k),
                                             stroke: '#b3261e', 'stroke-width': Math.max(2, r * 0.14), 'class': 'mark'}));
          }
        });
      });
      document.body.setAttribute('data-marks', String(layer.querySelectorAll('.mark').length));
    }

    return {draw: draw, counters: counters, marks: marks, fit: fit, zoom: zoom};
  }

  return {create: create};
})();
