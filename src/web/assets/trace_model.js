// TraceModel: the map being traced in the tracing page (`adjutant trace`):
// terrain per hex, hexside features, roads and trails hex to hex, places;
// every change undoable; the problems the loader would refuse and the
// contradictions with the hexes the rules name; and the scenario written
// back with the traced map, a new id and a provenance saying where the map
// comes from. Nothing of the scan is ever part of it.
//
//   var m = new TraceModel(data)     data: the page's trace-data (web/trace_page.h)
//   m.start('scenario' | 'empty')   the scenario's own map, or the default terrain only
//   m.begin(); m.setTerrain(cell, id); m.setSide(a, b, id); m.setPlace(cell, name);
//   m.editRoutes(fn); m.end()       one undoable step (a stroke of the brush)
//   m.undo(), m.redo()
//   m.problems() -> [{level: 'error' | 'warning', text, cells}]
//   m.exportText({id, title}) -> the scenario file's text
(function (global) {
  'use strict';

  var G = global.TraceGrid;
  var TRACED = "traced from the owner's copy of the printed map";

  function copy(v) { return JSON.parse(JSON.stringify(v)); }

  function TraceModel(data) {
    var file = JSON.parse(data.scenario.text);
    this.data = data;
    this.file = file;
    this.grid = data.grid;
    this.terrainTypes = Object.keys(file.tec.terrain).map(function (id) {
      var t = file.tec.terrain[id];
      return {id: id, name: t.name || id, colour: t.colour || '#e8e4c8',
              passable: t.passable !== false, noStop: !!t.no_stop};
    });
    this.sideTypes = Object.keys(file.tec.hexsides || {}).map(function (id) {
      var t = file.tec.hexsides[id];
      return {id: id, name: t.name || id, colour: t.colour || '#3a6fb0', passable: t.passable !== false};
    });
    var kinds = ['road', 'trail'];
    (file.map.routes || []).forEach(function (r) { if (kinds.indexOf(r.kind) < 0) kinds.push(r.kind); });
    if (data.scenario.ruleset === 'ah1961')
      ['railroad', 'unfinished_railroad'].forEach(function (k) { if (kinds.indexOf(k) < 0) kinds.push(k); });
    this.routeKinds = kinds;
    this.byId = {};
    var self = this;
    this.terrainTypes.forEach(function (t) { self.byId[t.id] = t; });
    this.sideById = {};
    this.sideTypes.forEach(function (t) { self.sideById[t.id] = t; });
    this.undoStack = [];
    this.redoStack = [];
    this.stroke = null;
    this.listeners = [];
    this.start('scenario', true);
  }

  var P = TraceModel.prototype;

  P.lastRow = function (c) {
    var s = this.grid.short_columns, even = c % 2 === 0;
    return (s === 'even' && even) || (s === 'odd' && !even) ? this.grid.rows - 1 : this.grid.rows;
  };
  P.onMap = function (c, r) {
    return c >= 1 && c <= this.grid.columns && r >= 1 && r <= this.lastRow(c);
  };
  P.label = function (c, r) { return this.data.labels[G.key(c, r)] || null; };
  P.edgesOf = function (c, r) {
    var out = [];
    if (!this.onMap(c, r)) return out;
    if (r === 1) out.push('north');
    if (r === this.lastRow(c)) out.push('south');
    if (c === 1) out.push('west');
    if (c === this.grid.columns) out.push('east');
    return out;
  };
  P.terrainAt = function (c, r) { return this.terrain[G.key(c, r)] || this.grid.default_terrain; };
  P.onChange = function (fn) { this.listeners.push(fn); };
  // Tells the listeners which layers changed (and, for one hex, which).
  P.changed = function (layers, key) { this.listeners.forEach(function (fn) { fn(layers, key); }); };

  P.snapshot = function () {
    return {terrain: copy(this.terrain), sides: copy(this.sides), routes: copy(this.routes),
            places: copy(this.places)};
  };
  P.load = function (s) {
    this.terrain = copy(s.terrain);
    this.sides = copy(s.sides);
    this.routes = copy(s.routes);
    this.places = copy(s.places);
  };

  // The map to trace from: the scenario's own (only the differences need
  // painting) or an empty one (every hex the default terrain).
  P.start = function (from, first) {
    var before = first ? null : this.snapshot(), map = this.data.map, self = this;
    this.terrain = {};
    this.sides = {};
    this.routes = [];
    this.places = {};
    if (from === 'scenario') {
      map.terrain.forEach(function (t) { self.terrain[G.key(t[0], t[1])] = t[2]; });
      map.hexsides.forEach(function (s) { self.sides[G.sideKey([s[0], s[1]], [s[2], s[3]])] = s[4]; });
      map.routes.forEach(function (r) {
        var src = self.file.map.routes[r.index];
        self.routes.push({kind: r.kind, name: r.name, hexes: r.hexes, index: r.index,
                          off: src.off ? src.off.slice() : null});
      });
      map.places.forEach(function (p) { self.places[G.key(p[0], p[1])] = p[2]; });
    }
    if (!first) this.record({layer: 'all', before: before, after: this.snapshot()});
    this.changed(['all']);
  };

  // --- Undoable steps ------------------------------------------------------

  P.begin = function () { if (!this.stroke) this.stroke = []; };
  P.end = function () {
    var s = this.stroke;
    this.stroke = null;
    if (s && s.length) {
      this.undoStack.push(s);
      this.redoStack = [];
    }
    return !!(s && s.length);
  };
  P.record = function (change) {
    if (this.stroke) {
      this.stroke.push(change);
    } else {
      this.undoStack.push([change]);
      this.redoStack = [];
    }
  };
  P.put = function (layer, key, value) {
    var table = this[layer], before = table[key] === undefined ? null : table[key];
    if (before === value) return false;
    if (value === null) delete table[key]; else table[key] = value;
    this.record({layer: layer, key: key, before: before, after: value});
    this.changed([layer], key);
    return true;
  };
  P.setTerrain = function (cell, id) {
    if (!this.onMap(cell[0], cell[1])) return false;
    return this.put('terrain', G.key(cell[0], cell[1]), id === this.grid.default_terrain ? null : id);
  };
  // A hexside with a hex on the map and both hexes numbered (the loader's rule).
  P.setSide = function (a, b, id) {
    if (!(this.onMap(a[0], a[1]) || this.onMap(b[0], b[1]))) return false;
    if (!this.label(a[0], a[1]) || !this.label(b[0], b[1])) return false;
    return this.put('sides', G.sideKey(a, b), id || null);
  };
  P.setPlace = function (cell, name) {
    if (!this.onMap(cell[0], cell[1])) return false;
    return this.put('places', G.key(cell[0], cell[1]), name ? name : null);
  };
  P.editRoutes = function (fn) {
    var before = copy(this.routes);
    fn(this.routes);
    this.routes = this.routes.filter(function (r) { return r.hexes.length > 0; });
    if (JSON.stringify(before) === JSON.stringify(this.routes)) return false;
    this.record({layer: 'routes', before: before, after: copy(this.routes)});
    this.changed(['routes']);
    return true;
  };

  P.revert = function (changes, back) {
    var self = this, layers = {};
    (back ? changes.slice().reverse() : changes).forEach(function (c) {
      var v = back ? c.before : c.after;
      layers[c.layer] = true;
      if (c.layer === 'all') self.load(v);
      else if (c.layer === 'routes') self.routes = copy(v);
      else if (v === null) delete self[c.layer][c.key];
      else self[c.layer][c.key] = v;
    });
    this.changed(Object.keys(layers));
  };
  // Takes the last step of `from` back (or forward again) onto `to`.
  P.move = function (from, to, back) {
    var s = from.pop();
    if (!s) return false;
    this.revert(s, back);
    to.push(s);
    return true;
  };
  P.undo = function () { return this.move(this.undoStack, this.redoStack, true); };
  P.redo = function () { return this.move(this.redoStack, this.undoStack, false); };

  // --- What the loader would refuse, what contradicts the rules' hexes ------

  P.routeName = function (r) {
    return (r.name ? r.kind + ' ' + r.name : 'a ' + r.kind) + ' (' +
           r.hexes.map(function (h) { return this.label(h[0], h[1]); }, this).slice(0, 2).join('-') +
           (r.hexes.length > 2 ? '...' : '') + ')';
  };
  P.routeOff = function (r) {
    if (r.off) return r.off;
    var ends = [], self = this;
    [r.hexes[0], r.hexes[r.hexes.length - 1]].forEach(function (h) {
      self.edgesOf(h[0], h[1]).forEach(function (e) { if (ends.indexOf(e) < 0) ends.push(e); });
    });
    return ends;
  };

  P.problems = function () {
    var out = [], self = this, file = this.file;
    var name = function (c) { return self.label(c[0], c[1]); };
    this.routes.forEach(function (r) {
      var what = self.routeName(r);
      if (r.hexes.length < 2)
        out.push({level: 'error', cells: r.hexes, text: what + ' needs two hexes or more'});
      r.hexes.forEach(function (h) {
        if (!self.onMap(h[0], h[1]))
          out.push({level: 'error', cells: [h], text: what + ' leaves the map at ' + (name(h) || h.join(','))});
      });
      for (var i = 1; i < r.hexes.length; i++) {
        var t = self.sideById[self.sides[G.sideKey(r.hexes[i - 1], r.hexes[i])]];
        if (t && !t.passable)
          out.push({level: 'error', cells: [r.hexes[i - 1], r.hexes[i]],
                    text: what + ' crosses ' + name(r.hexes[i - 1]) + '/' + name(r.hexes[i]) +
                          ', a ' + t.name + ' hexside, without a ford or bridge'});
      }
      if (r.off && r.hexes.length) {
        var ends = [];
        [r.hexes[0], r.hexes[r.hexes.length - 1]].forEach(function (h) {
          ends = ends.concat(self.edgesOf(h[0], h[1]));
        });
        r.off.forEach(function (e) {
          if (ends.indexOf(e) < 0)
            out.push({level: 'error', cells: [r.hexes[0]],
                      text: what + ' leads off the ' + e + ' edge, but neither of its ends lies on it'});
        });
      }
    });
    this.data.fixed.forEach(function (f) {
      var t = self.byId[self.terrainAt(f.hex[0], f.hex[1])], n = f.needs, why = f.label + ' (' + f.why.join('; ') + ')';
      if (!t) return;
      if (n.passable && !t.passable)
        out.push({level: 'warning', cells: [f.hex], text: why + ' is traced as ' + t.name + ', which no unit may enter'});
      else if (n.stop && t.noStop)
        out.push({level: 'warning', cells: [f.hex], text: why + ' is traced as ' + t.name + ', where no unit may stop'});
      var level = n.refused ? 'error' : 'warning';
      if (n.only && n.only.indexOf(t.id) < 0)
        out.push({level: level, cells: [f.hex], text: why + ' is traced as ' + t.name + '; the rules make it ' +
                  n.only.map(function (id) { return self.byId[id] ? self.byId[id].name : id; }).join(' or ')});
      if (n.not && n.not.indexOf(t.id) >= 0)
        out.push({level: level, cells: [f.hex], text: why + ' is traced as ' + t.name + ', which the rules cannot use there'});
    });
    if (this.data.scenario.ruleset === 'ah1961') out = out.concat(this.regionProblems());
    // Lines of communication trace to roads leading off their edges (14.51).
    var roadOff = function (e) {
      return self.routes.some(function (r) {
        return r.kind === 'road' && r.hexes.length > 1 && (e ? self.routeOff(r).indexOf(e) >= 0 : self.routeOff(r).length);
      });
    };
    ((file.victory || {}).lines_of_communication || []).forEach(function (loc, i) {
      if (!(loc.edges || []).some(roadOff))
        out.push({level: 'error', cells: [],
                  text: 'no road leads off the ' + loc.edges.join(' or ') + ' edge, where the ' + loc.side +
                        ' line of communication' + (loc.rule ? ' (' + loc.rule + ')' : '') + ' traces to one ' +
                        '(victory.lines_of_communication[' + i + '].edges)'});
    });
    // Cemetery Hill 14.33: blocked reinforcements move to map-edge road hexes.
    var resched = (file.rules || {}).reschedule_blocked_entry;
    if (resched && !roadOff(null))
      out.push({level: 'error', cells: [], text: 'no road leads off the map, where blocked reinforcements ' +
                'enter instead (rules.reschedule_blocked_entry)'});
    if (resched) {
      var road = {};
      this.routes.forEach(function (r) {
        if (r.kind === 'road') r.hexes.forEach(function (h) { road[G.key(h[0], h[1])] = true; });
      });
      this.data.fixed.forEach(function (f) {
        var entry = f.why.some(function (w) { return w.indexOf('entry') === 0; });
        if (entry && !road[G.key(f.hex[0], f.hex[1])])
          out.push({level: 'warning', cells: [f.hex],
                    text: f.label + ' (' + f.why.join('; ') + ') has no road: reinforcements enter by ' +
                          'road' + (resched.rule ? ' (' + resched.rule + ')' : '')});
      });
    }
    return out;
  };

  // The 1961 board's regions: the land each region's square reaches
  // without crossing a river or ford square; every land square in one
  // region, no two regions joined (the ah1961 ruleset refuses otherwise).
  P.regionProblems = function () {
    var seeds = (this.file.rules || {}).regions || {}, self = this, region = {}, out = [];
    var byLabel = {};
    Object.keys(this.data.labels).forEach(function (k) { byLabel[self.data.labels[k]] = G.cell(k); });
    var water = function (c) { var t = self.terrainAt(c[0], c[1]); return t === 'river' || t === 'ford'; };
    Object.keys(seeds).forEach(function (name) {
      var todo = byLabel[seeds[name]] ? [byLabel[seeds[name]]] : [];
      while (todo.length) {
        var h = todo.pop(), k = G.key(h[0], h[1]);
        if (!self.onMap(h[0], h[1]) || water(h)) continue;
        if (region[k]) {
          if (region[k] !== name && !out.some(function (p) { return p.joined === name + region[k]; }))
            out.push({level: 'error', cells: [h], joined: name + region[k],
                      text: 'rules.regions: ' + name + ' and ' + region[k] + ' are not separated by a river (at ' +
                            self.label(h[0], h[1]) + ')'});
          continue;
        }
        region[k] = name;
        G.neighbours(h[0], h[1]).forEach(function (n) { todo.push(n); });
      }
    });
    var lost = [];
    for (var c = 1; c <= this.grid.columns; c++)
      for (var r = 1; r <= this.lastRow(c); r++)
        if (!water([c, r]) && !region[G.key(c, r)]) lost.push([c, r]);
    if (lost.length)
      out.push({level: 'error', cells: lost, text: 'rules.regions: land square' + (lost.length > 1 ? 's ' : ' ') +
                lost.slice(0, 6).map(function (h) { return self.label(h[0], h[1]); }).join(', ') +
                (lost.length > 6 ? ' and ' + (lost.length - 6) + ' more' : '') + ' lie in no region'});
    return out;
  };

  // --- The scenario file --------------------------------------------------

  P.mapJson = function () {
    var self = this, map = {}, src = this.file.map;
    var terrain = {}, keys;
    keys = Object.keys(this.terrain).map(G.cell).sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    this.terrainTypes.forEach(function (t) {
      var list = keys.filter(function (c) { return self.terrain[G.key(c[0], c[1])] === t.id; })
                     .map(function (c) { return self.label(c[0], c[1]); });
      if (list.length) terrain[t.id] = list;
    });
    var sides = {};
    Object.keys(this.sides).map(G.sideCells).sort(function (p, q) {
      return p[0][0] - q[0][0] || p[0][1] - q[0][1] || p[1][0] - q[1][0] || p[1][1] - q[1][1];
    }).forEach(function (s) {
      sides[self.label(s[0][0], s[0][1]) + '/' + self.label(s[1][0], s[1][1])] = self.sides[G.sideKey(s[0], s[1])];
    });
    var routes = this.routes.map(function (r) {
      var o = r.index !== null && r.index !== undefined ? copy(src.routes[r.index]) : {};
      o.kind = r.kind;
      if (r.name) o.name = r.name; else delete o.name;
      o.hexes = r.hexes.map(function (h) { return self.label(h[0], h[1]); });
      if (r.off) o.off = r.off.slice(); else delete o.off;
      var ordered = {kind: o.kind};
      if (o.name !== undefined) ordered.name = o.name;
      Object.keys(o).forEach(function (k) { if (!(k in ordered)) ordered[k] = o[k]; });
      return ordered;
    });
    var places = {};
    Object.keys(this.places).map(G.cell).sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; })
      .forEach(function (c) { places[self.label(c[0], c[1])] = self.places[G.key(c[0], c[1])]; });
    var done = {};
    var put = {terrain: terrain, hexsides: sides, routes: routes, places: places};
    Object.keys(src).forEach(function (k) {
      if (k in put) { done[k] = true; if (Object.keys(put[k]).length) map[k] = put[k]; } else map[k] = src[k];
    });
    Object.keys(put).forEach(function (k) { if (!done[k] && Object.keys(put[k]).length) map[k] = put[k]; });
    return map;
  };

  P.provenance = function () {
    var old = this.file.provenance || {}, id = this.file.id;
    var sources = [TRACED].concat((old.sources || []).filter(function (s) { return s !== TRACED; }));
    var approximate = (old.approximate || []).filter(function (a) { return !/^map\b/.test(a); });
    var summary = (old.sources || []).indexOf(TRACED) >= 0 ? old.summary :
        'The map (terrain, hexside features, roads, trails and places) is traced from the ' +
        "owner's copy of the printed map with adjutant trace, over the map of " + id + '.' +
        (old.summary ? ' Of the rest, as ' + id + ' says: ' + old.summary : '');
    var p = {summary: summary};
    if (approximate.length) p.approximate = approximate;
    p.sources = sources;
    return p;
  };

  P.exportText = function (meta) {
    var file = this.file, out = {}, map = this.mapJson(), prov = this.provenance();
    var format = Math.max(2, this.data.scenario.format);
    Object.keys(file).forEach(function (k) {
      if (k === 'format') out[k] = 'adjutant-scenario/' + format;
      else if (k === 'id') out[k] = meta.id;
      else if (k === 'title') out[k] = meta.title;
      else if (k === 'map') out[k] = map;
      else if (k === 'provenance') out[k] = prov;
      else out[k] = file[k];
      if (k === 'notes' && !('provenance' in file)) out.provenance = prov;
    });
    if (!('provenance' in out)) out.provenance = prov;
    return JSON.stringify(out, null, 2) + '\n';
  };

  P.save = function () { return this.snapshot(); };
  P.restore = function (s) {
    this.load(s);
    this.undoStack = [];
    this.redoStack = [];
    this.changed(['all']);
  };
  P.counts = function () {
    return {terrain: Object.keys(this.terrain).length, hexsides: Object.keys(this.sides).length,
            routes: this.routes.length, places: Object.keys(this.places).length};
  };

  TraceModel.TRACED = TRACED;
  global.TraceModel = TraceModel;
})(typeof window !== 'undefined' ? window : this);
