// The hex games' order page (report/order_page.cpp), after
// order_page_common.js in the page's closure: what was clicked, the order
// body it makes, and the checker's answers shown. Blue & Gray and the 1961
// Chancellorsville. Every rule question goes to the checker.

  var moves = [];     // {unit, enter, path, strategic, forced, exit, mp: [MP after each hex]}
                      // 1961: {units} for units moving together, and the orders of the
                      // movement phase that are not moves, in the order given:
                      // {kind: 'substitute'|'recombine', division, brigades}, {kind: 'build',
                      // bridge, river, far}
  var attacks = [];   // {defenders: [hex, or unit in 1961], attackers: [unit], odds, advance,
                      //  retreat: {defender: [square, square]}, losses}
  var selMove = -1, selAttack = -1, mode = 'move', pickRetreat = false;
  // Blue & Gray attacks hexes; the 1961 game attacks units, and the attacker
  // gives each losing defender's retreat and its own losses first.
  var blueGray = data.ruleset === 'bluegray';
  var retreatOf = '';  // the defender whose retreat squares the next clicks give
  var units = {};
  data.units.forEach(function (u) { units[u.id] = u; });
  var centres = {};
  data.hexes.forEach(function (h) { centres[h[0]] = [h[1], h[2]]; });
  // The 1961 scenario's divisions and brigade substitute counters.
  var rules1961 = {};
  if (!blueGray && data.setup.scenario.rules)
    rules1961 = typeof data.setup.scenario.rules === 'string' ? JSON.parse(data.setup.scenario.rules)
                                                              : data.setup.scenario.rules;

  // A refused body's echo is what was understood before the problems.
  refusedHeading = 'Understood so far:';

  function mine(u) { return u.side === data.side; }
  function unitsAt(hex, side) {
    return data.units.filter(function (u) { return u.hex === hex && u.status === 'active' && u.side === side; });
  }
  function moveOf(id) {
    for (var i = 0; i < moves.length; i++)
      if (moves[i].unit === id || (moves[i].units && moves[i].units.indexOf(id) >= 0)) return i;
    return -1;
  }
  function special(m) { return m && (m.kind === 'substitute' || m.kind === 'recombine' || m.kind === 'build'); }
  // Where a unit stands once the moves made so far are done.
  function hexNow(u) {
    var m = moveOf(u.id);
    if (m >= 0 && moves[m].path.length) return moves[m].path[moves[m].path.length - 1];
    return u.hex;
  }

  // The order body of what was clicked. A move of no hex but the unit's
  // own is still being chosen: it is left out until its next hex.
  var sent = [];  // order N of the body is moves[sent[N - 1]]
  function body() {
    return blueGray ? blueGrayBody() : body1961();
  }
  // The 1961 body: moves of units along squares from their own, attacks
  // (only when there are any) on units.
  function body1961() {
    var b = {moves: []};
    sent = [];
    moves.forEach(function (m, i) {
      var o = order1961(m);
      if (!o) return;
      sent.push(i);
      b.moves.push(o);
    });
    var list = [];
    attacks.forEach(function (a) {
      var o = {attackers: a.attackers.slice(), defenders: a.defenders.slice()};
      var r = {}, any = false;
      a.defenders.forEach(function (d) {
        if (a.retreat[d] && a.retreat[d].length === 2) { r[d] = a.retreat[d].slice(); any = true; }
      });
      if (any) o.retreat = r;
      if (a.advance) o.advance = [a.advance];
      if (a.losses) o.losses = [a.losses];
      list.push(o);
    });
    if (list.length) b.attacks = list;
    return b;
  }
  // One order of the 1961 movement phase; a bridge is left out until both
  // its squares are clicked, a move until its next square.
  function order1961(m) {
    if (m.kind === 'substitute' || m.kind === 'recombine') {
      var o = {};
      o[m.kind] = m.division;
      o.brigades = m.brigades.slice();
      return o;
    }
    if (m.kind === 'build') return m.river && m.far ? {build: m.bridge, river: m.river, far: m.far} : null;
    if (m.path.length < 2) return null;
    if (m.units && m.units.length > 1) return {units: m.units.slice(), path: m.path.slice()};
    return {unit: m.unit, path: m.path.slice()};
  }
  function describe(m) {
    if (m.kind === 'substitute') return 'substitute ' + m.division + ' by ' + (m.brigades.join(' ') || '?');
    if (m.kind === 'recombine') return 'recombine ' + m.division + ' from ' + (m.brigades.join(' ') || '?');
    if (m.kind === 'build') return 'build ' + m.bridge + ' across ' + (m.river || '?') + ' to ' + (m.far || '?');
    return m.units && m.units.length > 1 ? m.units.join(' ') : m.unit;
  }
  function blueGrayBody() {
    var b = {moves: [], attacks: []};
    sent = [];
    moves.forEach(function (m, i) {
      if (!m.enter && m.path.length < 2 && !m.exit) return;
      sent.push(i);
      var o = {unit: m.unit};
      if (m.enter) o.enter = m.enter;
      o.path = m.path.slice();
      if (m.strategic) o.strategic = true;
      if (m.forced) o.forced = true;
      if (m.exit) o.exit = true;
      b.moves.push(o);
    });
    attacks.forEach(function (a) {
      var o = {attackers: a.attackers.slice(), defenders: a.defenders.slice()};
      if (a.odds) o.odds = a.odds;
      if (a.advance) o.advance = a.advance;
      b.attacks.push(o);
    });
    if ($('st-on').checked) {
      var r = {prefer: $('st-prefer').value};
      if ($('st-hex').value.trim()) r.hex = $('st-hex').value.trim();
      b.standing = {retreat: r, cavalry_evade: $('st-evade').checked,
                    advance: $('st-advance').checked, losses: $('st-losses').value};
    }
    return b;
  }

  // Checks the body as it stands and shows the answer everywhere.
  function refresh() {
    last = ask({op: 'check', body: body()});
    (last.moves || []).forEach(function (pm) {
      var m = moves[sent[pm.order - 1]];
      // The MP spent once at the last hex clicked (entering costs MP too).
      if (m && m.unit === pm.unit && (m.path.length > 1 || m.enter))
        m.mp[m.path.length - 1] = pm.mp + ' of ' + pm.of;
    });
    draw();
  }

  function oddsOf(i) {
    var n = sent.length + i + 1;
    var found = (last && last.attacks || []).filter(function (a) { return a.order === n; });
    return found.length ? found[0] : null;
  }

  function showLists() {
    var ul = $('moves');
    ul.innerHTML = '';
    moves.forEach(function (m, i) {
      var text = (i + 1) + '. ' + describe(m);
      if (!special(m)) {
        text += m.enter && blueGray ? ' enters at ' + m.enter + ':' : ':';
        m.path.forEach(function (h, k) {
          text += (k ? ' - ' : ' ') + h + (m.mp[k] ? ' (' + m.mp[k] + ' MP)' : '');
        });
      }
      ul.appendChild(el('li', {'class': i === selMove ? 'sel' : '',
                               'data-unit': m.unit || m.division || m.bridge}, text));
    });
    var al = $('attacks');
    al.innerHTML = '';
    attacks.forEach(function (a, i) {
      var o = oddsOf(i);
      var text = 'attack ' + (a.defenders.join(' ') || '?') + ' with ' + (a.attackers.join(', ') || '?') +
          (o ? ': ' + o.odds + ' (' + o.attack + ':' + o.defence + ')' +
                   (o.best !== o.odds ? ', reduced from ' + o.best : '') : '');
      var li = el('li', {'class': i === selAttack ? 'sel' : '', 'data-attack': String(i),
                         'data-odds': o ? o.odds : ''}, text);
      li.addEventListener('click', function () { selAttack = i; setMode('attack'); draw(); });
      al.appendChild(li);
    });
    var a = attacks[selAttack];
    $('attack-tools').hidden = !(mode === 'attack' && a);
    if (a) {
      var adv = $('advance');
      adv.innerHTML = '';
      adv.appendChild(el('option', {value: ''}, '(nobody advances)'));
      a.attackers.forEach(function (id) { adv.appendChild(el('option', {value: id}, id)); });
      adv.value = a.advance || '';
      var odds = $('odds');
      odds.innerHTML = '';
      odds.appendChild(el('option', {value: ''}, '(full odds)'));
      data.odds.forEach(function (c) { odds.appendChild(el('option', {value: c}, c)); });
      odds.value = a.odds || '';
      var ru = $('retreat-unit');
      ru.innerHTML = '';
      a.defenders.forEach(function (id) {
        ru.appendChild(el('option', {value: id}, id + (a.retreat[id] && a.retreat[id].length ?
                                                      ': ' + a.retreat[id].join(' ') : '')));
      });
      if (retreatOf) ru.value = retreatOf;
      var lo = $('losses');
      lo.innerHTML = '';
      lo.appendChild(el('option', {value: ''}, '(the rules choose)'));
      a.attackers.forEach(function (id) { lo.appendChild(el('option', {value: id}, id)); });
      lo.value = a.losses || '';
    }
    var m = moves[selMove];
    $('move-tools').hidden = !(mode === 'move' && m);
    $('group-add').hidden = !m || special(m);
    if (special(m)) {
      $('sel-unit').textContent = describe(m);
    } else if (m) {
      $('sel-unit').textContent = describe(m) + ' (' + units[m.unit].type + ', ' + units[m.unit].strength +
          '-' + units[m.unit].movement + ')';
      $('mv-strategic').checked = !!m.strategic;
      $('mv-forced').checked = !!m.forced;
      $('mv-exit').checked = !!m.exit;
    }
    var ub = $('units').querySelectorAll('button');
    for (var k = 0; k < ub.length; k++) {
      var id = ub[k].getAttribute('data-unit');
      ub[k].className = (moveOf(id) >= 0 ? 'moved ' : '') + (m && m.unit === id ? 'sel' : '');
    }
  }

  function drawOverlay() {
    var o = $('overlay');
    while (o.firstChild) o.removeChild(o.firstChild);
    var r = data.radius;
    moves.forEach(function (m, i) {
      var path = m.kind === 'build' ? [m.river, m.far].filter(Boolean) : m.path || [];
      var pts = path.map(function (h) { return centres[h] ? centres[h].join(',') : ''; }).join(' ');
      o.appendChild(svg('polyline', {points: pts, fill: 'none', 'stroke-width': i === selMove ? 5 : 3,
                                     stroke: i === selMove ? '#d4a017' : '#2a3b5c', opacity: 0.85}));
      if (i !== selMove || special(m)) return;
      m.path.forEach(function (h, k) {
        if (!centres[h] || !m.mp[k]) return;
        var t = svg('text', {x: centres[h][0], y: centres[h][1] - r * 0.45, 'text-anchor': 'middle',
                             'font-size': Math.round(r * 0.5), 'font-weight': 'bold', fill: '#7a1f00'});
        t.textContent = m.mp[k].split(' ')[0];
        o.appendChild(t);
      });
    });
    var a = attacks[selAttack];
    if (a && mode === 'attack') {
      a.defenders.forEach(function (d) {
        var h = blueGray ? d : units[d] && units[d].hex;
        if (centres[h]) o.appendChild(svg('circle', {cx: centres[h][0], cy: centres[h][1], r: r * 0.9,
                                                     fill: 'none', stroke: '#a4161a', 'stroke-width': 4}));
      });
      a.attackers.forEach(function (id) {
        var h = hexNow(units[id]);
        if (centres[h]) o.appendChild(svg('circle', {cx: centres[h][0], cy: centres[h][1], r: r * 0.75,
                                                     fill: 'none', stroke: '#1d6b2f', 'stroke-width': 4}));
      });
    }
  }

  function setMode(m) {
    mode = m;
    $('mode-move').className = m === 'move' ? 'on' : '';
    $('mode-attack').className = m === 'attack' ? 'on' : '';
  }

  function selectUnit(id) {
    setMode('move');
    var i = moveOf(id);
    if (i < 0) {
      var u = units[id];
      moves.push({unit: id, enter: '', path: u.status === 'active' ? [u.hex] : [], mp: []});
      i = moves.length - 1;
    }
    selMove = i;
    refresh();
  }

  // A click on the map: a hex, or nothing near enough to one.
  function hexAt(x, y) {
    var best = null, dist = data.radius * data.radius;
    data.hexes.forEach(function (h) {
      var d = (h[1] - x) * (h[1] - x) + (h[2] - y) * (h[2] - y);
      if (d <= dist) { dist = d; best = h[0]; }
    });
    return best;
  }

  function clickHex(hex) {
    if (pickRetreat) {
      pickRetreat = false;
      $('st-hex').value = hex;
      $('st-on').checked = true;
      refresh();
      return;
    }
    if (mode === 'attack') {
      var a = attacks[selAttack];
      if (!a) return;
      if (retreatOf) {
        var line = a.retreat[retreatOf] || (a.retreat[retreatOf] = []);
        if (line.length >= 2) line.length = 0;
        line.push(hex);
        if (line.length === 2) retreatOf = '';
        refresh();
        return;
      }
      var foes = unitsAt(hex, data.enemy);
      var friends = data.units.filter(function (u) {
        return mine(u) && u.status !== 'eliminated' && hexNow(u) === hex;
      });
      if (foes.length && !blueGray) {
        // Each click takes the next enemy unit of the square; once all are
        // in, each click takes the first of them out (so any of them may be
        // attacked alone).
        var more = foes.filter(function (u) { return a.defenders.indexOf(u.id) < 0; });
        if (more.length) a.defenders.push(more[0].id);
        else a.defenders.splice(a.defenders.indexOf(foes[0].id), 1);
      } else if (foes.length) {
        var k = a.defenders.indexOf(hex);
        if (k >= 0) a.defenders.splice(k, 1); else a.defenders.push(hex);
      } else if (friends.length) {
        var next = friends.filter(function (u) { return a.attackers.indexOf(u.id) < 0; });
        if (next.length) a.attackers.push(next[0].id);
        else a.attackers = a.attackers.filter(function (id) {
          return !friends.some(function (u) { return u.id === id; });
        });
        if (a.advance && a.attackers.indexOf(a.advance) < 0) a.advance = '';
        if (a.losses && a.attackers.indexOf(a.losses) < 0) a.losses = '';
      }
      refresh();
      return;
    }
    var m = moves[selMove];
    if (!m) {
      // Nothing selected: a hex of one's own units selects the next of them.
      var here = unitsAt(hex, data.side);
      if (!here.length) return;
      var pick = here[0];
      for (var i = 0; i < here.length; i++)
        if (here[i].id === $('units').getAttribute('data-last') && i + 1 < here.length) pick = here[i + 1];
      $('units').setAttribute('data-last', pick.id);
      selectUnit(pick.id);
      return;
    }
    if (m.kind === 'build') {
      // A bridge's river square, then its far bank; a third click starts again.
      if (!m.river || m.far) { m.river = hex; m.far = ''; } else m.far = hex;
      refresh();
      return;
    }
    if (special(m)) return;
    if (!m.path.length) m.enter = hex;
    if (m.path.length && m.path[m.path.length - 1] === hex) return;
    m.path.push(hex);
    refresh();
  }

  function wire() {
    var board = $('overlay');
    board.addEventListener('click', function (e) {
      var box = board.getBoundingClientRect();
      var hex = hexAt(e.clientX - box.left, e.clientY - box.top);
      if (hex) clickHex(hex);
    });
    var list = $('units');
    data.units.forEach(function (u) {
      if (!mine(u) || (u.status !== 'active' && u.status !== 'waiting')) return;
      var b = el('button', {type: 'button', 'data-unit': u.id,
                            title: u.name + (u.status === 'waiting' ? ' (not yet on the map)' : ' at ' + u.hex)},
                 u.id + (u.status === 'waiting' ? ' *' : ''));
      b.addEventListener('click', function () {
        // 1961, attacking: the unit's button takes it in or out of the attack,
        // in the order clicked.
        var a = attacks[selAttack];
        if (!blueGray && mode === 'attack' && a) {
          var k = a.attackers.indexOf(u.id);
          if (k >= 0) a.attackers.splice(k, 1); else a.attackers.push(u.id);
          if (a.advance && a.attackers.indexOf(a.advance) < 0) a.advance = '';
          if (a.losses && a.attackers.indexOf(a.losses) < 0) a.losses = '';
          refresh();
          return;
        }
        selectUnit(u.id);
      });
      list.appendChild(b);
    });
    wire1961();
    $('mode-move').addEventListener('click', function () { setMode('move'); draw(); });
    $('mode-attack').addEventListener('click', function () { setMode('attack'); draw(); });
    $('done').addEventListener('click', function () {
      var m = moves[selMove];
      if (m && !special(m) && m.path.length <= 1 && !m.exit) moves.splice(selMove, 1);
      selMove = -1;
      refresh();
    });
    $('undo').addEventListener('click', function () {
      var m = moves[selMove];
      if (!m) return;
      if (special(m)) {
        if (m.kind === 'build') { if (m.far) m.far = ''; else m.river = ''; } else m.brigades.pop();
        refresh();
        return;
      }
      m.path.pop();
      m.mp.length = m.path.length;
      if (!m.path.length) m.enter = '';
      refresh();
    });
    $('clear').addEventListener('click', function () {
      if (selMove < 0) return;
      moves.splice(selMove, 1);
      selMove = -1;
      refresh();
    });
    [['mv-strategic', 'strategic'], ['mv-forced', 'forced'], ['mv-exit', 'exit']].forEach(function (p) {
      $(p[0]).addEventListener('change', function () {
        if (moves[selMove]) moves[selMove][p[1]] = $(p[0]).checked;
        refresh();
      });
    });
    $('new-attack').addEventListener('click', function () {
      attacks.push({defenders: [], attackers: [], odds: '', advance: '', retreat: {}, losses: ''});
      retreatOf = '';
      selAttack = attacks.length - 1;
      selMove = -1;
      setMode('attack');
      refresh();
    });
    $('drop-attack').addEventListener('click', function () {
      if (selAttack < 0) return;
      attacks.splice(selAttack, 1);
      selAttack = attacks.length - 1;
      refresh();
    });
    $('advance').addEventListener('change', function () {
      if (attacks[selAttack]) attacks[selAttack].advance = $('advance').value;
      refresh();
    });
    $('odds').addEventListener('change', function () {
      if (attacks[selAttack]) attacks[selAttack].odds = $('odds').value;
      refresh();
    });
    ['st-on', 'st-prefer', 'st-hex', 'st-evade', 'st-advance', 'st-losses'].forEach(function (id) {
      $(id).addEventListener('change', function () {
        if (id !== 'st-on') $('st-on').checked = true;
        refresh();
      });
    });
    $('st-pick').addEventListener('click', function () { pickRetreat = true; });
    $('fmt').addEventListener('change', showExport);
    $('retreat-pick').addEventListener('click', function () {
      retreatOf = $('retreat-unit').value;
      var a = attacks[selAttack];
      if (a && retreatOf) a.retreat[retreatOf] = [];
      refresh();
    });
    $('losses').addEventListener('change', function () {
      if (attacks[selAttack]) attacks[selAttack].losses = $('losses').value;
      refresh();
    });
    var hide = document.querySelectorAll(blueGray ? '.ah-only' : '.bg-only');
    for (var h = 0; h < hide.length; h++) hide[h].hidden = true;
    var st = data.standing;
    if (!st) return;
    $('st-prefer').value = st.retreat && st.retreat.prefer || 'away';
    $('st-hex').value = st.retreat && st.retreat.hex || '';
    $('st-evade').checked = !!st.cavalry_evade;
    $('st-advance').checked = !!st.advance;
    $('st-losses').value = st.losses || 'fewest_units';
  }

  // The 1961 movement phase's other orders: units moving together, brigade
  // substitute counters in place of a division (and back), pontoon bridges.
  function wire1961() {
    if (blueGray) return;
    var own = data.units.filter(mine);
    function fill(id, list) {
      var s = $(id);
      list.forEach(function (u) {
        s.appendChild(el('option', {value: u.id}, u.id + (u.status === 'active' ? ' at ' + u.hex : ' (' + u.status + ')')));
      });
    }
    var divisions = rules1961.divisions || [], brigades = rules1961.brigades || [];
    fill('sub-division', own.filter(function (u) { return divisions.indexOf(u.id) >= 0; }));
    fill('sub-brigade', own.filter(function (u) { return brigades.indexOf(u.id) >= 0; }));
    fill('bridge-unit', own.filter(function (u) { return u.type === 'bridge' && u.status === 'active'; }));
    $('group-add').addEventListener('click', function () {
      // The next unit of one's own on the square the move starts from.
      var m = moves[selMove];
      if (!m || special(m) || !m.path.length) return;
      if (!m.units) m.units = [m.unit];
      var next = unitsAt(m.path[0], data.side).filter(function (u) {
        return m.units.indexOf(u.id) < 0 && moveOf(u.id) < 0;
      });
      if (next.length) m.units.push(next[0].id);
      refresh();
    });
    function start(item) {
      moves.push(item);
      selMove = moves.length - 1;
      setMode('move');
      refresh();
    }
    $('sub-new').addEventListener('click', function () {
      if ($('sub-division').value) start({kind: 'substitute', division: $('sub-division').value, brigades: []});
    });
    $('rec-new').addEventListener('click', function () {
      if ($('sub-division').value) start({kind: 'recombine', division: $('sub-division').value, brigades: []});
    });
    $('sub-add').addEventListener('click', function () {
      var m = moves[selMove];
      var id = $('sub-brigade').value;
      if (!m || (m.kind !== 'substitute' && m.kind !== 'recombine') || !id) return;
      if (m.brigades.indexOf(id) < 0) m.brigades.push(id);
      refresh();
    });
    $('bridge-new').addEventListener('click', function () {
      if ($('bridge-unit').value) start({kind: 'build', bridge: $('bridge-unit').value, river: '', far: ''});
    });
  }

  // The page's interface for tests and for anyone scripting it.
  window.adjutantOrders = {
    body: body, last: function () { return last; }, centre: function (h) { return centres[h]; },
    clickHex: clickHex
  };

  loadChecker(function () {
    wire();
    setMode('move');
    refresh();
  });
