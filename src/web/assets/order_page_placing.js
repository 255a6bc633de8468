// A table game's order page, second part (after order_page_table.js): an
// engaged brigade's maneuver and battery fire, a rested brigade's new
// markers, and regiments given a place or a state: in a maneuver, at the end
// of a deployed brigade's move and in a shake out (version 3), and limbering
// and mounting (version 3). The body's fields are those of
// docs/rules/chaos.md "The order file"; the script holds no rule. Points are
// hundredths of an inch, as in the first part. A regiment's order is kept per
// order it belongs to (`regs[kind][regiment]`: {at, facing, limber, mount},
// the last three as typed or chosen, '' when not given); body() writes only
// what applies to that order.

  // Version 3's fields are offered only when the game is at version 3:
  // earlier versions refuse them (chaos.not_yet).
  var v3 = data.setup.version >= 3;
  var regKinds = {shake: 'its shake out', maneuver: 'its maneuver', move: "its move's end",
                  withdraw: 'its withdrawal'};

  function placing(o) {
    o.maneuver = null;         // the commander's new place, or null
    o.shakeCommander = null;   // version 3: his place on the marker card
    o.fire = {};               // battery: 'closest' | 'hold' | [x, y]
    o.remarker = null;         // [the commander's place, the second marker's]
    o.regs = {shake: {}, maneuver: {}, move: {}, withdraw: {}};
    o.regFor = '';
    o.reg = '';
    return o;
  }
  function placedAny(o) {
    return !!(o.maneuver || o.remarker || Object.keys(o.fire).length ||
              Object.keys(o.regs.maneuver).length);
  }
  // The orders that may place regiments for this brigade.
  function regKindsOf(b) {
    if (!b.commander) return v3 ? ['shake'] : [];
    return v3 ? ['maneuver', 'move', 'withdraw'] : ['maneuver'];
  }
  function batteries(b) {
    return b.regiments.filter(function (r) { return r.arm === 'artillery'; });
  }
  // A typed whole number, or the text as typed for the check to refuse.
  function typedNumber(t) {
    t = t.trim();
    return /^\d+$/.test(t) ? parseInt(t, 10) : t;
  }

  // One regiment's entry of regs[kind] as the body writes it, or null.
  function regJson(kind, x) {
    var out = {};
    if (kind !== 'withdraw') {
      if (x.at) out.at = x.at.slice();
      if (x.facing.trim() !== '') out.facing = typedNumber(x.facing);
    }
    // A withdrawal limbers every battery and mounts the cavalry unless it
    // stays dismounted (mount: false): only that is given there.
    if (kind === 'maneuver' && x.limber !== '') out.limber = x.limber === 'true';
    if (kind === 'maneuver' && x.mount !== '') out.mount = x.mount === 'true';
    if (kind === 'withdraw' && x.mount === 'false') out.mount = false;
    return Object.keys(out).length ? out : null;
  }
  function regsJson(b, o, kind) {
    var out = {}, any = false;
    b.regiments.forEach(function (r) {
      var x = o.regs[kind][r.id];
      var j = x ? regJson(kind, x) : null;
      if (j) { out[r.id] = j; any = true; }
    });
    return any ? out : null;
  }

  // Adds the brigade's maneuver, fire, remarker and placed regiments to its
  // body `x`, which holds what the first part wrote.
  function placedBody(b, o, x) {
    var regs;
    if (x.shake_out && v3) {
      if (o.shakeCommander) x.shake_out.commander = o.shakeCommander.slice();
      if ((regs = regsJson(b, o, 'shake'))) x.shake_out.regiments = regs;
    }
    if (x.move && b.commander && v3 && (regs = regsJson(b, o, 'move'))) x.move.regiments = regs;
    if (x.withdraw && v3 && (regs = regsJson(b, o, 'withdraw'))) x.withdraw = {regiments: regs};
    regs = regsJson(b, o, 'maneuver');
    if (o.maneuver || regs) {
      x.maneuver = {};
      if (o.maneuver) x.maneuver.commander = o.maneuver.slice();
      if (regs) x.maneuver.regiments = regs;
    }
    var fire = {}, anyFire = false;
    batteries(b).forEach(function (r) {
      var f = o.fire[r.id];
      if (f === undefined) return;
      fire[r.id] = typeof f === 'string' ? f : f.slice();
      anyFire = true;
    });
    if (anyFire) x.fire = fire;
    if (o.remarker) x.remarker = o.remarker.map(function (p) { return p.slice(); });
  }

  function regText(kind, id, x) {
    var j = regJson(kind, x);
    if (!j) return '';
    var t = [];
    if (j.at) t.push('at ' + pointText(j.at));
    if (j.facing !== undefined) t.push('facing ' + j.facing);
    if (j.limber !== undefined) t.push(j.limber ? 'limbers' : 'unlimbers');
    if (j.mount !== undefined) t.push(j.mount ? 'mounts' : (kind === 'withdraw' ? 'stays dismounted' : 'dismounts'));
    return id + ' ' + t.join(' ');
  }
  function regsText(b, o, kind) {
    var t = [];
    b.regiments.forEach(function (r) {
      if (o.regs[kind][r.id]) t.push(regText(kind, r.id, o.regs[kind][r.id]));
    });
    return t.filter(function (s) { return s; }).join(', ');
  }
  function placedText(b, o, parts) {
    var t;
    if (v3 && o.shake && o.shakeCommander) parts.push('its commander at ' + pointText(o.shakeCommander));
    if (v3 && o.shake && (t = regsText(b, o, 'shake'))) parts.push('shakes out ' + t);
    if (v3 && b.commander && o.path.length > 1 && (t = regsText(b, o, 'move'))) parts.push('ends its move ' + t);
    if (v3 && o.withdraw && (t = regsText(b, o, 'withdraw'))) parts.push('withdrawing, ' + t);
    t = regsText(b, o, 'maneuver');
    if (o.maneuver || t)
      parts.push('maneuvers' + (o.maneuver ? ': its commander to ' + pointText(o.maneuver) : '') + (t ? ', ' + t : ''));
    batteries(b).forEach(function (r) {
      var f = o.fire[r.id];
      if (f === undefined) return;
      parts.push(r.id + (f === 'hold' ? ' holds its fire' : ' fires at ' + (f === 'closest' ? 'the closest' : pointText(f))));
    });
    if (o.remarker) parts.push('re-markers at ' + o.remarker.map(pointText).join(' and '));
  }

  function drawPlaced(b, o, mark) {
    if (o.maneuver) mark(o.maneuver, '#1d6b2f');
    if (o.shakeCommander) mark(o.shakeCommander, '#1d6b2f');
    Object.keys(o.regs).forEach(function (kind) {
      Object.keys(o.regs[kind]).forEach(function (r) { if (o.regs[kind][r].at) mark(o.regs[kind][r].at, '#2a3b5c'); });
    });
    Object.keys(o.fire).forEach(function (r) { if (typeof o.fire[r] !== 'string') mark(o.fire[r], '#a4161a'); });
    (o.remarker || []).forEach(function (p) { mark(p, '#7a1f00'); });
  }

  function regOf(o) {
    if (!o.regFor) return {};
    var x = o.regs[o.regFor][o.reg];
    if (!x) x = o.regs[o.regFor][o.reg] = {at: null, facing: '', limber: '', mount: ''};
    return x;
  }
  // Placing a regiment for a shake out or a withdrawal gives that order.
  function regGiven(o) {
    if (o.regFor === 'shake') o.shake = true;
    if (o.regFor === 'withdraw') o.withdraw = true;
  }

  // The click of an armed button that takes a point as clicked; false for
  // those that take an enemy piece (engage, toward: the first part's).
  function placePoint(p) {
    if (!sel || sel.kind !== 'brigade') return false;
    var b = brigades[sel.id], o = orderOf(sel.id);
    if (armed === 'maneuver') {
      o.maneuver = p;
    } else if (armed === 'so-commander') {
      o.shakeCommander = p;
      o.shake = true;
    } else if (armed === 'remarker') {
      o.remarker = [b.commander.slice(), p];
    } else if (armed === 'place') {
      regOf(o).at = p;
      regGiven(o);
    } else if (armed === 'fire') {
      var foe = nearest(enemyPieces(), p, 400);
      if (!foe || !$('battery').value) return true;
      o.fire[$('battery').value] = foe.at.slice();
    } else {
      return false;
    }
    return true;
  }

  function showPlacing(b, o) {
    var kinds = regKindsOf(b);
    if (kinds.indexOf(o.regFor) < 0) o.regFor = kinds.length ? kinds[0] : '';
    if (!o.reg && b.regiments.length) o.reg = b.regiments[0].id;
    $('reg-tools').hidden = !kinds.length;
    var f = $('reg-for');
    f.innerHTML = '';
    kinds.forEach(function (k) { f.appendChild(el('option', {value: k}, regKinds[k])); });
    f.value = o.regFor;
    var r = $('reg');
    r.innerHTML = '';
    b.regiments.forEach(function (x) {
      r.appendChild(el('option', {value: x.id}, x.id + ' (' + x.arm +
                       (x.limbered ? ', limbered' : '') + (x.dismounted ? ', dismounted' : '') + ')'));
    });
    r.value = o.reg;
    if (o.regFor) {
      var x = o.regs[o.regFor][o.reg] || {at: null, facing: '', limber: '', mount: ''};
      $('reg-place').hidden = o.regFor === 'withdraw';
      $('reg-state').hidden = !v3 || o.regFor === 'shake' || o.regFor === 'move';
      $('reg-limber').hidden = o.regFor === 'withdraw';
      $('reg-at').value = pointInput(x.at);
      $('reg-facing').value = x.facing;
      $('reg-limber').value = x.limber;
      $('reg-mount').value = x.mount;
    }
    var bats = batteries(b);
    if (b.commander) $('fire-tools').hidden = !bats.length;
    var bs = $('battery'), keep = bs.value;
    bs.innerHTML = '';
    bats.forEach(function (x) { bs.appendChild(el('option', {value: x.id}, x.id + ' (' + x.name + ')')); });
    if (keep && bats.some(function (x) { return x.id === keep; })) bs.value = keep;
    var fire = o.fire[bs.value];
    $('fire').value = fire === undefined ? '' : typeof fire === 'string' ? fire : 'point';
    $('fire-at').value = fire && typeof fire !== 'string' ? pointInput(fire) : '';
    $('man-at').value = pointInput(o.maneuver);
    $('so-at').value = pointInput(o.shakeCommander);
    $('rm-at').value = o.remarker && o.remarker.length > 1 ? pointInput(o.remarker[1]) : '';
    ['maneuver', 'so-commander', 'remarker', 'place', 'fire-at-enemy'].forEach(function (id) {
      $(id).className = armed === (id === 'fire-at-enemy' ? 'fire' : id) ? 'armed' : '';
    });
  }

  function wirePlacing() {
    var v3s = document.querySelectorAll('.v3-only');
    for (var i = 0; i < v3s.length; i++) if (!v3) v3s[i].hidden = true;
    var brigadeOrder = function () { return sel && sel.kind === 'brigade' ? orderOf(sel.id) : null; };
    var on = function (id, event, f) {
      $(id).addEventListener(event, function () {
        var o = brigadeOrder();
        if (o) f(o, brigades[sel.id]);
        refresh();
      });
    };
    var arm = function (id, what) {
      $(id).addEventListener('click', function () { armed = armed === what ? '' : what; draw(); });
    };
    arm('maneuver', 'maneuver');
    arm('so-commander', 'so-commander');
    arm('remarker', 'remarker');
    arm('place', 'place');
    arm('fire-at-enemy', 'fire');
    // A typed place: x,y in inches to the hundredth; empty takes it away.
    var typed = function (id, set) {
      on(id, 'change', function (o, b) {
        var t = $(id).value.trim(), p = readPoint(t);
        if (t === '' || p) set(o, b, t === '' ? null : p);
      });
    };
    typed('man-at', function (o, b, p) { o.maneuver = p; });
    typed('so-at', function (o, b, p) { o.shakeCommander = p; if (p) o.shake = true; });
    typed('rm-at', function (o, b, p) { o.remarker = p ? [b.commander.slice(), p] : null; });
    typed('reg-at', function (o, b, p) { regOf(o).at = p; if (p) regGiven(o); });
    typed('fire-at', function (o, b, p) {
      if (!$('battery').value) return;
      if (p) o.fire[$('battery').value] = p; else delete o.fire[$('battery').value];
    });
    on('man-stay', 'click', function (o, b) { o.maneuver = b.commander.slice(); });
    on('no-maneuver', 'click', function (o) { o.maneuver = null; o.regs.maneuver = {}; });
    on('remarker-one', 'click', function (o, b) { o.remarker = [b.commander.slice()]; });
    on('no-remarker', 'click', function (o) { o.remarker = null; });
    on('reg-for', 'change', function (o) { o.regFor = $('reg-for').value; });
    on('reg', 'change', function (o) { o.reg = $('reg').value; });
    on('reg-facing', 'change', function (o) { regOf(o).facing = $('reg-facing').value; regGiven(o); });
    on('reg-limber', 'change', function (o) { regOf(o).limber = $('reg-limber').value; regGiven(o); });
    on('reg-mount', 'change', function (o) { regOf(o).mount = $('reg-mount').value; regGiven(o); });
    on('reg-drop', 'click', function (o) { delete o.regs[o.regFor][o.reg]; });
    $('battery').addEventListener('change', draw);
    on('fire', 'change', function (o) {
      var bat = $('battery').value, f = $('fire').value;
      if (!bat) return;
      if (f === '') delete o.fire[bat];
      else if (f !== 'point') o.fire[bat] = f;
    });
  }
