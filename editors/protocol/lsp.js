// Helpers for the protocol replay tests: the built server on a child
// process's stdio, spoken to with vscode-languageserver-protocol (the
// protocol library VS Code's own client is built on), answering the
// server's requests the way the replayed editor does.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const rpc = require('vscode-languageserver-protocol/node');

/** A copy of testdata/<name> in a temp folder (the server may write there), removed after the test. */
function copyFixture(t, name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'callcascade-protocol-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const ws = path.join(dir, name);
  fs.cpSync(path.join(process.env.CC_TESTDATA, name), ws, { recursive: true });
  return fs.realpathSync(ws);
}

/** Writes a method nobody calls (its words appear nowhere else). */
function writeDeadFunction(ws) {
  const file = path.join(ws, 'src', 'reports', 'zebra-ledger.ts');
  fs.writeFileSync(file, 'export class ZebraLedger {\n  reconcileQuarterlyZebraLedger(): number {\n    return 0;\n  }\n}\n');
  return file;
}

/** The 0-based LSP position where needle starts in file (ASCII fixtures). */
function positionOf(file, needle) {
  const text = fs.readFileSync(file, 'utf8');
  const i = text.indexOf(needle);
  if (i < 0) {
    throw new Error(`${file} does not contain ${needle}`);
  }
  const before = text.slice(0, i);
  const line = before.split('\n').length - 1;
  return { line, character: i - (before.lastIndexOf('\n') + 1) };
}

const uri = (file) => pathToFileURL(file).href;

/**
 * Starts the server and returns the connection and what it has sent.
 * answers.configuration is what workspace/configuration returns per item.
 */
function startServer(t, answers = {}) {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'callcascade-cache-'));
  const child = spawn(process.env.CC_BIN, ['serve', '--log-level', 'debug'], {
    env: { ...process.env, XDG_CACHE_HOME: cache },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const conn = rpc.createProtocolConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
  const seen = {
    diagnostics: new Map(), // uri -> the last published list
    published: [], // every publishDiagnostics, in order
    progress: [],
    showMessage: [],
    showDocument: [],
    configurationRequests: [],
    workDoneProgressCreate: 0,
  };
  conn.onNotification(rpc.PublishDiagnosticsNotification.type, (p) => {
    seen.diagnostics.set(p.uri, p.diagnostics);
    seen.published.push(p);
  });
  conn.onNotification('$/progress', (p) => seen.progress.push(p.value));
  conn.onNotification(rpc.ShowMessageNotification.type, (p) => seen.showMessage.push(p));
  conn.onNotification(rpc.LogMessageNotification.type, () => undefined);
  conn.onRequest(rpc.WorkDoneProgressCreateRequest.type, () => {
    seen.workDoneProgressCreate++;
    return null;
  });
  conn.onRequest(rpc.ConfigurationRequest.type, (p) => {
    seen.configurationRequests.push(p);
    return p.items.map((item) => (answers.configuration ? answers.configuration(item) : null));
  });
  conn.onRequest(rpc.RegistrationRequest.type, () => null);
  conn.onRequest(rpc.ShowDocumentRequest.type, (p) => {
    seen.showDocument.push(p);
    return { success: true };
  });
  conn.onRequest(rpc.ApplyWorkspaceEditRequest.type, () => ({ applied: false }));
  conn.listen();

  t.after(async () => {
    try {
      await withTimeout(conn.sendRequest(rpc.ShutdownRequest.type), 3000, 'shutdown');
      await conn.sendNotification(rpc.ExitNotification.type);
    } catch {
      // the test already failed or the server died; it is killed below
    }
    conn.dispose();
    // The cache goes once the server has exited: removed while it still
    // closes its store, rmdir failed with ENOTEMPTY (seen under load).
    const exited = child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await withTimeout(exited, 5000, 'server exit').catch(() => undefined);
    fs.rmSync(cache, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });
  return { conn, seen, stderr: () => stderr, child };
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function until(what, fn, ms = 5000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn(); // fn may ask the server again
    if (v) {
      return v;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 20).unref());
  }
}

/** Reads an editor's recorded initialize params with its placeholders filled in. */
function initializeParams(fixture, ws) {
  const raw = fs.readFileSync(path.join(__dirname, 'testdata', fixture), 'utf8')
    .replaceAll('${WORKSPACE_URI}', uri(ws))
    .replaceAll('${WORKSPACE_NAME}', path.basename(ws))
    .replaceAll('${WORKSPACE}', ws)
    .replaceAll('"${PROCESS_ID}"', String(process.pid));
  return JSON.parse(raw).params;
}

function didOpen(conn, file, languageId = 'typescript') {
  return conn.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: uri(file), languageId, version: 1, text: fs.readFileSync(file, 'utf8') },
  });
}

function request(conn, type, params, what) {
  return withTimeout(conn.sendRequest(type, params), 10000, what || type.method);
}

module.exports = { rpc, copyFixture, writeDeadFunction, positionOf, uri, startServer, until, initializeParams, didOpen, request };
