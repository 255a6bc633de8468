// TraceGrid: the hex grid of docs/hex-geometry.md in the tracing page
// (`adjutant trace`), and the affine map that lays it on the owner's scan.
//
// Grid space: hexes of circumradius 1, flat-topped, in columns; odd columns
// start at the top and even columns sit half a hex lower, so hex (c, r) has
// its centre at (1.5c - 0.5, sqrt(3)/2 (2r - 1)), or (2r) in an even column.
// The alignment is an affine map from grid space to the scan's pixels,
// fitted to the hex centres the owner clicks: it takes any scale, rotation
// (a map printed turned, a scan put in askew) and the slight stretch of a
// scanner, never a perspective.
//
//   TraceGrid.centre(c, r) -> [x, y]; corners(c, r) -> six [x, y]
//   TraceGrid.neighbours(c, r) -> six [c, r], N, NE, SE, S, SW, NW
//   TraceGrid.adjacent(a, b); line(a, b) -> the hexes from a to b
//   TraceGrid.nearest([x, y]) -> the hex [c, r] whose inside holds the point
//   TraceGrid.nearestSide([x, y]) -> [a, b], the hexside nearest the point
//   TraceGrid.key(c, r) -> "c,r"; sideKey(a, b) -> "c,r|c,r" (lower hex first)
//   TraceGrid.side(a, b) -> the hexside's two ends [[x, y], [x, y]]
//   TraceGrid.fit(pairs) -> the affine map {a, b, c, d, e, f} (SVG's matrix)
//       taking each pair's grid point g to its scan point s: least squares
//       for three or more pairs, a similarity (no stretch) for two
//   TraceGrid.apply(m, p), invert(m)
(function (global) {
  'use strict';

  var H = Math.sqrt(3) / 2;
  var STEPS = [[0, 1, -1], [1, 0, -1], [1, -1, 0], [0, -1, 1], [-1, 0, 1], [-1, 1, 0]];

  function odd(c) { return ((c % 2) + 2) % 2 === 1; }

  function centre(c, r) {
    return [1.5 * c - 0.5, H * (2 * r - (odd(c) ? 1 : 0))];
  }

  function corners(c, r) {
    var p = centre(c, r), out = [];
    for (var k = 0; k < 6; k++)
      out.push([p[0] + Math.cos(k * Math.PI / 3), p[1] + Math.sin(k * Math.PI / 3)]);
    return out;
  }

  function cube(c, r) {
    var z = r - (c + (odd(c) ? 1 : 0)) / 2;
    return [c, -c - z, z];
  }

  function fromCube(x, z) {
    return [x, z + (x + (odd(x) ? 1 : 0)) / 2];
  }

  function neighbours(c, r) {
    var q = cube(c, r);
    return STEPS.map(function (s) { return fromCube(q[0] + s[0], q[2] + s[2]); });
  }

  function distance(a, b) {
    var p = cube(a[0], a[1]), q = cube(b[0], b[1]);
    return Math.max(Math.abs(p[0] - q[0]), Math.abs(p[1] - q[1]), Math.abs(p[2] - q[2]));
  }

  function adjacent(a, b) { return distance(a, b) === 1; }

  // The hexes a straight line from a's centre to b's crosses, rounded: a
  // road clicked from one hex to a far one follows it.
  function line(a, b) {
    var n = distance(a, b), p = cube(a[0], a[1]), q = cube(b[0], b[1]), out = [];
    for (var i = 0; i <= n; i++) {
      var t = n ? i / n : 0, f = [0, 1, 2].map(function (k) {
        return p[k] + (q[k] - p[k]) * t + 1e-6 * (k === 0 ? 1 : k === 1 ? 2 : -3);
      });
      var rx = Math.round(f[0]), ry = Math.round(f[1]), rz = Math.round(f[2]);
      var dx = Math.abs(rx - f[0]), dy = Math.abs(ry - f[1]), dz = Math.abs(rz - f[2]);
      if (dx > dy && dx > dz) rx = -ry - rz;
      else if (dy <= dz) rz = -rx - ry;
      out.push(fromCube(rx, rz));
    }
    return out;
  }

  function dist2(p, q) { return (p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]); }

  // The hex whose centre is nearest: the one whose inside holds the point.
  function nearest(p) {
    var c0 = Math.round((p[0] + 0.5) / 1.5), best = null, bestD = Infinity;
    for (var c = c0 - 1; c <= c0 + 1; c++) {
      var r0 = Math.round(p[1] / (2 * H) + (odd(c) ? 0.5 : 0));
      for (var r = r0 - 1; r <= r0 + 1; r++) {
        var d = dist2(p, centre(c, r));
        if (d < bestD) { bestD = d; best = [c, r]; }
      }
    }
    return best;
  }

  function before(a, b) { return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]); }

  // The hexside between the point's hex and the neighbour whose centre is
  // nearest the point: the side the point is closest to.
  function nearestSide(p) {
    var h = nearest(p), best = null, bestD = Infinity;
    neighbours(h[0], h[1]).forEach(function (n) {
      var d = dist2(p, centre(n[0], n[1]));
      if (d < bestD) { bestD = d; best = n; }
    });
    return before(h, best) ? [h, best] : [best, h];
  }

  function key(c, r) { return c + ',' + r; }
  function cell(k) { return k.split(',').map(Number); }

  function sideKey(a, b) {
    if (before(b, a)) { var t = a; a = b; b = t; }
    return key(a[0], a[1]) + '|' + key(b[0], b[1]);
  }

  function sideCells(k) { return k.split('|').map(cell); }

  function side(a, b) {
    var p = centre(a[0], a[1]), q = centre(b[0], b[1]);
    var mx = (p[0] + q[0]) / 2, my = (p[1] + q[1]) / 2;
    var dx = q[0] - p[0], dy = q[1] - p[1], len = Math.hypot(dx, dy);
    var ux = -dy / len * 0.5, uy = dx / len * 0.5;
    return [[mx - ux, my - uy], [mx + ux, my + uy]];
  }

  function apply(m, p) {
    return [m.a * p[0] + m.c * p[1] + m.e, m.b * p[0] + m.d * p[1] + m.f];
  }

  function invert(m) {
    var det = m.a * m.d - m.b * m.c;
    if (!det) return null;
    return {a: m.d / det, b: -m.b / det, c: -m.c / det, d: m.a / det,
            e: (m.c * m.f - m.d * m.e) / det, f: (m.b * m.e - m.a * m.f) / det};
  }

  // Solves the 3x3 system A x = y (Cramer's rule); null when singular.
  function solve3(A, y) {
    function det(M) {
      return M[0][0] * (M[1][1] * M[2][2] - M[1][2] * M[2][1]) -
             M[0][1] * (M[1][0] * M[2][2] - M[1][2] * M[2][0]) +
             M[0][2] * (M[1][0] * M[2][1] - M[1][1] * M[2][0]);
    }
    var D = det(A);
    if (Math.abs(D) < 1e-9) return null;
    return [0, 1, 2].map(function (k) {
      var M = A.map(function (row, i) { return row.map(function (v, j) { return j === k ? y[i] : v; }); });
      return det(M) / D;
    });
  }

  function fit(pairs) {
    if (pairs.length === 2) {
      // A similarity: the scan vector between the points over the grid's.
      var g = [pairs[1].g[0] - pairs[0].g[0], pairs[1].g[1] - pairs[0].g[1]];
      var s = [pairs[1].s[0] - pairs[0].s[0], pairs[1].s[1] - pairs[0].s[1]];
      var n = g[0] * g[0] + g[1] * g[1];
      if (!n) return null;
      var re = (s[0] * g[0] + s[1] * g[1]) / n, im = (s[1] * g[0] - s[0] * g[1]) / n;
      var m = {a: re, b: im, c: -im, d: re, e: 0, f: 0};
      m.e = pairs[0].s[0] - (m.a * pairs[0].g[0] + m.c * pairs[0].g[1]);
      m.f = pairs[0].s[1] - (m.b * pairs[0].g[0] + m.d * pairs[0].g[1]);
      return m;
    }
    if (pairs.length < 3) return null;
    var A = [[0, 0, 0], [0, 0, 0], [0, 0, 0]], bx = [0, 0, 0], by = [0, 0, 0];
    pairs.forEach(function (p) {
      var v = [p.g[0], p.g[1], 1];
      for (var i = 0; i < 3; i++) {
        for (var j = 0; j < 3; j++) A[i][j] += v[i] * v[j];
        bx[i] += v[i] * p.s[0];
        by[i] += v[i] * p.s[1];
      }
    });
    var x = solve3(A, bx), y = solve3(A, by);
    if (!x || !y) return null;
    return {a: x[0], c: x[1], e: x[2], b: y[0], d: y[1], f: y[2]};
  }

  global.TraceGrid = {centre: centre, corners: corners, neighbours: neighbours, adjacent: adjacent,
                      distance: distance, line: line, nearest: nearest, nearestSide: nearestSide,
                      key: key, cell: cell, sideKey: sideKey, sideCells: sideCells, side: side,
                      apply: apply, invert: invert, fit: fit};
})(typeof window !== 'undefined' ? window : this);
