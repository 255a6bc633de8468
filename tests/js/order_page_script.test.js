// The order pages' scripts the tests here run (page_parts.js) are the ones
// the pages carry: the script of a hex game's page and of a table game's,
// written by `adjutant view --orders` (ctest gives the program in ADJUTANT),
// is the parts of src/web/assets/ assembled as page_parts.js assembles them.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const {spawnSync} = require('child_process');
const {orderPageScript, pagePart} = require('./page_parts');

const root = path.join(__dirname, '..', '..');
const adjutant = process.env.ADJUTANT;
const skip = adjutant ? false : 'ADJUTANT names no program (ctest gives it)';

// The page `view --orders` writes for `side` of a copy of the sample
// cut after its first `lines` log lines (all of them when 0); null when the
// program carries no checker, so writes no order page.
function orderPage(sample, lines, side) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adjutant-js-'));
  try {
    const game = path.join(dir, sample);
    fs.cpSync(path.join(root, 'samples', 'games', sample), game, {recursive: true});
    if (lines) {
      const log = fs.readFileSync(path.join(game, 'log.jsonl'), 'utf8').split('\n');
      fs.writeFileSync(path.join(game, 'log.jsonl'), log.slice(0, lines).join('\n') + '\n');
    }
    const out = path.join(dir, 'page');
    const r = spawnSync(adjutant, ['view', game, '--orders', '--side', side, '--out', out],
                        {encoding: 'utf8', env: Object.assign({}, process.env, {ADJUTANT_SECRETS: path.join(dir, 's')})});
    if (r.status === 4 && /view\.no_order_page/.test(r.stderr)) return null;
    assert.strictEqual(r.status, 0, r.stderr);
    const files = fs.readdirSync(out).filter((f) => f.endsWith('.html'));
    assert.strictEqual(files.length, 1, files.join(' '));
    return fs.readFileSync(path.join(out, files[0]), 'utf8');
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}

// The text of the page's last <script> element: its own script.
function lastScript(html) {
  const open = html.lastIndexOf('<script>'), close = html.lastIndexOf('</script>');
  return html.slice(open + '<script>'.length, close);
}

for (const [page, sample, lines, side] of [['hex', 'skirmish-noumpire', 0, 'confederate'],
                                          ['table', 'chaos-meeting-bot', 1, 'union']]) {
  test('the ' + page + " order page carries the script its parts make", {skip: skip}, (t) => {
    const html = orderPage(sample, lines, side);
    if (html === null) return t.skip('built without emscripten: no order page');
    assert.strictEqual(lastScript(html), orderPageScript(page));
    // The parts' opening comments are not in the page; the panel and style are.
    assert.ok(!html.includes('// What both order pages\' scripts share'));
    const panel = page === 'hex' ? 'order_page_panel.html' : 'order_page_table_panel.html';
    assert.ok(html.includes(pagePart(panel) + pagePart('order_page_panel_end.html')));
    assert.ok(html.includes('<style>\n' + pagePart('order_page.css')));
  });
}
