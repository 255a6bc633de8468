// The player page's parts that keep no state (player.js; tests/js/
// player.test.js runs them in node): bytes in hex and base64url, the
// length-prefixed parts of a hashed message, text escaped for HTML, a saved
// mail's MIME parts and what a player drops (an order file, a card, the
// log lines a result mail brings), the next page's skeleton filled in, and
// the zip a game is exported in. Base64 is webcrypto.js's (AdjutantCrypto).
var AdjutantPlayParts = (function () {
  'use strict';
  var enc = new TextEncoder();

  // --- bytes -----------------------------------------------------------------

  function hex(bytes) {
    return Array.prototype.map.call(new Uint8Array(bytes), function (b) {
      return ('0' + b.toString(16)).slice(-2);
    }).join('');
  }
  function unhex(text) {
    var out = new Uint8Array(text.length / 2);
    for (var i = 0; i < out.length; i++) out[i] = parseInt(text.substr(2 * i, 2), 16);
    return out;
  }
  function b64url(bytes) {
    return AdjutantCrypto.toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function fromB64url(text) {
    var s = text.replace(/-/g, '+').replace(/_/g, '/');
    while (s.length % 4) s += '=';
    return AdjutantCrypto.fromBase64(s);
  }
  function concat(parts) {
    var n = 0;
    parts.forEach(function (p) { n += p.length; });
    var out = new Uint8Array(n), at = 0;
    parts.forEach(function (p) { out.set(p, at); at += p.length; });
    return out;
  }
  function u32(n) { return new Uint8Array([n >>> 24 & 255, n >>> 16 & 255, n >>> 8 & 255, n & 255]); }
  function lp(bytes) { return concat([u32(bytes.length), bytes]); }
  function escapeHtml(text) {
    return String(text).replace(/&/g, '&amp;').replace(/[<]/g, '&lt;').replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  }
  function wrap64(b) { return (b.match(/.{1,76}/g) || ['']).join('\r\n'); }

  // --- what a player drops ----------------------------------------------------

  // The parts of a saved mail: each leaf part's name, type and text.
  function mimeParts(text) {
    var out = [];
    function headers(block) {
      var h = {};
      block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/).forEach(function (l) {
        var i = l.indexOf(':');
        if (i > 0) h[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
      });
      return h;
    }
    function walk(part) {
      var cut = part.search(/\r?\n\r?\n/);
      if (cut < 0) return;
      var h = headers(part.slice(0, cut)), body = part.slice(cut).replace(/^\r?\n\r?\n/, '');
      var type = h['content-type'] || 'text/plain';
      var bm = /boundary="?([^";]+)"?/i.exec(type);
      if (/^multipart\//i.test(type) && bm) {
        body.split('--' + bm[1]).slice(1).forEach(function (p) { if (!/^--/.test(p)) walk(p.replace(/^\r?\n/, '')); });
        return;
      }
      var cte = (h['content-transfer-encoding'] || '').toLowerCase();
      if (cte === 'base64') body = new TextDecoder().decode(AdjutantCrypto.fromBase64(body.replace(/\s+/g, '')));
      else if (cte === 'quoted-printable') body = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, function (m, x) { return String.fromCharCode(parseInt(x, 16)); });
      var nm = /name="?([^";]+)"?/i.exec((h['content-disposition'] || '') + ';' + type);
      out.push({name: nm ? nm[1] : '', type: type.split(';')[0].toLowerCase(), text: body});
    }
    walk(text);
    return out;
  }
  // An order file or card from what a player dropped: the JSON itself, a
  // mail that attaches it, or an armored block (docs/protocol.md 2).
  function signedFile(text) {
    var t = text.trim();
    if (t.charAt(0) === '{') return JSON.parse(t);
    var armor = /-----BEGIN-ADJUTANT-SIGNED-JSON-----([\s\S]*?)-----END-ADJUTANT-SIGNED-JSON-----/.exec(text);
    var parts = mimeParts(text);
    for (var i = 0; i < parts.length; i++)
      if (/\.json$/.test(parts[i].name) && parts[i].text.trim().charAt(0) === '{') return JSON.parse(parts[i].text);
    if (armor) return JSON.parse(new TextDecoder().decode(fromB64url(armor[1].replace(/[^A-Za-z0-9_-]/g, ''))));
    throw new Error('no signed file in it');
  }
  // The log lines a result mail (or a page it carries) brings.
  function carriedLines(text) {
    if (/id="play-data"/.test(text)) return pageData(text).log;
    if (/^\{"body"/.test(text.trim())) return text;
    var parts = mimeParts(text), lines = '';
    parts.forEach(function (p) {
      if (/\.jsonl$/.test(p.name)) lines += p.text;
      else if (/\.html$/.test(p.name) && /id="play-data"/.test(p.text) && !lines) lines = pageData(p.text).log;
    });
    if (!lines) throw new Error('no log lines in it');
    return lines;
  }
  function pageData(html) {
    // The data itself, not the skeleton's {{data}} place for it.
    var m = /<script type="application\/json" id="play-data">(\{"[\s\S]*?)<\/script>/.exec(html);
    if (!m) throw new Error('not a player page');
    return JSON.parse(m[1]);
  }

  // --- the next page: this page's parts around new data --------------------

  function fill(skeleton, parts) {
    return skeleton.replace(/\{\{(\w+)\}\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(parts, name) ? parts[name] : all;
    });
  }

  // --- the export --------------------------------------------------------------

  var CRC = (function () {
    var t = new Uint32Array(256);
    for (var n = 0; n < 256; n++) { var c = n; for (var k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; t[n] = c >>> 0; }
    return t;
  })();
  function crc32(bytes) {
    var c = 0xffffffff;
    for (var i = 0; i < bytes.length; i++) c = CRC[(c ^ bytes[i]) & 255] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  }
  // A zip of stored files (no compression): what `adjutant verify` opens once unzipped.
  function zip(files) {
    var parts = [], central = [], offset = 0;
    function le(n, size) { var b = new Uint8Array(size); for (var i = 0; i < size; i++) b[i] = n >>> (8 * i) & 255; return b; }
    Object.keys(files).forEach(function (name) {
      var nm = enc.encode(name), body = enc.encode(files[name]), crc = crc32(body);
      var head = concat([le(0x04034b50, 4), le(20, 2), le(0x0800, 2), le(0, 2), le(0, 2), le(0x21, 2),
                         le(crc, 4), le(body.length, 4), le(body.length, 4), le(nm.length, 2), le(0, 2), nm]);
      central.push(concat([le(0x02014b50, 4), le(20, 2), le(20, 2), le(0x0800, 2), le(0, 2), le(0, 2), le(0x21, 2),
                           le(crc, 4), le(body.length, 4), le(body.length, 4), le(nm.length, 2), le(0, 2), le(0, 2),
                           le(0, 2), le(0, 2), le(0, 4), le(offset, 4), nm]));
      parts.push(head, body);
      offset += head.length + body.length;
    });
    var cd = concat(central);
    var end = concat([le(0x06054b50, 4), le(0, 2), le(0, 2), le(central.length, 2), le(central.length, 2),
                      le(cd.length, 4), le(offset, 4), le(0, 2)]);
    return concat(parts.concat([cd, end]));
  }

  return {hex: hex, unhex: unhex, b64url: b64url, fromB64url: fromB64url, concat: concat, u32: u32,
          lp: lp, escapeHtml: escapeHtml, wrap64: wrap64, mimeParts: mimeParts, signedFile: signedFile,
          carriedLines: carriedLines, pageData: pageData, fill: fill, crc32: crc32, zip: zip};
})();
