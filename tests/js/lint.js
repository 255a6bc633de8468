// eslint (Debian's, `make deps`) over every script of src/web/assets/ and
// tests/js/ with the project's .eslintrc.json, then over each order page's
// script as the page carries it (its parts in one closure, page_parts.js),
// where a name one part uses and no part declares is found. Exits 1 on any
// problem, or when eslint is missing.
'use strict';
const fs = require('fs');
const path = require('path');
const {spawnSync} = require('child_process');
const parts = require('./page_parts');

const root = path.join(__dirname, '..', '..');
const eslint = ['/usr/bin/eslint', '/usr/local/bin/eslint'].find((p) => fs.existsSync(p));
if (!eslint) {
  console.log('eslint is missing: run `make deps` (eslint)');
  process.exit(1);
}
// Debian's eslint finds its modules where Debian's node looks (/usr/share/nodejs);
// another node is told.
const env = Object.assign({}, process.env, {
  NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(path.delimiter),
});
const list = (dir) => fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.js'))
  .sort().map((f) => path.join(dir, f));
const files = list('src/web/assets').concat(list('tests/js'));

function run(args, input) {
  const r = spawnSync(eslint, ['--no-eslintrc', '-c', '.eslintrc.json', '-f', 'unix'].concat(args),
                      {cwd: root, env: env, input: input, encoding: 'utf8'});
  process.stdout.write(r.stdout || '');
  process.stderr.write(r.stderr || '');
  return r.status;
}

let failed = run(files) !== 0;
for (const page of Object.keys(parts.ORDER_PAGES)) {
  const name = 'order_page_' + page + '.assembled.js';
  if (run(['--stdin', '--stdin-filename', name], parts.orderPageScript(page)) !== 0) failed = true;
}
console.log(failed ? 'eslint found problems' :
  'eslint: ' + files.length + ' files and ' + Object.keys(parts.ORDER_PAGES).length +
  ' order page scripts, no problem');
process.exit(failed ? 1 : 0);
