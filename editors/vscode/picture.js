// @ts-check
'use strict';

// "callcascade: Show caller tree": runs `callcascade callers --format
// mermaid` for the symbol at the cursor and shows the picture in a webview,
// drawn by the mermaid bundled in dist/picture-view.js.

const vscode = require('vscode');
const { spawn } = require('child_process');
const crypto = require('crypto');
const path = require('path');

/** @type {vscode.WebviewPanel | undefined} */
let panel;
/** The root the picture's file names are relative to. */
let pictureRoot = '';

/**
 * Runs the command line, with no standard input (a wrapper script that
 * reads it would wait forever); exit 1 ("none found") still prints a
 * picture.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => err.push(b));
    const timer = setTimeout(() => child.kill(), 120000);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signal) {
        reject(new Error(`${command} was stopped (${signal}) after 2 minutes`));
        return;
      }
      resolve({ code: code ?? 1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

/**
 * @param {vscode.ExtensionContext} context
 * @param {{ command: string, env: NodeJS.ProcessEnv, depth: number,
 *   output: vscode.OutputChannel, testHook: (kind: string, value: object) => void }} options
 */
async function showCallerTree(context, options) {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.scheme !== 'file') {
    vscode.window.showInformationMessage('callcascade: put the cursor on a function name in a saved file first');
    return;
  }
  const doc = editor.document;
  const pos = editor.selection.active;
  const folder = vscode.workspace.getWorkspaceFolder(doc.uri);
  const root = folder ? folder.uri.fsPath : path.dirname(doc.uri.fsPath);
  const wordRange = doc.getWordRangeAtPosition(pos);
  const name = wordRange ? doc.getText(wordRange) : `${path.basename(doc.uri.fsPath)}:${pos.line + 1}`;
  // FILE:LINE:COL, 1-based, the column in characters, as the CLI reads it.
  const target = `${doc.uri.fsPath}:${pos.line + 1}:${pos.character + 1}`;
  const args = ['callers', '--root', root, '--format', 'mermaid', '--depth', String(options.depth), target];
  options.output.appendLine(`callcascade ${args.join(' ')}`);

  let result;
  try {
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: `callcascade: drawing the callers of ${name}` },
      () => run(options.command, args, { cwd: root, env: options.env }),
    );
  } catch (err) {
    vscode.window.showErrorMessage(`callcascade: could not run "${options.command} callers": ${err instanceof Error ? err.message : err}`);
    return;
  }
  if (result.stderr) {
    options.output.appendLine(result.stderr.trimEnd());
  }
  options.testHook('callerTree', { code: result.code, mermaid: result.stdout });
  if (result.code > 1 || !result.stdout.trim()) {
    vscode.window.showErrorMessage(`callcascade: the caller tree failed: ${(result.stderr || `exit ${result.code}`).trim().split('\n').pop()}`);
    return;
  }

  const dist = vscode.Uri.joinPath(context.extensionUri, 'dist');
  if (!panel) {
    panel = vscode.window.createWebviewPanel('callcascade.callerTree', 'Caller tree', vscode.ViewColumn.Beside, {
      enableScripts: true,
      localResourceRoots: [dist],
    });
    panel.onDidDispose(() => { panel = undefined; }, null, context.subscriptions);
    panel.webview.onDidReceiveMessage((msg) => {
      options.testHook('picture', msg);
      if (msg && msg.type === 'error') {
        options.output.appendLine(`caller tree: ${msg.message}`);
      } else if (msg && msg.type === 'open') {
        openSymbol(pictureRoot, String(msg.file), Number(msg.line));
      }
    }, null, context.subscriptions);
  } else {
    panel.reveal(vscode.ViewColumn.Beside);
  }
  pictureRoot = root;
  panel.title = `Callers of ${name}`;
  const none = result.code === 1 ? 'No callers found: the picture shows the function alone.' : '';
  panel.webview.html = html(panel.webview, dist, `Callers of ${name}`, options.depth, result.stdout, none);
}

/**
 * Opens a box's file at its line, in the editor group left of the picture.
 * Only files under the root: the names come from the index of that root.
 * @param {string} root
 * @param {string} file relative to root
 * @param {number} line 1-based
 */
async function openSymbol(root, file, line) {
  const abs = path.resolve(root, file);
  if (path.relative(root, abs).startsWith('..') || !(line >= 1)) {
    return;
  }
  try {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs));
    const pos = new vscode.Position(line - 1, 0);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(pos, pos) });
  } catch (err) {
    vscode.window.showErrorMessage(`callcascade: could not open ${file}: ${err instanceof Error ? err.message : err}`);
  }
}

/**
 * @param {vscode.Webview} webview
 * @param {vscode.Uri} dist
 * @param {string} title
 * @param {number} depth
 * @param {string} source the Mermaid text
 * @param {string} note
 */
function html(webview, dist, title, depth, source, note) {
  const nonce = crypto.randomBytes(16).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(dist, 'picture-view.js'));
  // Scripts only with the nonce, nothing from the network; mermaid writes
  // its styles into the SVG, hence 'unsafe-inline' for styles alone.
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource} 'unsafe-inline'`,
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHTML(title)}</title>
<style>
  body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 1em; }
  h1 { font-size: 1.2em; font-weight: 600; }
  h1 small { font-weight: normal; opacity: .7; }
  #picture { overflow: auto; }
  .legend { opacity: .8; font-size: .9em; }
  pre { white-space: pre-wrap; font-family: var(--vscode-editor-font-family); }
</style>
</head>
<body>
<h1>${escapeHTML(title)} <small>${depth} level${depth === 1 ? '' : 's'} up</small></h1>
${note ? `<p>${escapeHTML(note)}</p>` : ''}
<div id="picture" aria-busy="true">Drawing…</div>
<p class="legend">Click a box to open its code. Plain arrows: direct calls. Thick labelled arrows: framework links (events, jobs, routes, registrations). Dashed: possible callers found by name or by a fallback stage.</p>
<details><summary>Mermaid source</summary><pre id="source">${escapeHTML(source)}</pre></details>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}

/** @param {string} s */
function escapeHTML(s) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c] || c));
}

module.exports = { showCallerTree };
