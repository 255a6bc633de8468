// The replay page (adjutant view, src/report/replay_page.cpp): steps
// through a game's posts with the slider, the buttons and the arrow keys
// (the slider moves itself when it has the focus; Home and End go to the
// ends), shows each post's text, and draws its map with AdjutantMap over
// the base picture, inflated once. The map zooms with the wheel, a pinch,
// a double click and the + and - buttons or keys; 0 fits it to its box,
// 1 shows it at its actual size from its top-left corner.
// A post whose events lie outside the map's box brings them into it.
// The page opens at the set-up, or at the post its address names (#step-N).
// When the first map is drawn, <body data-ready> holds the milliseconds
// since the page began to load.
(function () {
  var frames = document.querySelectorAll('section.frame');
  var slider = document.getElementById('step');
  var label = document.getElementById('label');
  var rows = document.querySelectorAll('table.lines tr[data-seq]');
  var dataElement = document.getElementById('replay-data');
  var data = dataElement ? JSON.parse(dataElement.textContent) : {steps: []};
  var svg = document.getElementById('map');
  var overlay = document.getElementById('overlay');
  var board = document.getElementById('board');
  var view = null;
  var current = 0;

  function show(i) {
    if (frames.length === 0) return;
    current = Math.max(0, Math.min(frames.length - 1, i));
    for (var k = 0; k < frames.length; k++) frames[k].hidden = k !== current;
    var f = frames[current];
    slider.value = String(current);
    label.textContent = (current + 1) + ' / ' + frames.length + ': ' + f.getAttribute('data-label');
    var first = Number(f.getAttribute('data-first')), last = Number(f.getAttribute('data-last'));
    for (var r = 0; r < rows.length; r++) {
      var seq = Number(rows[r].getAttribute('data-seq'));
      rows[r].classList.toggle('current', seq >= first && seq <= last);
    }
    if (overlay && data.steps[current]) {
      AdjutantMap.draw(overlay, data.base, data.steps[current]);
      svg.setAttribute('data-step', String(current));
      // What happened here is brought into view if it is not in it.
      if (view) {
        var at = AdjutantMap.focus(data.base, data.steps[current]);
        if (!view.shows(at.x, at.y, 40)) view.show(at.x, at.y);
      }
    }
    document.body.setAttribute('data-step', String(current));
  }

  slider.addEventListener('input', function () { show(Number(slider.value)); });
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  document.addEventListener('keydown', function (e) {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowLeft') show(current - 1);
    else if (e.key === 'ArrowRight') show(current + 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(frames.length - 1);
    else if (view && (e.key === '+' || e.key === '=')) view.zoomBy(1.25);
    else if (view && e.key === '-') view.zoomBy(0.8);
    else if (view && e.key === '0') view.fit();
    else if (view && e.key === '1') view.actual(0, 0);
    else return;
    e.preventDefault();
  });

  var start = /^#step-(\d+)$/.exec(location.hash);
  show(start ? Number(start[1]) : 0);

  function ready() {
    document.body.setAttribute('data-ready', String(Math.round(performance.now())));
  }
  if (!svg || !data.base) {
    ready();
    return;
  }

  // The first view: the whole map when its counters stay legible so, else
  // the counters at their size (three quarters of it on a screen of two
  // or more device pixels a pixel, a phone's, where that is still sharp),
  // on what happened at this post.
  var legible = (window.devicePixelRatio || 1) >= 2 ? 0.75 : 1;
  view = AdjutantMap.zoomable(board, svg, data.base.width, data.base.height);
  var fitted = view.fitScale();
  if (fitted >= legible) {
    view.fit();
  } else {
    var centre = AdjutantMap.focus(data.base, data.steps[current] || {});
    view.show(centre.x, centre.y, legible);
  }
  document.getElementById('zoom-in').addEventListener('click', function () { view.zoomBy(1.25); });
  document.getElementById('zoom-out').addEventListener('click', function () { view.zoomBy(0.8); });
  document.getElementById('zoom-fit').addEventListener('click', function () { view.fit(); });
  window.addEventListener('resize', function () { view.refresh(); });

  var picture = document.getElementById('base');
  var note = document.getElementById('map-note');
  picture.addEventListener('load', function () {
    requestAnimationFrame(ready);
  });
  AdjutantMap.inflate(document.getElementById('replay-base').textContent).then(function (text) {
    picture.setAttribute('href', 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text));
  }, function (error) {
    note.textContent = 'The map cannot be shown: ' + error.message + '.';
    note.hidden = false;
    ready();
  });
})();
