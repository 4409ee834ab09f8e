// The VS Code extension's choice of server binary (editors/vscode/
// server-path.js): callcascade.serverPath, else the deprecated
// callcascade.path, else callcascade on PATH; and what a user whose binary is
// missing is told.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { configuredCommand, findExecutable, missingServerMessage } = require('../vscode/server-path');

function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-server-path-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function executable(dir, name, mode = 0o755) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, '#!/bin/sh\n', { mode });
  return file;
}

test('serverPath wins over the deprecated path setting, which still works alone', () => {
  const settings = (values) => (key) => values[key];
  assert.deepEqual(configuredCommand(settings({ serverPath: '/opt/cc/callcascade', path: '/old/callcascade' })),
    { command: '/opt/cc/callcascade', from: 'callcascade.serverPath' });
  assert.deepEqual(configuredCommand(settings({ path: '/old/callcascade' })),
    { command: '/old/callcascade', from: 'callcascade.path' });
  assert.deepEqual(configuredCommand(settings({ serverPath: '  ', path: '' })), { command: 'callcascade', from: '' });
  assert.deepEqual(configuredCommand(settings({})), { command: 'callcascade', from: '' });
});

test('a bare name is looked up on PATH; a path must be an executable file', (t) => {
  const a = tempDir(t);
  const b = tempDir(t);
  executable(a, 'callcascade', 0o644); // not executable: skipped
  const good = executable(b, 'callcascade');
  assert.equal(findExecutable('callcascade', [a, b].join(path.delimiter)), good);
  assert.equal(findExecutable('callcascade', a), undefined);
  assert.equal(findExecutable(good, ''), good);
  assert.equal(findExecutable(path.join(a, 'callcascade'), ''), undefined);
  assert.equal(findExecutable(b, ''), undefined, 'a folder is not the binary');
  assert.equal(findExecutable(path.join(a, 'missing', 'callcascade'), ''), undefined);
});

test('the message for a missing binary gives the install command and the setting', () => {
  const onPath = missingServerMessage({ command: 'callcascade', from: '' });
  assert.match(onPath, /"callcascade" is not on PATH/);
  assert.match(onPath, /go install github\.com\/callcascade\/callcascade@latest/);
  assert.match(onPath, /callcascade\.serverPath/);
  const set = missingServerMessage({ command: '/opt/cc/callcascade', from: 'callcascade.path' });
  assert.match(set, /"\/opt\/cc\/callcascade" \(from callcascade\.path\)/);
});
