// A table game's order page (Chaos of Battle): its script's arithmetic of
// points and paths, run in node (src/web/assets/order_page_table.js and the
// parts after it). Points are hundredths of an inch, [x, y], north up.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const {loadOrderPage, fakeChecker, plain} = require('./page_parts');

// A side with a brigade on its two markers, a deployed brigade with its
// commander and a battery, and a player commander; one enemy flag and base.
function tableData(version) {
  return {
    setup: {scenario: {}, version: version || 3, state: {}, side: 'union'},
    ruleset: 'chaos', side: 'union', enemy: 'confederate', turn: 2,
    table: {left: 20, top: 30, scale: 0.125, width: 4800, length: 7200},
    brigades: [
      {id: 'iron', name: 'Iron Brigade', arm: 'infantry', markers: [[1000, 2000], [1400, 2000]],
       commander: null, regiments: [{id: 'i1', name: '2nd Wis', arm: 'infantry', at: null}]},
      {id: 'guns', name: 'Reserve', arm: 'infantry', markers: [], commander: [3000, 3000],
       regiments: [{id: 'g1', name: '6th Wis', arm: 'infantry', at: [3000, 3150], facing: 0},
                   {id: 'bat', name: 'Battery B', arm: 'artillery', at: [3200, 3150], facing: 0}]},
    ],
    commanders: [{id: 'hq', name: 'Doubleday', at: [500, 500]}],
    flags: [[4000, 6000]],
    bases: [{at: [4100, 6150], facing: 180, stands: 4, arm: 'infantry'}],
    tokens: ['elan'],
  };
}

const NAMES = ['inches', 'pointText', 'pointInput', 'readPoint', 'typedNumber', 'place', 'pointAt',
               'dist2', 'nearest', 'clickPoint', 'select', 'body', 'rateText', 'orders', 'moves'];

function load(answer, version) {
  const page = loadOrderPage('table', tableData(version), NAMES);
  const checker = fakeChecker(answer || (() => ({ok: true, echo: []})));
  page.inner.setChecker(checker);
  return Object.assign(page.inner, {checker: checker, window: page.window, document: page.document});
}

test('hundredths of an inch are written as inches to the hundredth', () => {
  const p = load();
  assert.strictEqual(p.inches(0), '0.00');
  assert.strictEqual(p.inches(5), '0.05');
  assert.strictEqual(p.inches(1250), '12.50');
  assert.strictEqual(p.inches(7207), '72.07');
  assert.strictEqual(p.inches(-130), '-1.30');
  assert.strictEqual(p.pointText([2450, 6007]), '(24.50, 60.07)');
  assert.strictEqual(p.pointInput([2450, 6007]), '24.50,60.07');
  assert.strictEqual(p.pointInput(null), '');
});

test('a typed "x,y" in inches is read exactly, to the hundredth, or refused', () => {
  const p = load();
  const same = (text, point) => assert.deepStrictEqual(plain(p.readPoint(text)), point, text);
  same('24.5,60', [2450, 6000]);
  same('24.50, 60.07', [2450, 6007]);
  same('  3 , 4.1 ', [300, 410]);
  same('0,0', [0, 0]);
  same('72.09,0.9', [7209, 90]);
  for (const bad of ['', '24.5', '1.234,5', '-1,2', 'a,b', '1,2,3', '1;2', '.5,1'])
    assert.strictEqual(p.readPoint(bad), null, JSON.stringify(bad));
  // What pointInput writes reads back as the same point.
  for (const point of [[0, 0], [5, 95], [1234, 5678], [4800, 7200]])
    assert.deepStrictEqual(plain(p.readPoint(p.pointInput(point))), point);
});

test('a typed number is a whole number, or the text as typed for the check to refuse', () => {
  const p = load();
  assert.strictEqual(p.typedNumber(' 12 '), 12);
  assert.strictEqual(p.typedNumber('0'), 0);
  assert.strictEqual(p.typedNumber('1.5'), '1.5');
  assert.strictEqual(p.typedNumber(' x '), 'x');
});

test('table points and picture pixels: north up, a click placed to the nearest tenth of an inch', () => {
  const p = load();
  // The table's south-west corner is the picture's bottom left.
  assert.deepStrictEqual(plain(p.place([0, 0])), [20, 30 + 7200 * 0.125]);
  assert.deepStrictEqual(plain(p.place([4800, 7200])), [20 + 4800 * 0.125, 30]);
  // The pixel of a point on the tenth reads back as that point.
  for (const point of [[0, 0], [1230, 5680], [4800, 7200], [10, 7190]]) {
    const xy = p.place(point);
    assert.deepStrictEqual(plain(p.pointAt(xy[0], xy[1])), point);
  }
  // Elsewhere, the nearest tenth: 12.34" is 12.30", 56.78" is 56.80".
  const xy = p.place([1234, 5678]);
  assert.deepStrictEqual(plain(p.pointAt(xy[0], xy[1])), [1230, 5680]);
});

test('the piece nearest a click, within reach of its centre', () => {
  const p = load();
  const pieces = [{at: [0, 0], id: 'a'}, {at: [300, 400], id: 'b'}, {at: [1000, 0], id: 'c'}];
  assert.strictEqual(p.dist2([0, 0], [300, 400]), 250000);
  assert.strictEqual(p.nearest(pieces, [250, 350], 100).id, 'b');
  assert.strictEqual(p.nearest(pieces, [0, 10], 500).id, 'a');
  // Exactly at reach is in reach; a hundredth beyond is not.
  assert.strictEqual(p.nearest([pieces[1]], [300, 0], 400).id, 'b');
  assert.strictEqual(p.nearest([pieces[1]], [300, 0], 399), null);
  // Of two in reach, the nearer.
  assert.strictEqual(p.nearest(pieces, [300, 0], 500).id, 'a');
  assert.strictEqual(p.nearest(pieces, [500, 500], 200), null);
  assert.strictEqual(p.nearest([], [0, 0], 1000), null);
});

test('a click near a commander takes his brigade; the next clicks are its waypoints', () => {
  const p = load();
  p.clickPoint([3050, 3050]);  // within 3" of the brigade's commander
  let body = p.body();
  assert.strictEqual(body.brigades, undefined, 'no order until a waypoint');
  p.clickPoint([3000, 3500]);
  p.clickPoint([3000, 3500]);  // the same point twice is one waypoint
  p.clickPoint([3200, 4000]);
  body = p.body();
  assert.deepStrictEqual(plain(body.brigades.guns.move), {path: [[3000, 3000], [3000, 3500], [3200, 4000]]});
  // Every click asked the checker about the body as it then stood.
  const last = p.checker.asked[p.checker.asked.length - 1];
  assert.strictEqual(last.op, 'check');
  assert.deepStrictEqual(plain(last.body.brigades.guns.move.path), plain(body.brigades.guns.move.path));
});

test('a brigade on markers moves from its marker and says which', () => {
  const p = load();
  p.select('brigade', 'iron', 2);
  p.clickPoint([1400, 2600]);
  const body = p.body();
  assert.deepStrictEqual(plain(body.brigades.iron.move), {path: [[1400, 2000], [1400, 2600]], marker: 2});
  // Its preferred marker is written for every brigade on two markers.
  assert.deepStrictEqual(plain(body.preferred), {iron: 1});
});

test('a player commander moves on his own path', () => {
  const p = load();
  p.clickPoint([520, 480]);
  p.clickPoint([900, 900]);
  assert.deepStrictEqual(plain(p.body().commanders), {hq: {path: [[500, 500], [900, 900]]}});
});

test("a path's length against its rate, as the checker measured it", () => {
  const p = load((r) => r.op === 'check' ? {ok: true, echo: [],
    moves: [{brigade: 'guns', length: 1042, rate: 1200, going: 'road'}],
    commanders: [{commander: 'hq', length: 566, rate: 2400}]} : {ok: true});
  p.clickPoint([3050, 3050]);
  p.clickPoint([3000, 4042]);
  assert.strictEqual(p.rateText('brigade', 'guns'), '10.42" of at most 12.00" (road)');
  assert.strictEqual(p.rateText('commander', 'hq'), '5.66" of at most 24.00"');
  assert.strictEqual(p.rateText('brigade', 'iron'), '');
});

test('without DecompressionStream the page says it cannot check, and offers its interface', () => {
  const p = load();
  assert.strictEqual(p.document.body.getAttribute('data-check'), 'no-checker');
  assert.match(p.document.getElementById('result').textContent, /cannot check orders here/);
  assert.strictEqual(typeof p.window.adjutantOrders.body, 'function');
  assert.strictEqual(typeof p.window.adjutantOrders.clickPoint, 'function');
});
