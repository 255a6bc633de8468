// The page scripts of src/web/assets/ loaded into node for their tests: the
// order pages' parts assembled as report/order_page_frame.cpp assembles them
// (each part without its opening comment, report/page_assets.h), and whole
// scripts such as player.js, each run against a small stand-in for the
// browser's document. Nothing here is part of a page.
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const ASSETS = path.join(__dirname, '..', '..', 'src', 'web', 'assets');

function asset(name) {
  return fs.readFileSync(path.join(ASSETS, name), 'utf8');
}

// The file as a page carries it: an opening comment, up to the first empty
// line, left out.
function pagePart(name) {
  const text = asset(name);
  if (!/^(\/\*|\/\/|<!--)/.test(text)) return text;
  const end = text.indexOf('\n\n');
  return end < 0 ? text : text.slice(end + 2);
}

// The order pages' own script parts, after order_page_common.js.
const ORDER_PAGES = {
  hex: ['order_page.js'],
  table: ['order_page_table.js', 'order_page_placing.js', 'order_page_table_start.js'],
};

// The closure's body: the common part, then the page's, each on a line of
// its own (the page wraps it in "(function () { 'use strict'; ... })();").
function orderPageBody(page) {
  return ['order_page_common.js'].concat(ORDER_PAGES[page]).map(pagePart).join('\n');
}

// The script exactly as an order page carries it.
function orderPageScript(page) {
  return "\n(function () {\n  'use strict';\n" + orderPageBody(page) + '})();\n';
}

// A stand-in for an element: enough of the DOM for the pages' scripts to
// build their lists and overlays, and for a test to read what they wrote.
class Element {
  constructor(tag) {
    this.tagName = String(tag || '').toUpperCase();
    this.attributes = {};
    this.children = [];
    this.listeners = {};
    this.textContent = '';
    this.value = '';
    this.checked = false;
    this.hidden = false;
    this.className = '';
    this.style = {};
    const classes = new Set();
    this.classList = {
      add: (c) => classes.add(c), remove: (c) => classes.delete(c), contains: (c) => classes.has(c),
      toggle: (c, on) => ((on === undefined ? !classes.has(c) : on) ? classes.add(c) : classes.delete(c)),
    };
  }
  set innerHTML(html) { this.children = []; this.textContent = html; }
  get innerHTML() { return this.textContent; }
  setAttribute(k, v) { this.attributes[k] = String(v); }
  getAttribute(k) { return Object.prototype.hasOwnProperty.call(this.attributes, k) ? this.attributes[k] : null; }
  removeAttribute(k) { delete this.attributes[k]; }
  appendChild(e) { this.children.push(e); return e; }
  addEventListener(type, f) { (this.listeners[type] = this.listeners[type] || []).push(f); }
  querySelectorAll() { return []; }
  querySelector() { return null; }
  getBoundingClientRect() { return {left: 0, top: 0, width: 0, height: 0}; }
}

// A document whose elements by id are made on first asking; `texts` gives
// the text of some (the page's data).
function makeDocument(texts) {
  const byId = {};
  const body = new Element('body');
  return {
    body: body,
    documentElement: new Element('html'),
    getElementById(id) {
      if (!byId[id]) {
        byId[id] = new Element('div');
        byId[id].id = id;
        if (texts && texts[id] !== undefined) byId[id].textContent = texts[id];
      }
      return byId[id];
    },
    createElement: (tag) => new Element(tag),
    createElementNS: (ns, tag) => new Element(tag),
    querySelectorAll: () => [],
    querySelector: () => null,
  };
}

// A context with the document, a window and what the scripts use of the
// browser. No DecompressionStream: the pages then do without their engine,
// which these tests never need.
function makeContext(texts) {
  const context = {
    document: makeDocument(texts),
    console: console,
    JSON: JSON, Math: Math, Date: Date, Promise: Promise, Object: Object, Array: Array,
    String: String, Number: Number, RegExp: RegExp, Error: Error, Uint8Array: Uint8Array,
    Uint32Array: Uint32Array, Set: Set, Map: Map, parseInt: parseInt, isFinite: isFinite,
    TextEncoder: TextEncoder, TextDecoder: TextDecoder,
    atob: (s) => Buffer.from(s, 'base64').toString('latin1'),
    btoa: (s) => Buffer.from(s, 'latin1').toString('base64'),
    encodeURIComponent: encodeURIComponent, decodeURIComponent: decodeURIComponent,
    crypto: require('crypto').webcrypto,
    localStorage: {getItem: () => null, setItem: () => {}},
    performance: {now: () => 0},
  };
  context.window = context;
  return vm.createContext(context);
}

// An order page's script run on `data` (the page's order-data). Returns
// `inner`, the closure's variables and functions named in `names` (read
// when the script has run) and setChecker(c), which gives the closure a
// checker in place of the WebAssembly one; and the context's window and
// document.
function loadOrderPage(page, data, names) {
  const context = makeContext({'order-data': JSON.stringify(data)});
  const wanted = (names || []).map((n) => JSON.stringify(n) + ': ' + n);
  wanted.push('setChecker: function (c) { checker = c; }');
  const code = "(function () {\n  'use strict';\n" + orderPageBody(page) +
      '\nreturn {' + wanted.join(', ') + '};\n})()';
  const inner = vm.runInContext(code, context, {filename: page + ' order page'});
  return {inner: inner, window: context.window, document: context.document};
}

// A checker that answers every question with answer(request), keeping the
// requests it was asked.
function fakeChecker(answer) {
  const asked = [];
  return {
    asked: asked,
    ccall(name, type, types, args) {
      const request = JSON.parse(args[0]);
      asked.push(request);
      return JSON.stringify(answer(request));
    },
  };
}

// A value made in a script's context as one of node's own: objects and
// arrays of another context compare unequal to node's in deepStrictEqual.
function plain(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

// A whole script file (player.js, webcrypto.js ...) run in `context`.
function runScript(context, name) {
  vm.runInContext(asset(name), context, {filename: name});
}

module.exports = {asset, pagePart, orderPageScript, orderPageBody, makeContext, loadOrderPage,
                  fakeChecker, plain, runScript, Element, ORDER_PAGES};
