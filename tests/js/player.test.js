// The player page's parts that keep no state (src/web/assets/player_parts.js,
// window.adjutantPlay.parts), run in node: the zip it exports a game in, the
// MIME parts of a saved mail, the signed file a player drops, the next
// page's skeleton filled in and text escaped for HTML.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const {spawnSync} = require('child_process');
const {makeContext, runScript, plain} = require('./page_parts');

// The page as it starts in a browser without DecompressionStream: it says
// so and goes no further; its parts are there.
function load() {
  const data = {side: 'union', mode: 'game', name: 'ely', title: 'Ely: union'};
  const context = makeContext({'play-data': JSON.stringify(data), 'play-markup': ''});
  runScript(context, 'webcrypto.js');
  runScript(context, 'player_parts.js');
  runScript(context, 'player_map.js');
  runScript(context, 'player.js');
  assert.strictEqual(context.document.body.getAttribute('data-ready'), 'unsupported');
  return context.window.adjutantPlay.parts;
}

const parts = load();
const bytes = (text) => new TextEncoder().encode(text);

test('CRC-32 of the zip format (the check value of "123456789")', () => {
  assert.strictEqual(parts.crc32(bytes('123456789')), 0xcbf43926);
  assert.strictEqual(parts.crc32(bytes('')), 0);
  assert.strictEqual(parts.crc32(bytes('a')), 0xe8b7be43);
  // Unsigned, also where the top bit is set.
  assert.strictEqual(parts.crc32(bytes('The quick brown fox jumps over the lazy dog')), 0x414fa339);
});

test("the export's zip opens in Python's zipfile with every file's name and bytes", () => {
  const files = {'game.json': '{"name": "ely"}\n', 'log.jsonl': 'line one\nline two\n',
                 'turns/turn-01.txt': 'Turn 1: the Union moves\n', 'empty.txt': '',
                 'accents/Chancellorsville é.txt': 'Jackson’s flank\n'};
  const zip = parts.zip(files);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adjutant-zip-'));
  try {
    const file = path.join(dir, 'game.zip');
    fs.writeFileSync(file, Buffer.from(zip));
    const read = spawnSync('/usr/bin/python3', ['-c', [
      'import json, sys, zipfile',
      'z = zipfile.ZipFile(sys.argv[1])',
      'assert z.testzip() is None',
      'print(json.dumps({i.filename: z.read(i).decode("utf-8") for i in z.infolist()}))',
    ].join('\n'), file], {encoding: 'utf8'});
    assert.strictEqual(read.status, 0, read.stderr);
    assert.deepStrictEqual(JSON.parse(read.stdout), files);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

const MAIL = [
  'From: Umpire <umpire@example.org>',
  'Subject: ely: turn 2',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed;',
  ' boundary="outer"',
  '',
  'preamble',
  '--outer',
  'Content-Type: multipart/alternative; boundary=inner',
  '',
  '--inner',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Turn 2 is adjudicated: odds 2=3D1 =',
  'and more.',
  '--inner--',
  '--outer',
  'Content-Type: application/json; name="orders.signed.json"',
  'Content-Disposition: attachment; filename="orders.signed.json"',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('{"payload": "x"}\n').toString('base64'),
  '--outer--',
  '',
].join('\r\n');

test("a saved mail's leaf parts: name, type and decoded text, through nested multiparts", () => {
  const found = plain(parts.mimeParts(MAIL));
  assert.deepStrictEqual(found, [
    {name: '', type: 'text/plain', text: 'Turn 2 is adjudicated: odds 2=1 and more.\r\n'},
    {name: 'orders.signed.json', type: 'application/json', text: '{"payload": "x"}\n'},
  ]);
  // A message of one part, no MIME headers: its body as plain text.
  assert.deepStrictEqual(plain(parts.mimeParts('Subject: hi\n\nhello\n')),
                         [{name: '', type: 'text/plain', text: 'hello\n'}]);
  assert.deepStrictEqual(plain(parts.mimeParts('no headers and no body')), []);
});

test('a signed file dropped as JSON, or as the mail that attaches it', () => {
  assert.deepStrictEqual(plain(parts.signedFile('  {"payload": "y"}\n')), {payload: 'y'});
  assert.deepStrictEqual(plain(parts.signedFile(MAIL)), {payload: 'x'});
  assert.throws(() => parts.signedFile('Subject: nothing\n\njust words\n'), /no signed file in it/);
});

test("the next page's skeleton: each {{name}} filled once, what is put in never read again", () => {
  assert.strictEqual(parts.fill('<p>{{a}} and {{b}}</p>', {a: '{{b}}', b: 'B'}), '<p>{{b}} and B</p>');
  assert.strictEqual(parts.fill('{{missing}} {{a}}', {a: '$&'}), '{{missing}} $&');
  // Only the skeleton's own names: not those of the object's prototype.
  assert.strictEqual(parts.fill('{{toString}}', {}), '{{toString}}');
});

test('text escaped for HTML', () => {
  assert.strictEqual(parts.escapeHtml('<a href="x">Tom & Jerry\'s</a>'),
                     '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  assert.strictEqual(parts.escapeHtml(42), '42');
});
