// @ts-check
'use strict';

// Where the callcascade binary is: callcascade.serverPath, else the
// deprecated callcascade.path, else `callcascade` on PATH. Kept apart from
// the vscode module so that it can be tested with plain node.

const fs = require('fs');
const path = require('path');

const INSTALL_COMMAND = 'go install github.com/callcascade/callcascade@latest';

/**
 * The configured command: serverPath when set (at any level), else the old
 * path setting when set, else "callcascade".
 * @param {(key: string) => unknown} setting a setting's value (both default to empty)
 * @returns {{ command: string, from: string }}
 */
function configuredCommand(setting) {
  const serverPath = setting('serverPath');
  if (typeof serverPath === 'string' && serverPath.trim() !== '') {
    return { command: expandHome(serverPath.trim()), from: 'callcascade.serverPath' };
  }
  const old = setting('path');
  if (typeof old === 'string' && old.trim() !== '') {
    return { command: expandHome(old.trim()), from: 'callcascade.path' };
  }
  return { command: 'callcascade', from: '' };
}

/** @param {string} p */
function expandHome(p) {
  if (p === '~' || p.startsWith('~/')) {
    return path.join(process.env.HOME || '', p.slice(1));
  }
  return p;
}

/**
 * The executable a command names: a path is checked as it is, a bare name
 * is looked up on PATH. Undefined when there is none.
 * @param {string} command
 * @param {string | undefined} pathEnv
 * @returns {string | undefined}
 */
function findExecutable(command, pathEnv = process.env.PATH) {
  const isExecutable = (/** @type {string} */ file) => {
    try {
      const st = fs.statSync(file);
      if (!st.isFile()) {
        return false;
      }
      fs.accessSync(file, process.platform === 'win32' ? fs.constants.F_OK : fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (command.includes('/') || command.includes(path.sep)) {
    return isExecutable(command) ? command : undefined;
  }
  const exts = process.platform === 'win32' ? ['', '.exe', '.cmd', '.bat'] : [''];
  for (const dir of (pathEnv || '').split(path.delimiter)) {
    if (!dir) {
      continue;
    }
    for (const ext of exts) {
      const file = path.join(dir, command + ext);
      if (isExecutable(file)) {
        return file;
      }
    }
  }
  return undefined;
}

/**
 * What to tell a user whose binary is missing.
 * @param {{ command: string, from: string }} configured
 */
function missingServerMessage(configured) {
  const where = configured.from
    ? `"${configured.command}" (from ${configured.from}) is not an executable file`
    : '"callcascade" is not on PATH';
  return `callcascade: the server binary was not found: ${where}. Install it with \`${INSTALL_COMMAND}\` ` +
    '(Go 1.26+ and gcc), or set callcascade.serverPath to the binary.';
}

module.exports = { configuredCommand, findExecutable, missingServerMessage, INSTALL_COMMAND };
