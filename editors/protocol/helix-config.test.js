// editors/helix/languages.toml is what Helix users copy: it must parse, use
// Helix's own names for languages and features, send the server the
// settings the Helix replay (helix.test.js) was run with, and — as a
// [[language]] entry replaces Helix's default `language-servers` list — keep
// each language's default servers (testdata/helix-default-language-servers.json,
// transcribed from Helix's own languages.toml) with callcascade added, and no
// feature filter that would hide callcascade's call hierarchy.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { parse } = require('smol-toml');

const config = parse(fs.readFileSync(path.join(__dirname, '..', 'helix', 'languages.toml'), 'utf8'));
const helix = JSON.parse(fs.readFileSync(path.join(__dirname, 'testdata', 'helix-default-language-servers.json'), 'utf8'));

const serverName = (entry) => (typeof entry === 'string' ? entry : entry.name);

test('languages.toml starts callcascade serve with the replayed settings', () => {
  const server = config['language-server'].callcascade;
  assert.equal(server.command, 'callcascade');
  assert.deepEqual(server.args, ['serve']);
  const replayed = JSON.parse(fs.readFileSync(path.join(__dirname, 'testdata', 'helix-initialize.json'), 'utf8'));
  assert.deepEqual({ ...server.config }, replayed.params.initializationOptions);
  assert.ok(!JSON.stringify(server).toLowerCase().includes('password'), 'no password in the file');
  // Only callcascade is defined here: the other servers are Helix's own.
  assert.deepEqual(Object.keys(config['language-server']), ['callcascade']);
});

test('every supported language keeps Helix\'s default servers, in order, and adds callcascade', () => {
  const defaults = helix.releases[helix.shipped_for];
  const names = config.language.map((l) => l.name).sort();
  // Helix's names for the languages callcascade indexes.
  assert.deepEqual(names, Object.keys(defaults).sort());
  for (const lang of config.language) {
    // Nothing else of Helix's language entry is overridden.
    assert.deepEqual(Object.keys(lang).sort(), ['language-servers', 'name'], `${lang.name}: only its language-servers are set`);
    const entries = lang['language-servers'];
    const servers = entries.map(serverName);
    assert.equal(servers.filter((s) => s === 'callcascade').length, 1, `${lang.name} lists callcascade once`);
    assert.deepEqual(servers.filter((s) => s !== 'callcascade'), defaults[lang.name],
      `${lang.name}: Helix ${helix.shipped_for}'s default servers, unchanged and in order`);
    assert.equal(servers[servers.length - 1], 'callcascade', `${lang.name}: callcascade comes after the defaults`);
  }
});

test('no feature filter hides anything, and every feature name would parse in Helix', () => {
  // Helix rejects a whole languages.toml with an unknown feature name: only
  // names that the shipped-for release knows may appear.
  const known = new Set(helix.features[helix.shipped_for]);
  for (const lang of config.language) {
    for (const entry of lang['language-servers']) {
      if (typeof entry === 'string') {
        continue;
      }
      for (const key of ['only-features', 'except-features']) {
        for (const f of entry[key] || []) {
          assert.ok(known.has(f), `${lang.name}: ${f} is a Helix ${helix.shipped_for} feature name`);
        }
      }
      if (entry.name === 'callcascade') {
        assert.equal(entry['only-features'], undefined, `${lang.name}: only-features on callcascade would hide its call hierarchy`);
        assert.ok(!(entry['except-features'] || []).includes('call-hierarchy'), `${lang.name}: call-hierarchy is not excluded`);
      }
    }
  }
});
