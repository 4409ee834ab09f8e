// editors/helix/languages.toml is what Helix users copy: it must parse, use
// Helix's own names for languages and features, and send the server the
// settings the Helix replay (helix.test.js) was run with.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { parse } = require('smol-toml');

const config = parse(fs.readFileSync(path.join(__dirname, '..', 'helix', 'languages.toml'), 'utf8'));

// Feature names from helix-core's LanguageServerFeature; the ones Helix
// needs from callcascade.
const HELIX_FEATURES = new Set(['format', 'goto-declaration', 'goto-definition', 'goto-type-definition', 'goto-reference',
  'goto-implementation', 'signature-help', 'hover', 'document-highlight', 'completion', 'code-action', 'workspace-command',
  'document-symbols', 'workspace-symbols', 'diagnostics', 'pull-diagnostics', 'rename-symbol', 'inlay-hints', 'document-colors']);
const WANTED = ['code-action', 'diagnostics', 'workspace-command'];

test('languages.toml starts callcascade serve with the replayed settings', () => {
  const server = config['language-server'].callcascade;
  assert.equal(server.command, 'callcascade');
  assert.deepEqual(server.args, ['serve']);
  const replayed = JSON.parse(fs.readFileSync(path.join(__dirname, 'testdata', 'helix-initialize.json'), 'utf8'));
  assert.deepEqual({ ...server.config }, replayed.params.initializationOptions);
  assert.ok(!JSON.stringify(server).toLowerCase().includes('password'), 'no password in the file');
});

test('every supported language adds callcascade for diagnostics, code actions and commands only', () => {
  const names = config.language.map((l) => l.name).sort();
  // Helix's names for the languages callcascade indexes.
  assert.deepEqual(names, ['go', 'java', 'javascript', 'jsx', 'python', 'tsx', 'typescript']);
  for (const lang of config.language) {
    const entries = lang['language-servers'];
    assert.ok(typeof entries[0] === 'string' && entries[0] !== 'callcascade', `${lang.name}: its usual server stays first`);
    const cc = entries.find((e) => typeof e === 'object' && e.name === 'callcascade');
    assert.ok(cc, `${lang.name} lists callcascade`);
    for (const f of cc['only-features']) {
      assert.ok(HELIX_FEATURES.has(f), `${lang.name}: ${f} is a Helix feature name`);
    }
    assert.deepEqual([...cc['only-features']].sort(), WANTED, `${lang.name}: only ${WANTED.join(', ')}`);
  }
});
