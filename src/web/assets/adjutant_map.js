// AdjutantMap: an adjutant map drawn in the page. The program writes a map's
// base once, as an SVG picture (terrain, hexsides, roads, names, legend;
// on a Chaos of Battle table the cloth and terrain), and for each position
// the data of what changes (render/map_overlay.h; docs/map.md "Maps drawn
// in the page"). This script draws that overlay as SVG, the way the
// program's own renderer draws the same marks, so base and overlay
// together look like `adjutant render`'s picture of the position.
//
//   AdjutantMap.draw(overlay, base, step)
//       Replaces the children of `overlay` (an SVG <g> or <svg> whose units
//       are the picture's pixels, base.width x base.height) with the
//       position's counters, arrows, combats, works, tags, notes and banner
//       line; on a table its pieces, brigades' names and banner line.
//   AdjutantMap.inflate(base64) -> Promise of the text of a gzipped,
//       base64-encoded document (the base picture as the program writes it).
//   AdjutantMap.focus(base, step[, radius]) -> {x, y}: the middle of the
//       busiest part of what happened at the position (its arrows and
//       combats, else its counters).
//   AdjutantMap.zoomable(board, content, width, height) -> a view of
//       `content` (an element width x height pixels, absolutely placed at
//       the top-left of `board`) that the wheel, a drag, a pinch and a
//       double click zoom and pan: view.fit(), view.show(x, y, scale),
//       view.zoomBy(factor[, x, y]), view.actual(x, y), view.scale(),
//       view.shows(x, y[, margin]).
//   AdjutantMap.textWidth(base, text, size, bold): text width in pixels,
//       from the font metrics the program measured (no kerning).
//
// The script makes no request and keeps no state between calls; it runs
// in any browser with SVG (DecompressionStream for inflate).
(function (global) {
  'use strict';

  var SVG = 'http://www.w3.org/2000/svg';
  var FONT = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif";
  var WHITE = [255, 255, 255], BLACK = [0, 0, 0];
  var CARD = [250, 247, 235];  // a brigade marker's card (table_layers.cpp kCard)

  // --- Colours -----------------------------------------------------------

  function rgb(text) {
    var m = /^rgb\((\d+),(\d+),(\d+)\)$/.exec(text || '');
    return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [128, 128, 128];
  }
  function css(c) {
    return 'rgb(' + Math.round(c[0]) + ',' + Math.round(c[1]) + ',' + Math.round(c[2]) + ')';
  }
  function mix(a, b, t) {
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
  }

  // --- Elements ----------------------------------------------------------

  function r2(v) { return Math.round(v * 100) / 100; }

  function el(parent, name, attrs) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs)
      if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, attrs[k]);
    parent.appendChild(e);
    return e;
  }

  function group(parent, attrs) { return el(parent, 'g', attrs); }

  // Path data through points [x0, y0, x1, y1, ...]; `closed` returns to
  // the first point with a line, as the renderer does (no joined corner).
  function polyline(points, closed) {
    var d = 'M' + r2(points[0]) + ' ' + r2(points[1]);
    for (var i = 2; i < points.length; i += 2) d += 'L' + r2(points[i]) + ' ' + r2(points[i + 1]);
    if (closed) d += 'L' + r2(points[0]) + ' ' + r2(points[1]);
    return d;
  }

  function circlePath(cx, cy, r) {
    return 'M' + r2(cx + r) + ' ' + r2(cy) + 'A' + r + ' ' + r + ' 0 1 1 ' + r2(cx - r) + ' ' +
           r2(cy) + 'A' + r + ' ' + r + ' 0 1 1 ' + r2(cx + r) + ' ' + r2(cy) + 'Z';
  }

  // A hex of circumradius r around (cx, cy), its corners turned by `angle`
  // degrees (0: flat top; 30: pointed top, a map drawn turned).
  function hexPath(cx, cy, r, angle) {
    var pts = [];
    if (!angle) {
      var h = Math.sqrt(3) / 2 * r;
      pts = [cx + r, cy, cx + r / 2, cy + h, cx - r / 2, cy + h, cx - r, cy, cx - r / 2, cy - h,
             cx + r / 2, cy - h];
    } else {
      for (var k = 0; k < 6; k++) {
        var a = (60 * k + angle) * Math.PI / 180;
        pts.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
      }
    }
    return polyline(pts, false) + 'Z';
  }

  // --- Text --------------------------------------------------------------

  var advances = typeof WeakMap === 'function' ? new WeakMap() : null;

  function metrics(base) {
    var m = advances && advances.get(base);
    if (m) return m;
    var f = base.font || {chars: '', regular: [], bold: []};
    m = {regular: {}, bold: {}};
    var i = 0;
    for (var ch of f.chars) {
      m.regular[ch] = f.regular[i] / 1e6;
      m.bold[ch] = f.bold[i] / 1e6;
      i++;
    }
    if (advances) advances.set(base, m);
    return m;
  }

  function textWidth(base, text, size, bold) {
    var table = metrics(base)[bold ? 'bold' : 'regular'], w = 0;
    for (var ch of text) w += ch in table ? table[ch] : 0.6;
    return w * size;
  }

  // The largest size <= size at which `text` fits in `width`, snapped down
  // to quarter pixels (Canvas::fit).
  function fit(base, text, size, bold, width) {
    var w = textWidth(base, text, size, bold);
    if (w <= width || w <= 0) return size;
    return Math.floor(size * width / w * 4) / 4;
  }

  // Text with its baseline at y, aligned on x ('left', 'centre', 'right').
  // Its length is pinned to the measured one, so a substitute font still
  // fits where DejaVu Sans would.
  function text(parent, base, str, x, y, size, bold, align, fill, halo) {
    if (!str) return null;
    var w = textWidth(base, str, size, bold);
    var left = align === 'centre' ? x - w / 2 : align === 'right' ? x - w : x;
    var t = el(parent, 'text', {x: r2(left), y: r2(y), 'font-size': size, fill: fill,
                                'font-weight': bold ? 'bold' : null, textLength: r2(w)});
    if (halo) {
      t.setAttribute('stroke', halo.colour);
      t.setAttribute('stroke-width', halo.width);
      t.setAttribute('stroke-linejoin', 'round');
      t.setAttribute('paint-order', 'stroke');
    }
    t.textContent = str;
    return t;
  }

  // --- Counters (render/counter.cpp) -------------------------------------

  function typeBox(g, type, x, y, w, h, ink) {
    var d = 'M' + r2(x) + ' ' + r2(y) + 'h' + w + 'v' + h + 'h' + -w + 'Z';
    function seg(pts) { d += polyline(pts, false); }
    if (type === 'infantry') {
      seg([x, y, x + w, y + h]);
      seg([x + w, y, x, y + h]);
    } else if (type === 'cavalry' || type === 'horse_artillery') {
      seg([x, y + h, x + w, y]);
    } else if (type === 'hq') {
      seg([x + w * 0.3, y + h * 0.85, x + w * 0.3, y + h * 0.15, x + w * 0.75, y + h * 0.32,
           x + w * 0.3, y + h * 0.5]);
    } else if (type === 'boat') {
      seg([x + w * 0.15, y + h * 0.4, x + w * 0.85, y + h * 0.4, x + w * 0.7, y + h * 0.75,
           x + w * 0.3, y + h * 0.75, x + w * 0.15, y + h * 0.4]);
    } else if (type === 'bridge') {
      seg([x + w * 0.1, y + h * 0.35, x + w * 0.9, y + h * 0.35]);
      [0.25, 0.5, 0.75].forEach(function (f) { d += circlePath(x + w * f, y + h * 0.65, h * 0.14); });
    }
    el(g, 'path', {d: d, fill: 'none', stroke: ink, 'stroke-width': 1});
    if (type === 'artillery' || type === 'horse_artillery')
      el(g, 'path', {d: circlePath(x + w / 2, y + h / 2, Math.min(w, h) * 0.24), fill: ink});
  }

  // One counter centred on (cx, cy): the designation on top, the type box
  // at the left and strength-movement at the right; `flags` 1 ineffective,
  // 2 demoralized; a ghost (eliminated) faded and crossed out.
  function counter(g, base, unit, flags, cx, cy, ghost) {
    var st = base.style, w = st.counterWidth, h = st.counterHeight;
    var x = cx - w / 2, y = cy - h / 2;
    var side = base.sides[unit[1]] || {};
    var look = side.fill ? rgb(side.fill) : [140, 140, 140];
    var fill = ghost ? mix(look, WHITE, 0.6) : look;
    var ink = side.ink ? rgb(side.ink) : BLACK;
    if (ghost) ink = mix(ink, WHITE, 0.45);
    if (!ghost)
      el(g, 'rect', {x: r2(x + 1.3), y: r2(y + 1.5), width: w, height: h, fill: 'rgb(0,0,0)',
                     'fill-opacity': 0.35});
    el(g, 'rect', {x: r2(x), y: r2(y), width: w, height: h, fill: css(fill), stroke: st.counterEdge,
                   'stroke-width': 0.9, 'stroke-opacity': ghost ? 0.6 : null,
                   'stroke-dasharray': ghost ? '2.5 1.5' : null});
    var designation = unit[0], values = unit[3];
    text(g, base, designation, cx, y + 8.2, fit(base, designation, st.designationSize, false, w - 4),
         false, 'centre', css(ink));
    typeBox(g, unit[2], x + 3.5, y + 11.5, 14, 9, css(ink));
    var left = x + 19.5, vw = w - 21.5;
    var size = fit(base, values, st.valuesSize, true, vw - 2);
    var at = left + vw / 2, valueInk = css(ink);
    if (flags & 1) {
      var tw = textWidth(base, values, size, true);
      var red = rgb(st.ineffective);
      el(g, 'rect', {x: r2(at - tw / 2 - 1.5), y: r2(y + 11), width: r2(tw + 3), height: 11, rx: 1.5,
                     fill: css(ghost ? mix(red, WHITE, 0.5) : red)});
      valueInk = 'rgb(255,255,255)';
    }
    text(g, base, values, at, y + 20.2, size, true, 'centre', valueInk);
    if (flags & 2)
      el(g, 'path', {d: polyline([x + w - 10, y, x + w - 2.5, y, x + w, y + 2.5, x + w, y + 10]) +
                     'Z', fill: st.demoralized, stroke: st.counterEdge, 'stroke-width': 0.8});
    if (ghost)
      el(g, 'path', {d: polyline([x + 2, y + 2, x + w - 2, y + h - 2]) +
                     polyline([x + w - 2, y + 2, x + 2, y + h - 2]),
                     stroke: st.eliminatedCross, 'stroke-opacity': 0.9, 'stroke-width': 2.2,
                     'stroke-linecap': 'round', fill: 'none'});
  }

  // Where the i-th counter of a stack of n sits (Scene::counter_centre).
  function counterCentre(base, c, i, n) {
    var st = base.style;
    if (n <= 1) return c;
    var total = 2 * st.counterHeight + st.counterGap;
    var step = (total - st.counterHeight) / (n - 1);
    return [c[0] + (n > 2 ? (i - (n - 1) / 2) * 2 : 0),
            c[1] - total / 2 + st.counterHeight / 2 + i * step];
  }

  // The stacks of a position: [hex, [[unit index, flags], ...]] in drawing order.
  function stacks(step) {
    var out = [], last = null;
    (step.units || []).forEach(function (u) {
      if (!last || last[0] !== u[1]) out.push(last = [u[1], []]);
      last[1].push([u[0], u[2]]);
    });
    return out;
  }

  // --- Arrows (render/shapes.cpp draw_arrow) ------------------------------

  function arrow(g, pts, colour, width, style) {
    var n = pts.length / 2;
    if (n < 2) return;
    var tx = pts[2 * n - 2], ty = pts[2 * n - 1], fx = pts[2 * n - 4], fy = pts[2 * n - 3];
    var dx = tx - fx, dy = ty - fy, length = Math.hypot(dx, dy);
    if (length <= 0) return;
    var ux = dx / length, uy = dy / length;
    var head = Math.min(3.6 * width, 0.8 * length + 2), half = 0.62 * head;
    var bx = tx - ux * head, by = ty - uy * head;
    var shaft = pts.slice(0, 2 * n - 2).concat([tx - ux * head * 0.8, ty - uy * head * 0.8]);
    var headPath = polyline([tx, ty, bx - uy * half, by + ux * half, bx + uy * half, by - ux * half]) + 'Z';
    var c = rgb(colour);
    var casing = style === 'attack' ? WHITE : mix(WHITE, c, 0.08);
    el(g, 'path', {d: polyline(shaft) + headPath, fill: 'none', stroke: css(casing),
                   'stroke-opacity': 0.85, 'stroke-width': r2(width + 2.6),
                   'stroke-linecap': 'round', 'stroke-linejoin': 'round'});
    var dash = style === 'retreat' ? [2.4 * width, 1.4 * width]
             : style === 'advance' ? [1.1 * width, 1.1 * width]
             : style === 'evade' ? [0.1, 1.6 * width] : null;
    el(g, 'path', {d: polyline(shaft), fill: 'none', stroke: colour,
                   'stroke-width': r2(style === 'evade' ? width * 1.2 : width),
                   'stroke-linecap': 'round', 'stroke-linejoin': 'round',
                   'stroke-dasharray': dash ? dash.map(r2).join(' ') : null});
    el(g, 'path', {d: headPath, fill: colour});
  }

  var ARROW_STYLE = {move: 'move', enter: 'move', exit: 'move', evade: 'evade', retreat: 'retreat',
                     displace: 'retreat', advance: 'advance'};

  // --- Combats (render/combat_layer.cpp) ----------------------------------

  function labelParts(base, n, odds, die, result) {
    var size = base.style.combatTextSize, gap = 3.5, pad = 4, dieSize = 10.5;
    var p = {number: n ? '#' + n : ''};
    p.wn = p.number ? textWidth(base, p.number, size - 1.5, false) + gap : 0;
    p.wo = textWidth(base, odds, size, true);
    p.wd = die ? dieSize + gap : 0;
    p.wr = result ? textWidth(base, result, size, true) + gap : 0;
    p.w = 2 * pad + p.wn + p.wo + p.wd + p.wr;
    p.h = 14;
    return p;
  }

  function combatLabel(g, base, n, odds, die, result, ax, ay) {
    var st = base.style, size = st.combatTextSize, gap = 3.5, dieSize = 10.5;
    var p = labelParts(base, n, odds, die, result);
    var x = ax - p.w / 2, y = ay - p.h / 2, baseline = y + 10.3;
    el(g, 'rect', {x: r2(x), y: r2(y), width: r2(p.w), height: p.h, rx: 3, fill: 'rgb(255,255,255)',
                   'fill-opacity': 0.94, stroke: st.combat, 'stroke-width': 1.3});
    x += 4;
    if (p.number) {
      text(g, base, p.number, x, baseline, size - 1.5, false, 'left', 'rgb(89,89,89)');
      x += p.wn;
    }
    text(g, base, odds, x, baseline, size, true, 'left', 'rgb(0,0,0)');
    x += p.wo + gap;
    if (die) {
      el(g, 'rect', {x: r2(x), y: r2(y + (p.h - dieSize) / 2), width: dieSize, height: dieSize, rx: 2,
                     fill: 'rgb(255,255,255)', stroke: 'rgb(0,0,0)', 'stroke-width': 0.9});
      text(g, base, die, x + dieSize / 2, baseline - 0.6, size - 1.5, true, 'centre', 'rgb(0,0,0)');
      x += dieSize + gap;
    }
    text(g, base, result, x, baseline, size, true, 'left', st.combat);
  }

  function box(cx, cy, hw, hh) { return [cx - hw, cy - hh, cx + hw, cy + hh]; }
  function overlap(a, b) {
    var w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
    var h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
    return w > 0 && h > 0 ? w * h : 0;
  }

  function drawCombats(g, base, step, hexes) {
    var st = base.style, counters = [], labels = [];
    stacks(step).forEach(function (s) {
      var c = hexes[s[0]], n = s[1].length;
      if (!c) return;
      var hw = n === 1 ? st.counterWidth / 2 : st.counterWidth / 2 + (n > 2 ? n : 0);
      var hh = n === 1 ? st.counterHeight / 2 : st.counterHeight + st.counterGap / 2;
      counters.push(box(c[0], c[1], hw, hh));
    });
    (step.ghosts || []).forEach(function (gh) {
      counters.push(box(gh[2], gh[3], st.counterWidth / 2, st.counterHeight / 2));
    });
    var m = base.map;
    var picture = [m[0] - st.margin + 2, m[1] - st.margin + 2, base.width - 2, base.legendTop - 2];
    (step.combats || []).forEach(function (c) {
      var cg = group(g, {'class': 'combat', 'data-n': c[0], 'data-odds': c[1], 'data-result': c[3]});
      var rings = '';
      c[4].forEach(function (h) {
        var p = hexes[h];
        if (p) rings += hexPath(p[0], p[1], 0.88 * base.size, base.angle);
      });
      el(cg, 'path', {d: rings, fill: 'none', stroke: st.combat, 'stroke-opacity': 0.9,
                      'stroke-width': 2.4, 'stroke-linejoin': 'round'});
      c[5].forEach(function (shaft) { arrow(cg, shaft, st.combat, 0.085 * base.size, 'attack'); });
      var parts = labelParts(base, c[0], c[1], c[2], c[3]);
      var d0 = hexes[c[4][0]], best = d0, bestCost = 1e18, rank = 0;
      [0.62, 1.05, 1.5].forEach(function (r) {
        for (var k = 0; k < 12; k++) {
          var turn = Math.floor((k + 1) / 2) * (k % 2 ? 1 : -1);
          var a = c[6] + turn * Math.PI / 6;
          var p = [d0[0] + Math.cos(a) * r * base.size, d0[1] + Math.sin(a) * r * base.size];
          var b = box(p[0], p[1], parts.w / 2 + 1, parts.h / 2 + 1);
          var cost = rank++ * 4.0;
          counters.forEach(function (o) { cost += overlap(o, b); });
          labels.forEach(function (o) { cost += 50 * overlap(o, b); });
          if (b[0] < picture[0] || b[1] < picture[1] || b[2] > picture[2] || b[3] > picture[3])
            cost += 1e6;
          if (cost < bestCost) { bestCost = cost; best = p; }
        }
      });
      labels.push(box(best[0], best[1], parts.w / 2 + 1, parts.h / 2 + 1));
      combatLabel(cg, base, c[0], c[1], c[2], c[3], best[0], best[1]);
    });
  }

  // --- The hex map's overlay ----------------------------------------------

  function drawWorks(g, base, step, hexes) {
    var s = base.size;
    (step.forts || []).forEach(function (h) {
      var c = hexes[h];
      if (!c) return;
      var fg = group(g, {'class': 'fortification', 'data-hex': h});
      el(fg, 'path', {d: circlePath(c[0], c[1], 0.72 * s), fill: 'none', stroke: 'rgb(0,0,0)',
                      'stroke-opacity': 0.7, 'stroke-width': r2(0.16 * s)});
      el(fg, 'path', {d: circlePath(c[0], c[1], 0.72 * s), fill: 'none', stroke: 'rgb(255,255,255)',
                      'stroke-width': r2(0.1 * s)});
      var x = c[0], y = c[1] - 0.62 * s, r = 0.18 * s;
      el(fg, 'path', {d: polyline([x, y - r, x + r, y, x, y + r, x - r, y, x, y - r]),
                      fill: 'rgb(255,255,255)', stroke: 'rgb(0,0,0)', 'stroke-width': 1.2});
    });
    (step.bridges || []).forEach(function (b) {
      var a = hexes[b[1]], z = hexes[b[2]];
      if (!a || !z) return;
      var bg = group(g, {'class': 'bridge', 'data-unit': b[0]});
      var line = polyline([a[0], a[1], z[0], z[1]]);
      el(bg, 'path', {d: line, stroke: 'rgb(0,0,0)', 'stroke-opacity': 0.6, 'stroke-width': r2(0.3 * s)});
      el(bg, 'path', {d: line, stroke: base.style.bridgeDeck, 'stroke-width': r2(0.22 * s)});
      var dx = z[0] - a[0], dy = z[1] - a[1], len = Math.hypot(dx, dy);
      if (len > 0) {
        var nx = -dy / len * 0.11 * s, ny = dx / len * 0.11 * s, planks = '';
        for (var i = 1; i < 8; i++) {
          var px = a[0] + dx * i / 8, py = a[1] + dy * i / 8;
          planks += polyline([px - nx, py - ny, px + nx, py + ny]);
        }
        el(bg, 'path', {d: planks, stroke: 'rgb(255,255,255)', 'stroke-opacity': 0.6, 'stroke-width': 1});
      }
    });
  }

  function drawCommunication(g, base, step, hexes) {
    var st = base.style, s = base.size;
    (step.loc || []).forEach(function (l) {
      var side = base.sides[l[0]] || {};
      var colour = side.arrow || 'rgb(77,77,77)';
      var lg = group(g, {'class': 'communication', 'data-side': l[0]});
      l[1].forEach(function (line) {
        var pts = [];
        line.forEach(function (h) { if (hexes[h]) pts.push(hexes[h][0], hexes[h][1]); });
        if (pts.length < 4) return;
        el(lg, 'path', {d: polyline(pts), fill: 'none', stroke: colour, 'stroke-opacity': 0.75,
                        'stroke-width': r2(0.05 * s), 'stroke-linejoin': 'round',
                        'stroke-dasharray': r2(0.12 * s) + ' ' + r2(0.08 * s)});
      });
      l[2].forEach(function (h) {
        var p = hexes[h];
        if (!p) return;
        el(lg, 'path', {d: hexPath(p[0], p[1], 0.9 * s, base.angle), fill: 'none', stroke: st.combat,
                        'stroke-width': r2(0.08 * s), 'stroke-linejoin': 'round',
                        'stroke-dasharray': r2(0.15 * s) + ' ' + r2(0.09 * s)});
        text(lg, base, 'cut off', p[0], p[1] + 0.75 * s, st.placeNameSize, true, 'centre', st.combat,
             {colour: st.labelHalo, width: 2.4});
      });
    });
  }

  function drawTags(g, base, step) {
    var size = base.style.hexNumberSize + 0.5;
    (step.tags || []).forEach(function (t) {
      var side = base.sides[t[1]] || {};
      var label = 'T' + t[2], w = textWidth(base, label, size, true) + 8;
      var tg = group(g, {'class': 'arrival', 'data-hex': t[0], 'data-side': t[1], 'data-turn': t[2],
                         'data-units': t[3]});
      el(tg, 'rect', {x: r2(t[4] - w / 2), y: r2(t[5] - 6.5), width: r2(w), height: 13, rx: 3,
                      fill: side.tag || 'rgb(102,102,102)', stroke: side.tagEdge || 'rgb(41,41,41)',
                      'stroke-width': 1});
      text(tg, base, label, t[4], t[5] + 3, size, true, 'centre', side.tagInk || 'rgb(255,255,255)');
    });
  }

  // A line of the notes, set smaller to fit, and cut short with an ellipsis
  // when even the smallest size does not (notes_layer.cpp fitted).
  function fitted(g, base, str, x, y, width, fill) {
    var size = fit(base, str, 9.5, false, width);
    if (size < 7) {
      size = 7;
      var chars = Array.from(str);
      while (chars.length > 4 && textWidth(base, chars.join('') + '\u2026', size, false) > width)
        chars.pop();
      str = chars.join('') + '\u2026';
    }
    text(g, base, str, x, y, size, false, 'left', fill);
  }

  function drawHex(root, base, step) {
    var st = base.style, hexes = base.hexes, units = base.units;
    drawWorks(root, base, step, hexes);
    drawCommunication(root, base, step, hexes);
    (step.arrows || []).forEach(function (a) {
      var side = base.sides[a[2]] || {};
      var ag = group(root, {'class': a[0], 'data-unit': a[1]});
      arrow(ag, a[3], side.arrow || 'rgb(77,77,77)', 0.09 * base.size, ARROW_STYLE[a[0]] || 'move');
    });
    (step.ghosts || []).forEach(function (gh) {
      var u = units[gh[0]];
      var gg = group(root, {'class': 'eliminated', 'data-unit': u[0], 'data-hex': gh[1]});
      counter(gg, base, u, gh[4], gh[2], gh[3], true);
    });
    stacks(step).forEach(function (s) {
      var c = hexes[s[0]];
      if (!c) return;
      s[1].forEach(function (entry, i) {
        var u = units[entry[0]];
        var p = counterCentre(base, c, i, s[1].length);
        var cg = group(root, {'class': 'counter', 'data-unit': u[0], 'data-side': u[1], 'data-hex': s[0]});
        counter(cg, base, u, entry[1], p[0], p[1], false);
      });
    });
    drawTags(root, base, step);
    drawCombats(root, base, step, hexes);
    if (step.notes) {
      var ng = group(root, {'class': 'notes'}), y = base.notesTop + 14 - 3;
      step.notes.forEach(function (n) {
        fitted(ng, base, n[0], st.margin, y, base.width - 2 * st.margin,
               n[1] ? 'rgb(64,64,64)' : 'rgb(0,0,0)');
        y += 14;
      });
    }
    var bg = group(root, {'class': 'banner-line'});
    text(bg, base, step.line, st.margin, 40,
         fit(base, step.line, st.bannerTextSize, false, base.width - 2 * st.margin), false, 'left',
         st.bannerInk);
  }

  // --- The Chaos of Battle table's overlay (render/table_layers.cpp) -------

  // A piece: [kind, side, own, cavalry, corners, stands, tick, at, facing,
  // brigade, name, marker number, preferred].
  function standOutlines(c, n) {
    if (n <= 1) return [c];
    var out = [];
    function lerp(a, b, t) { return [c[a] + (c[b] - c[a]) * t, c[a + 1] + (c[b + 1] - c[a + 1]) * t]; }
    for (var k = 0; k < n; k++) {
      var fl = lerp(0, 2, k / n), fr = lerp(0, 2, (k + 1) / n);
      var rr = lerp(6, 4, (k + 1) / n), rl = lerp(6, 4, k / n);
      out.push(fl.concat(fr, rr, rl));
    }
    return out;
  }

  function tick(g, p) {
    if (p[8] < 0 || !p[6].length) return;
    el(g, 'path', {d: polyline(p[6]), stroke: 'rgb(0,0,0)', 'stroke-width': 1.3});
  }

  function drawPiece(g, base, p) {
    var st = base.style, side = base.sides[p[1]] || {};
    var colour = side.fill || 'rgb(0,0,0)', c = p[4];
    if (p[0] === 'marker') {
      el(g, 'path', {d: polyline(c, true), fill: css(CARD), 'fill-opacity': 0.85});
      el(g, 'path', {d: polyline(c, true), fill: 'none', stroke: colour, 'stroke-width': 1.4,
                     'stroke-dasharray': p[2] ? null : '3 2'});
      var x0 = c[6], y0 = c[7], w = c[2] - c[6], h = c[7] - c[3];
      var hx = x0 + 0.28 * w, hy = y0 - 0.88 * h;
      el(g, 'path', {d: polyline([hx, y0 - 0.12 * h, hx, hy]), stroke: 'rgb(0,0,0)', 'stroke-width': 1.4});
      var fw = 0.52 * w, fh = 0.38 * h;
      el(g, 'path', {d: polyline([hx, hy, hx + fw, hy, hx + 0.75 * fw, hy + fh / 2, hx + fw, hy + fh,
                                  hx, hy + fh, hx, hy]),
                     fill: colour, stroke: 'rgb(0,0,0)', 'stroke-width': 0.8});
      if (p[11] > 0)
        text(g, base, String(p[11]), hx + 0.36 * fw, hy + fh / 2 + 3.2, 9, true, 'centre',
             side.ink || 'rgb(255,255,255)');
      if (p[12])
        text(g, base, '\u2605', x0 + 0.78 * w, y0 - 0.16 * h, 11, true, 'centre', st.demoralized,
             {colour: 'rgb(0,0,0)', width: 1.6});
      if (p[10])
        text(g, base, p[10], x0 + w / 2, y0 + 9 + 2, 9, true, 'centre', side.dark || colour,
             {colour: st.labelHalo, width: 3});
    } else if (p[0] === 'wagon') {
      el(g, 'path', {d: polyline(c, true), fill: side.pale || colour, stroke: colour, 'stroke-width': 1.2});
      [0.25, 0.75].forEach(function (t) {
        var a = [c[0] + (c[6] - c[0]) * t, c[1] + (c[7] - c[1]) * t];
        var b = [c[2] + (c[4] - c[2]) * t, c[3] + (c[5] - c[3]) * t];
        [a, b].forEach(function (q) {
          el(g, 'path', {d: circlePath(q[0], q[1], 1.6), fill: 'rgb(0,0,0)', stroke: 'rgb(0,0,0)',
                         'stroke-width': 0.3});
        });
      });
      tick(g, p);
    } else if (p[0] === 'regiment' || p[0] === 'battery') {
      var stands = standOutlines(c, p[5]), ink = side.ink || 'rgb(255,255,255)';
      stands.forEach(function (s) {
        el(g, 'path', {d: polyline(s, true), fill: colour, stroke: st.counterEdge, 'stroke-width': 0.6});
      });
      stands.forEach(function (s) {
        if (p[0] === 'battery')
          el(g, 'path', {d: circlePath((s[0] + s[4]) / 2, (s[1] + s[5]) / 2, 1.5), fill: ink});
        else if (p[3])
          el(g, 'path', {d: polyline([s[0], s[1], s[4], s[5]]), stroke: ink, 'stroke-opacity': 0.8,
                         'stroke-width': 0.8});
      });
      el(g, 'path', {d: polyline([c[0], c[1], c[2], c[3]]), stroke: 'rgb(0,0,0)',
                     'stroke-width': p[0] === 'battery' ? 2.4 : 1.8});
      tick(g, p);
    } else {
      var mx = (c[0] + c[4]) / 2, my = (c[1] + c[5]) / 2;
      if (p[0] === 'commander') {
        el(g, 'path', {d: circlePath(mx, my, 5.5), fill: colour, stroke: 'rgb(0,0,0)', 'stroke-width': 1.2});
        text(g, base, '\u2605', mx, my + 3.4, 9, true, 'centre', st.demoralized);
      } else {
        el(g, 'path', {d: circlePath(mx, my, 3.6), fill: 'rgb(255,255,255)', stroke: colour,
                       'stroke-width': 2});
      }
      tick(g, p);
    }
  }

  function drawTable(root, base, step) {
    var st = base.style;
    (step.pieces || []).forEach(function (p) {
      var attrs = {'class': p[0] + (p[2] ? ' own' : ' enemy'), 'data-side': p[1],
                   'data-brigade': p[9] || null, 'data-name': p[10] || null,
                   'data-at': p[7][0] + ' ' + p[7][1],
                   'data-facing': p[8] >= 0 ? p[8] : null, 'data-marker': p[11] > 0 ? p[11] : null,
                   'data-preferred': p[12] ? 'true' : null};
      drawPiece(group(root, attrs), base, p);
    });
    (step.labels || []).forEach(function (l) {
      var side = base.sides[l[0]] || {};
      var lg = group(root, {'class': 'brigade-name', 'data-side': l[0], 'data-name': l[1]});
      text(lg, base, l[1], l[2], l[3], 9.5, true, 'centre', side.dark || 'rgb(0,0,0)',
           {colour: st.labelHalo, width: 3});
    });
    var t = base.table;
    el(group(root, {'class': 'edge'}), 'rect', {x: t[0], y: t[1], width: r2(t[2] - t[0]),
       height: r2(t[3] - t[1]), fill: 'none', stroke: st.grid, 'stroke-width': 1.5});
    text(group(root, {'class': 'banner-line'}), base, step.line, st.margin, 41, st.bannerTextSize,
         false, 'left', st.bannerDim);
  }

  // A ruleset's own picture (kind "own"): each step is a whole SVG
  // document, set over the base as an image.
  function drawOwn(root, base, step) {
    if (!step.svg) return;
    el(group(root, {'class': 'picture'}), 'image', {x: 0, y: 0, width: base.width, height: base.height,
                       href: 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(step.svg)});
  }

  // --- The API -------------------------------------------------------------

  function draw(overlay, base, step) {
    while (overlay.firstChild) overlay.removeChild(overlay.firstChild);
    if (!base || !step) return;
    var root = group(overlay, {'class': 'overlay', 'font-family': FONT, 'stroke-miterlimit': 10,
                               style: 'font-kerning:none;white-space:pre'});
    if (base.kind === 'table') drawTable(root, base, step);
    else if (base.kind === 'own') drawOwn(root, base, step);
    else drawHex(root, base, step);
  }

  // The middle of the busiest part of a position: of its arrows' and
  // combats' points (else its counters, or on a table its own pieces), the
  // one with most others within `radius` pixels, and those others.
  function focus(base, step, radius) {
    var pts = [];
    function add(x, y) { pts.push([x, y]); }
    function hexAt(h) { var c = base.hexes[h]; if (c) add(c[0], c[1]); }
    if (base.kind === 'table') {
      (step.pieces || []).forEach(function (p) {
        if (p[2]) add((p[4][0] + p[4][4]) / 2, (p[4][1] + p[4][5]) / 2);
      });
    } else {
      (step.arrows || []).forEach(function (a) {
        for (var i = 0; i < a[3].length; i += 2) add(a[3][i], a[3][i + 1]);
      });
      (step.combats || []).forEach(function (c) { c[4].forEach(hexAt); });
      if (!pts.length) (step.units || []).forEach(function (u) { hexAt(u[1]); });
    }
    if (!pts.length) return {x: base.width / 2, y: base.height / 2};
    var r = radius || 240, best = null, most = -1;
    pts.forEach(function (p) {
      var near = pts.filter(function (q) { return Math.abs(p[0] - q[0]) <= r && Math.abs(p[1] - q[1]) <= r; });
      if (near.length > most) { most = near.length; best = near; }
    });
    var x = 0, y = 0;
    best.forEach(function (q) { x += q[0]; y += q[1]; });
    return {x: x / best.length, y: y / best.length};
  }

  function inflate(base64) {
    if (typeof DecompressionStream === 'undefined')
      return Promise.reject(new Error('this browser has no DecompressionStream: Chromium 80, ' +
                                      'Firefox 113, Safari 16.4 or later have it'));
    var bin = atob(base64.trim()), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(stream).text();
  }

  // Zoom and pan: `content` is scaled by s and moved by (tx, ty) inside
  // `board`; a picture narrower than the board is centred, a wider one
  // cannot be dragged away from the board's edges.
  function zoomable(board, content, width, height) {
    var s = 1, tx = 0, ty = 0, pointers = {}, gesture = null;
    function minScale() { return Math.min(fitScale(), 1) / 2; }
    function fitScale() {
      return Math.min(board.clientWidth / width, board.clientHeight / height) || 1;
    }
    function apply() {
      var bw = board.clientWidth, bh = board.clientHeight;
      s = Math.max(minScale(), Math.min(4, s));
      tx = width * s <= bw ? (bw - width * s) / 2 : Math.min(0, Math.max(bw - width * s, tx));
      ty = height * s <= bh ? (bh - height * s) / 2 : Math.min(0, Math.max(bh - height * s, ty));
      // On whole device pixels, wherever the board itself lies: a picture
      // at its actual size shows every pixel as the program draws it.
      var r = board.getBoundingClientRect(), d = global.devicePixelRatio || 1;
      tx = Math.round((tx + r.left) * d) / d - r.left;
      ty = Math.round((ty + r.top) * d) / d - r.top;
      content.style.transform = 'translate(' + tx + 'px,' + ty + 'px) scale(' + s + ')';
      board.setAttribute('data-scale', String(Math.round(s * 1000) / 1000));
    }
    function zoomBy(f, bx, by) {
      if (bx === undefined) { bx = board.clientWidth / 2; by = board.clientHeight / 2; }
      var x = (bx - tx) / s, y = (by - ty) / s;
      s = Math.max(minScale(), Math.min(4, s * f));
      tx = bx - x * s;
      ty = by - y * s;
      apply();
    }
    function show(x, y, scale) {
      if (scale) s = scale;
      tx = board.clientWidth / 2 - x * s;
      ty = board.clientHeight / 2 - y * s;
      apply();
    }
    function at(e) {
      var r = board.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    }
    board.addEventListener('wheel', function (e) {
      e.preventDefault();
      var p = at(e);
      zoomBy(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), p[0], p[1]);
    }, {passive: false});
    board.addEventListener('dblclick', function (e) {
      var p = at(e);
      zoomBy(e.shiftKey ? 0.5 : 2, p[0], p[1]);
    });
    function start() {
      var ids = Object.keys(pointers);
      if (ids.length === 1) {
        var p = pointers[ids[0]];
        gesture = {x: p[0], y: p[1], tx: tx, ty: ty};
      } else if (ids.length === 2) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        gesture = {d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, s: s,
                   x: (a[0] + b[0]) / 2, y: (a[1] + b[1]) / 2, tx: tx, ty: ty};
      } else {
        gesture = null;
      }
    }
    board.addEventListener('pointerdown', function (e) {
      if (e.target.closest && e.target.closest('button')) return;
      board.setPointerCapture(e.pointerId);
      pointers[e.pointerId] = at(e);
      start();
    });
    board.addEventListener('pointermove', function (e) {
      if (!(e.pointerId in pointers) || !gesture) return;
      pointers[e.pointerId] = at(e);
      var ids = Object.keys(pointers);
      if (ids.length === 1) {
        tx = gesture.tx + pointers[ids[0]][0] - gesture.x;
        ty = gesture.ty + pointers[ids[0]][1] - gesture.y;
        apply();
      } else if (ids.length === 2) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        var mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
        var x = (gesture.x - gesture.tx) / gesture.s, y = (gesture.y - gesture.ty) / gesture.s;
        s = Math.max(minScale(), Math.min(4, gesture.s * Math.hypot(a[0] - b[0], a[1] - b[1]) / gesture.d));
        tx = mx - x * s;
        ty = my - y * s;
        apply();
      }
    });
    function end(e) {
      delete pointers[e.pointerId];
      start();
    }
    board.addEventListener('pointerup', end);
    board.addEventListener('pointercancel', end);
    var view = {
      fit: function () { s = fitScale(); apply(); },
      show: show,
      zoomBy: zoomBy,
      // Actual size, the picture's point (x, y) at the board's top-left.
      actual: function (x, y) { s = 1; tx = -(x || 0); ty = -(y || 0); apply(); },
      // True when the picture's point (x, y) is on the board, `margin`
      // board pixels in from its edges.
      shows: function (x, y, margin) {
        var m = margin || 0, bx = tx + x * s, by = ty + y * s;
        return bx >= m && by >= m && bx <= board.clientWidth - m && by <= board.clientHeight - m;
      },
      scale: function () { return s; },
      fitScale: fitScale,
      refresh: apply
    };
    apply();
    return view;
  }

  global.AdjutantMap = {draw: draw, focus: focus, inflate: inflate, zoomable: zoomable,
                        textWidth: textWidth, fit: fit};
})(typeof window !== 'undefined' ? window : this);
