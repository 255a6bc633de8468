// The hex games' order page (Blue & Gray, the 1961 Chancellorsville): its
// script's clicks on hexes and the order body they make, run in node
// (src/web/assets/order_page.js after order_page_common.js). The rules are
// the checker's, stood in for here.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const {loadOrderPage, fakeChecker, plain} = require('./page_parts');

// A row of hexes 0101-0104, 56 pixels apart; one of the side's units at
// 0101 and one entering, an enemy unit at 0104.
function hexData(ruleset) {
  return {
    setup: {scenario: {rules: {}}, version: 1, state: {}, side: 'union'},
    side: 'union', enemy: 'confederate', turn: 3, ruleset: ruleset || 'bluegray', radius: 28,
    hexes: [['0101', 28, 28], ['0102', 84, 28], ['0103', 140, 28], ['0104', 196, 28]],
    units: [
      {id: '1/I', name: 'First', side: 'union', type: 'infantry', strength: 4, movement: 6,
       status: 'active', hex: '0101'},
      {id: '2/I', name: 'Second', side: 'union', type: 'cavalry', strength: 2, movement: 8,
       status: 'reinforcement', hex: ''},
      {id: 'A/II', name: 'Enemy', side: 'confederate', type: 'infantry', strength: 3, movement: 6,
       status: 'active', hex: '0104'},
    ],
    odds: ['1-2', '1-1', '2-1', '3-1'],
    standing: null,
  };
}

const NAMES = ['hexAt', 'clickHex', 'selectUnit', 'body', 'moves', 'order1961', 'describe', 'hexNow',
               'units'];

function load(ruleset, answer) {
  const page = loadOrderPage('hex', hexData(ruleset), NAMES);
  const checker = fakeChecker(answer || (() => ({ok: true, echo: []})));
  page.inner.setChecker(checker);
  return Object.assign(page.inner, {checker: checker, document: page.document});
}

test('a click is on the hex whose centre is within a radius of it, or on none', () => {
  const p = load();
  assert.strictEqual(p.hexAt(28, 28), '0101');
  assert.strictEqual(p.hexAt(60, 30), '0102');  // nearer 0102's centre than 0101's
  assert.strictEqual(p.hexAt(196, 55), '0104');
  assert.strictEqual(p.hexAt(196, 57), null);   // beyond the radius of every centre
  assert.strictEqual(p.hexAt(-40, 28), null);
});

test('a click on a hex of the side selects its unit; the next clicks are its path', () => {
  const p = load();
  p.clickHex('0101');
  // A move of the unit's own hex alone is still being chosen: not sent.
  assert.deepStrictEqual(plain(p.body().moves), []);
  p.clickHex('0102');
  p.clickHex('0102');  // the same hex twice is one step
  p.clickHex('0103');
  assert.deepStrictEqual(plain(p.body()), {moves: [{unit: '1/I', path: ['0101', '0102', '0103']}],
                                           attacks: []});
  assert.strictEqual(p.hexNow(p.units['1/I']), '0103');
  const asked = p.checker.asked[p.checker.asked.length - 1];
  assert.deepStrictEqual(plain(asked), {op: 'check', body: plain(p.body())});
});

test("a unit entering the map: its first hex is where it enters", () => {
  const p = load();
  p.selectUnit('2/I');
  p.clickHex('0101');
  assert.deepStrictEqual(plain(p.body().moves), [{unit: '2/I', enter: '0101', path: ['0101']}]);
});

test("the MP the checker counts are shown at the move's last hex", () => {
  const p = load('bluegray', (r) => r.op !== 'check' || !r.body.moves.length ? {ok: true} :
    {ok: true, moves: [{order: 1, unit: '1/I', mp: r.body.moves[0].path.length - 1, of: 6}]});
  p.clickHex('0101');
  p.clickHex('0102');
  p.clickHex('0103');
  const mp = plain(p.moves[0].mp);
  assert.deepStrictEqual(mp, [null, '1 of 6', '2 of 6']);  // nothing at the hex it starts from
});

test('the 1961 orders: moves of one or more units, substitutions and bridges when given whole', () => {
  const p = load('ah1961');
  assert.strictEqual(p.order1961({unit: 'u', path: ['A1']}), null);
  assert.deepStrictEqual(plain(p.order1961({unit: 'u', path: ['A1', 'A2']})), {unit: 'u', path: ['A1', 'A2']});
  assert.deepStrictEqual(plain(p.order1961({unit: 'u', units: ['u', 'v'], path: ['A1', 'B1']})),
                         {units: ['u', 'v'], path: ['A1', 'B1']});
  assert.deepStrictEqual(plain(p.order1961({kind: 'substitute', division: 'D', brigades: ['b1', 'b2']})),
                         {substitute: 'D', brigades: ['b1', 'b2']});
  assert.strictEqual(p.order1961({kind: 'build', bridge: 'br', river: 'R1', far: ''}), null);
  assert.deepStrictEqual(plain(p.order1961({kind: 'build', bridge: 'br', river: 'R1', far: 'R2'})),
                         {build: 'br', river: 'R1', far: 'R2'});
  assert.strictEqual(p.describe({kind: 'recombine', division: 'D', brigades: []}), 'recombine D from ?');
  assert.strictEqual(p.describe({unit: 'u', units: ['u', 'v']}), 'u v');
  // The 1961 body sends attacks only when there are any.
  p.clickHex('0101');
  p.clickHex('0102');
  assert.deepStrictEqual(plain(p.body()), {moves: [{unit: '1/I', path: ['0101', '0102']}]});
});

test('without DecompressionStream the page says it cannot check', () => {
  const p = load();
  assert.strictEqual(p.document.body.getAttribute('data-check'), 'no-checker');
});
