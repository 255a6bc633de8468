// TracePanels: the tracing page's panel beside the scan (under it on a
// phone): the alignment's three hexes and its fit, the palette of the tool
// in hand (the scenario's TEC, hexside features, road kinds) with its keys,
// the roads traced, the problems and the hexes the rules name.
//
//   var p = TracePanels({ui, model, data, views, current, setTool, save, refresh, reveal})
//   p.palette(), p.routePanel(), p.alignPanel(), p.checkPanel(): redraw one part
//   p.chooseKey('1'): the palette's type of that key; p.help[tool]: what a tool does
(function (global) {
  'use strict';

  var G = global.TraceGrid;

  global.TracePanels = function (ctx) {
    var ui = ctx.ui, model = ctx.model, data = ctx.data, views = ctx.views, current = ctx.current;
    var setTool = ctx.setTool, save = ctx.save, refresh = ctx.refresh, reveal = ctx.reveal;
    var $ = function (id) { return document.getElementById(id); };

    function button(parent, text, attrs, onclick) {
      var b = document.createElement('button');
      b.type = 'button';
      b.innerHTML = text;
      Object.keys(attrs || {}).forEach(function (k) { b.setAttribute(k, attrs[k]); });
      b.addEventListener('click', onclick);
      parent.appendChild(b);
      return b;
    }

    function esc(s) {
      return String(s).replace(/[&<>"]/g, function (c) { return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c]; });
    }

    function palette() {
      var p = $('palette');
      p.innerHTML = '';
      var items = [];
      if (ui.tool === 'terrain') {
        model.terrainTypes.forEach(function (t) {
          items.push({id: t.id, name: t.name + (t.id === data.grid.default_terrain ? ' (default)' : ''),
                      colour: t.colour, on: ui.terrain === t.id});
        });
      } else if (ui.tool === 'sides') {
        model.sideTypes.forEach(function (t) { items.push({id: t.id, name: t.name, colour: t.colour, on: ui.side === t.id}); });
        items.push({id: '', name: 'no feature (eraser)', colour: null, on: ui.side === ''});
      } else if (ui.tool === 'routes') {
        model.routeKinds.forEach(function (k) { items.push({id: k, name: k.replace('_', ' '), colour: null, on: !ui.erase && ui.kind === k}); });
        items.push({id: '', name: 'cut a road at a hexside', colour: null, on: ui.erase});
      }
      items.forEach(function (it, i) {
        var key = it.id === '' || (ui.tool === 'terrain' && it.id === data.grid.default_terrain) ? '0' : String(i + 1);
        if (ui.tool === 'terrain' && it.id !== data.grid.default_terrain) {
          var n = model.terrainTypes.filter(function (t) { return t.id !== data.grid.default_terrain; })
              .map(function (t) { return t.id; }).indexOf(it.id);
          key = n < 9 ? String(n + 1) : '';
        }
        button(p, (it.colour ? '<span class="swatch" style="background:' + esc(it.colour) + '"></span>' : '') +
               esc(it.name) + (key ? ' <kbd>' + key + '</kbd>' : ''),
               {'data-id': it.id, 'data-key': key, 'class': it.on ? 'on' : '', role: 'radio',
                'aria-checked': it.on ? 'true' : 'false'},
               function () { choose(it.id); });
      });
    }

    function choose(id) {
      if (ui.tool === 'terrain') ui.terrain = id;
      else if (ui.tool === 'sides') ui.side = id;
      else if (ui.tool === 'routes') {
        ui.erase = id === '';
        if (!ui.erase) {
          ui.kind = id;
          var r = model.routes[ui.route];
          if (r && r.kind !== id) model.editRoutes(function (routes) { routes[ui.route].kind = id; });
        }
      }
      refresh();
    }

    function chooseKey(k) {
      var b = $('palette').querySelector('button[data-key="' + k + '"]');
      if (b) choose(b.getAttribute('data-id'));
    }

    var HELP = {
      terrain: 'Click or drag over hexes to give them the terrain chosen below: each hex is the type ' +
               'that fills most of it on the printed map.',
      sides: 'Click or drag along hexsides to give them the feature chosen below: creeks, streams and ' +
             'rivers along the side, fords and bridges where a road crosses.',
      routes: 'Click the hexes of a road or trail in order, from one end: a click on a far hex adds ' +
              'the hexes in between. Esc (or New) ends it. Click a road in the list to go on with it.',
      places: 'Click a hex, type the name printed there and press Enter; an empty name removes it.'
    };

    function routePanel() {
      var list = $('route-list');
      list.innerHTML = '';
      model.routes.forEach(function (r, i) {
        var li = document.createElement('li');
        li.textContent = model.routeName(r) + ', ' + r.hexes.length + ' hexes';
        li.className = i === ui.route ? 'on' : '';
        li.addEventListener('click', function () { ui.route = i; ui.erase = false; ui.kind = r.kind; refresh(); });
        list.appendChild(li);
      });
      var r = model.routes[ui.route];
      $('route-edit').hidden = !r;
      if (!r) return;
      if (document.activeElement !== $('route-name')) $('route-name').value = r.name || '';
      var off = $('route-off'), ends = [];
      off.innerHTML = '';
      [r.hexes[0], r.hexes[r.hexes.length - 1]].forEach(function (h) {
        model.edgesOf(h[0], h[1]).forEach(function (e) { if (ends.indexOf(e) < 0) ends.push(e); });
      });
      var leads = model.routeOff(r);
      ends.forEach(function (e) {
        var l = document.createElement('label'), c = document.createElement('input');
        c.type = 'checkbox';
        c.checked = leads.indexOf(e) >= 0;
        c.addEventListener('change', function () {
          model.editRoutes(function (routes) {
            var now = model.routeOff(routes[ui.route]).filter(function (x) { return x !== e; });
            if (c.checked) now.push(e);
            routes[ui.route].off = now;
          });
          save();
          refresh();
        });
        l.appendChild(c);
        l.appendChild(document.createTextNode(' leads off the ' + e + ' edge '));
        off.appendChild(l);
      });
    }

    function alignPanel() {
      var v = current(), list = $('align-list');
      list.innerHTML = '';
      v.points.forEach(function (p, i) {
        var li = document.createElement('li');
        li.className = v.pending === i ? 'pending' : '';
        li.appendChild(document.createTextNode('the centre of hex ' + p.label + ': ' +
            (p.s ? 'clicked at ' + Math.round(p.s[0]) + ', ' + Math.round(p.s[1]) + ' ' : 'not yet ')));
        button(li, p.s ? 'again' : 'now', {'data-align': i}, function () { v.pending = i; setTool('align'); });
        list.appendChild(li);
      });
      // Once the grid is laid, painting needs only the fit: the rest shows in Align.
      var laid = !!v.fit && ui.tool !== 'align';
      ['align-help', 'align-list'].forEach(function (id) { $(id).hidden = laid; });
      $('align-clear').parentNode.hidden = laid;
      $('align-title').textContent = laid ? '1. The grid on the scan (A to adjust it)' : '1. Align the grid on the scan';
      $('align-help').textContent = v.pending !== null ?
          'Click the centre of hex ' + v.points[v.pending].label + ' on the scan' +
          (views.length > 1 ? ' (' + v.name + ')' : '') + '. Zoom in for a precise click; drag to move the scan.' :
          'The grid is laid. Drag a red cross to move it, or click "again" to place one anew; then compare the ' +
          'grid and its numbers with the printed ones.';
      var fit = v.fit, text = fit ? fit.message : v.m ? 'The grid is laid through two centres; click the third.' :
          'The grid is not laid yet.';
      ['fit', 'fit-summary'].forEach(function (id) {
        $(id).textContent = (views.length > 1 ? v.name + ': ' : '') + text;
        $(id).className = 'fit' + (fit ? (fit.good ? ' good' : ' poor') : '');
      });
      document.body.setAttribute('data-fit', fit ? (fit.good ? 'good' : 'poor') : 'none');
    }

    function checkPanel() {
      var problems = model.problems(), list = $('problems');
      list.innerHTML = '';
      problems.forEach(function (p) {
        var li = document.createElement('li');
        li.className = p.level;
        li.textContent = (p.level === 'error' ? 'adjutant would refuse this: ' : '') + p.text;
        li.addEventListener('click', function () { if (p.cells.length) reveal(p.cells[0]); });
        list.appendChild(li);
      });
      if (!problems.length) {
        var li = document.createElement('li');
        li.textContent = 'No problem found.';
        list.appendChild(li);
      }
      var flagged = [];
      problems.forEach(function (p) { if (p.level === 'warning') flagged = flagged.concat(p.cells); });
      views.forEach(function (v) { v.draw.flag(flagged); });
      var fixed = $('fixed-list'), bad = {};
      flagged.forEach(function (c) { bad[G.key(c[0], c[1])] = true; });
      fixed.innerHTML = '';
      data.fixed.forEach(function (f) {
        var li = document.createElement('li');
        li.textContent = f.label + ': ' + f.why.join('; ');
        li.className = bad[G.key(f.hex[0], f.hex[1])] ? 'contradicted' : '';
        li.addEventListener('click', function () { reveal(f.hex); });
        fixed.appendChild(li);
      });
      $('fixed-title').textContent = 'The ' + data.fixed.length + ' hexes the rules name';
      document.body.setAttribute('data-problems', String(problems.length));
      return problems;
    }


    return {palette: palette, chooseKey: chooseKey, routePanel: routePanel, alignPanel: alignPanel,
            checkPanel: checkPanel, help: HELP};
  };
})(typeof window !== 'undefined' ? window : this);
