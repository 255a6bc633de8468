// TraceFit: does the grid laid on the scan fit it? The tracing page's
// overlay check, made from the scan's own pixels: a printed hex map draws
// its hex outlines, so where the grid is laid right each of its hexsides
// lies on a line of the scan, darker than the paper a little way inside
// the hexes on either side (or lighter, a pale grid over dark woods). A grid clicked wrong (a hex mistaken for its
// neighbour, three careless clicks) puts its lines beside them, and one
// off by a row or a column leaves a whole edge of the map without lines.
//
//   TraceFit.sampler(img) -> the scan's lightness, at most 2400 pixels a side
//   TraceFit.check(sampler, m, hexes) -> {good, lines, edges, shape,
//       message}: `m` the grid-to-scan map, `hexes` the view's hexes [c, r]
//       that are on the map.
//   TraceFit.measure(sampler, m, a, b, steps) -> how many points along the
//       hexside a|b lie on a dark line of the scan, how many on a light one
//   TraceFit.refine(sampler, pairs, hexes) -> the clicked centres
//       ({g, s}: grid and scan points) moved, each by a fraction of a hex,
//       to where the grid lies best along the lines of the scan
(function (global) {
  'use strict';

  var G = global.TraceGrid;
  var MAX = 2400, CONTRAST = 4, MAX_SIDES = 1600;

  function sampler(img) {
    var w = img.naturalWidth, h = img.naturalHeight, k = Math.min(1, MAX / Math.max(w, h));
    var cw = Math.max(1, Math.round(w * k)), ch = Math.max(1, Math.round(h * k));
    var canvas = document.createElement('canvas');
    canvas.width = cw;
    canvas.height = ch;
    var ctx = canvas.getContext('2d', {willReadFrequently: true});
    ctx.drawImage(img, 0, 0, cw, ch);
    var rgba = ctx.getImageData(0, 0, cw, ch).data, lum = new Uint8Array(cw * ch);
    for (var i = 0, j = 0; j < lum.length; i += 4, j++)
      lum[j] = (rgba[i] * 77 + rgba[i + 1] * 150 + rgba[i + 2] * 29) >> 8;
    return {w: cw, h: ch, k: k, lum: lum};
  }

  function at(s, p) {
    var x = Math.round(p[0] * s.k), y = Math.round(p[1] * s.k);
    if (x < 0 || y < 0 || x >= s.w || y >= s.h) return -1;
    return s.lum[y * s.w + x];
  }

  // The darkest and the lightest point of the band across the line at `q`,
  // from `from` to `to` hex units along the normal n, sampled under a pixel
  // apart; null off the scan.
  function band(s, m, q, n, from, to, steps) {
    var lo = 256, hi = -1;
    for (var i = 0; i <= steps; i++) {
      var o = from + (to - from) * i / steps;
      var v = at(s, G.apply(m, [q[0] + n[0] * o, q[1] + n[1] * o]));
      if (v < 0) return null;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    return [lo, hi];
  }

  // The hexside a|b on the scan, at seven points along it: how many of
  // them lie on a dark line (the darkest point across the hexside darker
  // than the darkest a third of the way into either hex) and how many on a
  // light one; null where it runs off the scan.
  function measure(s, m, a, b, steps) {
    var p = G.centre(a[0], a[1]), q = G.centre(b[0], b[1]);
    var len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    var n = [(q[0] - p[0]) / len, (q[1] - p[1]) / len], t = [-n[1], n[0]];
    var mid = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    var out = {dark: 0, light: 0};
    for (var i = 0; i < 7; i++) {
      var u = (i - 3) * 0.1, at0 = [mid[0] + t[0] * u, mid[1] + t[1] * u];
      var e = band(s, m, at0, n, -0.08, 0.08, steps);
      var l = band(s, m, at0, n, -0.38, -0.22, steps);
      var r = band(s, m, at0, n, 0.22, 0.38, steps);
      if (!e || !l || !r) return null;
      if (e[0] < Math.min(l[0], r[0]) - CONTRAST) out.dark += 1;
      if (e[1] > Math.max(l[1], r[1]) + CONTRAST) out.light += 1;
    }
    return out;
  }

  // Whether the hexside a|b lies on a line of the scan along most of its
  // length: dark (ink on paper) or light (a pale grid printed over woods).
  // A line that only crosses it, or a hexside half cut off by the edge of
  // the printed map, does not count.
  function onLine(s, m, a, b, steps) {
    var v = measure(s, m, a, b, steps);
    return !!v && Math.max(v.dark, v.light) >= 5;
  }

  function shape(m) {
    var u = Math.hypot(m.a, m.b), v = Math.hypot(m.c, m.d);
    var ratio = u / v, cos = (m.a * m.c + m.b * m.d) / (u * v);
    return {ratio: ratio, skew: Math.asin(Math.max(-1, Math.min(1, cos))) * 180 / Math.PI,
            mirrored: m.a * m.d - m.b * m.c < 0,
            ok: ratio > 0.9 && ratio < 1.11 && Math.abs(cos) < 0.09 && m.a * m.d - m.b * m.c > 0};
  }

  // The grid moved by (dx, dy) hex units: half a row, or half a step along
  // a slanted column, lays every hexside between the lines of the real one.
  function shifted(m, dx, dy) {
    return {a: m.a, b: m.b, c: m.c, d: m.d, e: m.e + m.a * dx + m.c * dy, f: m.f + m.b * dx + m.d * dy};
  }

  // The share of `sides` on lines of the scan under map m; and per edge.
  function shares(s, m, sides, steps) {
    var out = {all: [0, 0], north: [0, 0], south: [0, 0], west: [0, 0], east: [0, 0]};
    sides.forEach(function (x) {
      var ok = onLine(s, m, x.a, x.b, steps) ? 1 : 0;
      out.all[0] += ok;
      out.all[1] += 1;
      x.edges.forEach(function (e) { out[e][0] += ok; out[e][1] += 1; });
    });
    return out;
  }

  // The hexsides the check weighs: a sample of those inside the view, every
  // one along its edges, and those just beyond them (between two hexes off
  // the view, where a printed map has no grid), each with its edges.
  function sidesOf(hexes) {
    var inView = {}, lo = [Infinity, Infinity], hi = [-Infinity, -Infinity], top = {}, seen = {};
    hexes.forEach(function (h) {
      inView[G.key(h[0], h[1])] = true;
      lo = [Math.min(lo[0], h[0]), Math.min(lo[1], h[1])];
      hi = [Math.max(hi[0], h[0]), Math.max(hi[1], h[1])];
      top[h[0]] = Math.min(top[h[0]] === undefined ? Infinity : top[h[0]], h[1]);
    });
    var on = function (h) { return !!inView[G.key(h[0], h[1])]; };
    function edgesOf(h) {
      var out = [];
      if (on(h)) {
        if (h[1] === top[h[0]]) out.push('north');
        if (!on([h[0], h[1] + 1])) out.push('south');
        if (h[0] === lo[0]) out.push('west');
        if (h[0] === hi[0]) out.push('east');
      } else if (h[0] < lo[0]) out.push('west');
      else if (h[0] > hi[0]) out.push('east');
      else out.push(h[1] < top[h[0]] ? 'north' : 'south');
      return out;
    }
    var inside = [], beyond = [], ring = [];
    hexes.forEach(function (h) {
      G.neighbours(h[0], h[1]).forEach(function (n) {
        var k = G.sideKey(h, n);
        if (seen[k]) return;
        seen[k] = true;
        if (on(n)) {
          var e = edgesOf(h).concat(edgesOf(n));
          inside.push({a: h, b: n, edges: e.filter(function (x, i) { return e.indexOf(x) === i; })});
        } else if (!seen[G.key(n[0], n[1])]) {
          seen[G.key(n[0], n[1])] = true;
          ring.push(n);
        }
      });
    });
    var inRing = {};
    ring.forEach(function (h) { inRing[G.key(h[0], h[1])] = true; });
    ring.forEach(function (h) {
      G.neighbours(h[0], h[1]).forEach(function (n) {
        var k = G.sideKey(h, n);
        if (seen[k] || !inRing[G.key(n[0], n[1])]) return;
        seen[k] = true;
        beyond.push({a: h, b: n, edges: edgesOf(h).slice(0, 1)});
      });
    });
    var every = Math.max(1, Math.ceil(inside.length / MAX_SIDES));
    inside = inside.filter(function (x, i) { return x.edges.length || i % every === 0; });
    return {inside: inside, beyond: beyond};
  }

  function check(s, m, hexes) {
    var sides = sidesOf(hexes);
    // Pixels per hex unit on the sampled picture: bands sampled under a pixel apart.
    var unit = Math.hypot(m.a, m.b) * s.k, steps = Math.max(4, Math.ceil(0.16 * unit / 0.7));
    var share = function (x) { return x[1] ? x[0] / x[1] : 0; };
    var here = shares(s, m, sides.inside, steps), lines = share(here.all);
    // What lies on lines by chance on this scan (its woods, its print, its
    // noise): the same hexsides with the grid moved off the real one.
    var chance = Math.max(share(shares(s, shifted(m, 0, Math.sqrt(3) / 2), sides.inside, steps).all),
                          share(shares(s, shifted(m, 0.75, Math.sqrt(3) / 4), sides.inside, steps).all));
    var lift = lines - chance;
    var out = shares(s, m, sides.beyond, steps);
    var worst = null, beyondEdge = null;
    ['north', 'south', 'west', 'east'].forEach(function (e) {
      if (here[e][1] && (!worst || share(here[e]) < share(here[worst]))) worst = e;
      if (out[e][1] >= 3 && share(out[e]) > chance + 0.6 * lift &&
          (!beyondEdge || share(out[e]) > share(out[beyondEdge])))
        beyondEdge = e;
    });
    var sh = shape(m), edgeShare = worst ? share(here[worst]) : 0;
    var fits = lift >= 0.2;
    var edgeFits = edgeShare - chance >= 0.4 * lift;
    var good = fits && edgeFits && !beyondEdge && sh.ok;
    var pct = function (x) { return Math.round(x * 100) + '%'; };
    var message;
    if (good) {
      message = 'The grid fits the scan: ' + pct(lines) + ' of its hexsides lie along lines of the ' +
                'scan (against ' + pct(chance) + ' for a grid laid half a hex off), ' + pct(edgeShare) +
                ' or more along each edge of the map.';
    } else if (!sh.ok) {
      message = 'The grid is out of shape: ' + (sh.mirrored ? 'it is mirrored; ' : '') +
                'its hexes are ' + pct(Math.abs(sh.ratio - 1)) + (sh.ratio > 1 ? ' wider' : ' narrower') +
                ' than they are high and skewed by ' + Math.abs(sh.skew).toFixed(1) +
                ' degrees. Is one of the three hexes clicked in the wrong place?';
    } else if (!fits) {
      message = 'The grid does not fit the scan: ' + pct(lines) + ' of its hexsides lie along lines of ' +
                'the scan, against ' + pct(chance) + ' for a grid laid half a hex off. Click the centres of ' +
                'the three hexes again.';
    } else if (beyondEdge) {
      message = 'The grid fits the lines of the scan, but they go on beyond its ' + beyondEdge + ' edge (' +
                pct(share(out[beyondEdge])) + ' of the hexsides there lie along lines): is every hex taken for ' +
                'its neighbour, a row or a column off? Compare the numbers.';
    } else {
      message = 'The grid fits the middle of the scan but not its ' + worst + ' edge (' +
                pct(edgeShare) + ' of the hexsides there lie along lines of the scan): is a hex ' +
                'taken for its neighbour, a row or a column off?';
    }
    return {good: good, lines: lines, chance: chance, edges: here, beyond: out, worst: worst,
            shape: sh, message: message};
  }

  // Fits the grid to the scan's lines from careful but imprecise clicks: a
  // pattern search moving one clicked centre at a time a step up, down,
  // left or right, kept where more points of the hexsides lie on lines,
  // the step halved when no move helps, down to a fiftieth of a hex. It
  // moves each centre a third of a hex at most, so a grid laid on the
  // wrong hexes stays wrong (and the check says so).
  function refine(s, pairs, hexes) {
    var sides = sidesOf(hexes).inside, every = Math.max(1, Math.floor(sides.length / 400));
    sides = sides.filter(function (x, i) { return i % every === 0; });
    var m0 = G.fit(pairs), unit = Math.hypot(m0.a, m0.b);
    var steps = Math.max(4, Math.ceil(0.16 * unit * s.k / 0.7));
    function score(ps) {
      var m = G.fit(ps), total = 0;
      sides.forEach(function (x) {
        var v = measure(s, m, x.a, x.b, steps);
        if (v) total += Math.max(v.dark, v.light);
      });
      return total;
    }
    var best = pairs.map(function (p) { return {g: p.g, s: p.s.slice()}; }), bestScore = score(best);
    var step = unit * 0.1, limit = unit / 3;
    while (step >= unit / 50) {
      var moved = false;
      for (var i = 0; i < best.length; i++) {
        [[1, 0], [-1, 0], [0, 1], [0, -1]].forEach(function (d) {
          var trial = best.map(function (p) { return {g: p.g, s: p.s.slice()}; });
          trial[i].s = [trial[i].s[0] + d[0] * step, trial[i].s[1] + d[1] * step];
          if (Math.hypot(trial[i].s[0] - pairs[i].s[0], trial[i].s[1] - pairs[i].s[1]) > limit) return;
          var v = score(trial);
          if (v > bestScore) { best = trial; bestScore = v; moved = true; }
        });
      }
      if (!moved) step /= 2;
    }
    return best;
  }

  global.TraceFit = {sampler: sampler, check: check, shape: shape, measure: measure, refine: refine};
})(typeof window !== 'undefined' ? window : this);
