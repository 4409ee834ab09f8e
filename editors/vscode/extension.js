// @ts-check
'use strict';

// The callcascade extension: starts `callcascade serve` over stdio through
// vscode-languageclient, so VS Code's own call hierarchy view, diagnostics
// and quick fixes talk to it; adds commands for the server's workspace
// commands, a status-bar item that says when the server is indexing or
// answers are degraded, and a caller-tree picture (picture.js). esbuild
// bundles it into dist/extension.js (esbuild.mjs).

const vscode = require('vscode');
const { LanguageClient, ExecuteCommandRequest, State } = require('vscode-languageclient/node');
const { configuredCommand, findExecutable, missingServerMessage, INSTALL_COMMAND } = require('./server-path');
const { showCallerTree } = require('./picture');

const LANGUAGES = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact', 'python', 'go', 'java'];
const SECRET_NEO4J_PASSWORD = 'callcascade.neo4jPassword';
const DIAGNOSTIC_SOURCE = 'callcascade';

// Settings the server reads, under the same names, from initializationOptions
// and workspace/configuration; the others are the extension's own.
const SERVER_SETTINGS = [
  'backend', 'neo4jUri', 'repoId', 'graphTimeoutMs', 'grepTimeoutMs',
  'keywordTimeoutMs', 'budgetMs', 'exclude', 'maxFileSize',
];

/** @type {LanguageClient | undefined} */
let client;
/** @type {vscode.StatusBarItem} */
let statusItem;
/** @type {vscode.OutputChannel} */
let output;
/** @type {NodeJS.Timeout | undefined} */
let pollTimer;
/** The last callcascade.status answer, for the status bar. */
let lastStatus;
/** The server's $/progress reports still open (indexing), by token. */
const progress = new Map();
/** The configured binary when it was not found: the status bar says so. */
let missingServer;
/** The environment the server runs in (and the command line, for pictures). */
let serverEnv = process.env;

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  output = vscode.window.createOutputChannel('callcascade');
  statusItem = vscode.window.createStatusBarItem('callcascade.status', vscode.StatusBarAlignment.Left, 10);
  statusItem.name = 'callcascade';
  statusItem.command = 'callcascade.showStatus';
  context.subscriptions.push(output, statusItem);

  const register = (id, fn) => context.subscriptions.push(vscode.commands.registerCommand(id, fn));
  register('callcascade.reindexWorkspace', reindex);
  register('callcascade.showStatus', showStatus);
  register('callcascade.findCallersJson', findCallersJson);
  register('callcascade.showCallerTree', () => callerTree(context));
  register('callcascade.restartServer', () => restart(context));
  register('callcascade.setNeo4jPassword', async () => {
    const password = await vscode.window.showInputBox({
      prompt: 'Neo4j password for callcascade (kept in VS Code\'s secret storage)',
      password: true,
      ignoreFocusOut: true,
    });
    if (password === undefined) {
      return;
    }
    await context.secrets.store(SECRET_NEO4J_PASSWORD, password);
    await restart(context);
  });
  register('callcascade.clearNeo4jPassword', async () => {
    await context.secrets.delete(SECRET_NEO4J_PASSWORD);
    await restart(context);
  });

  context.subscriptions.push(
    vscode.languages.onDidChangeDiagnostics(() => updateStatusItem()),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('callcascade.serverPath') || e.affectsConfiguration('callcascade.path') ||
          e.affectsConfiguration('callcascade.neo4jUser') || e.affectsConfiguration('callcascade.neo4jUri') ||
          e.affectsConfiguration('callcascade.trace.server')) {
        await restart(context); // these reach the server only at start
      } else if (e.affectsConfiguration('callcascade')) {
        schedulePoll(); // the server pulls the rest itself
      }
    }),
    { dispose: () => clearInterval(pollTimer) },
  );

  await start(context);
}

/** @param {vscode.ExtensionContext} context */
async function start(context) {
  const config = vscode.workspace.getConfiguration('callcascade');
  const env = { ...process.env };
  // The password comes from secret storage, else from the environment VS Code
  // was started with; never from a setting.
  const password = await context.secrets.get(SECRET_NEO4J_PASSWORD);
  if (password) {
    env.CALLCASCADE_NEO4J_PASSWORD = password;
  }
  const user = config.get('neo4jUser');
  if (user) {
    env.CALLCASCADE_NEO4J_USER = String(user);
  }
  const uri = config.get('neo4jUri');
  if (uri) {
    env.CALLCASCADE_NEO4J_URI = String(uri);
  }
  serverEnv = env;
  const configured = configuredCommand((key) => config.get(key));
  const command = findExecutable(configured.command);
  if (!command) {
    missingServer = configured;
    output.appendLine(missingServerMessage(configured));
    notifyMissingServer(configured);
    updateStatusItem();
    return;
  }
  missingServer = undefined;
  if (configured.from === 'callcascade.path') {
    output.appendLine('callcascade.path is deprecated: it still works, but set callcascade.serverPath instead.');
  }

  /** @type {import('vscode-languageclient/node').ServerOptions} */
  const serverOptions = { command, args: ['serve'], options: { env } };
  /** @type {import('vscode-languageclient/node').LanguageClientOptions} */
  const clientOptions = {
    documentSelector: LANGUAGES.map((language) => ({ scheme: 'file', language })),
    initializationOptions: serverSettings(config),
    synchronize: { configurationSection: 'callcascade' },
    outputChannel: output,
    middleware: {
      // What the server's commands answer is shown to the user here: the
      // language client alone would drop it.
      executeCommand: async (cmd, args, next) => {
        const result = await next(cmd, args);
        await showCommandResult(cmd, result);
        return result;
      },
      // Indexing is reported with $/progress: VS Code shows it in its own
      // progress area, and the status-bar item says "indexing" meanwhile.
      handleWorkDoneProgress: (token, params, next) => {
        if (params.kind === 'end') {
          progress.delete(token);
        } else {
          progress.set(token, { ...(progress.get(token) || {}), ...params });
        }
        updateStatusItem();
        next(token, params);
      },
    },
  };
  client = new LanguageClient('callcascade', 'callcascade', serverOptions, clientOptions);
  client.onDidChangeState((e) => {
    if (e.newState === State.Stopped) {
      lastStatus = undefined;
      progress.clear();
    }
    updateStatusItem();
  });
  try {
    await client.start();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    vscode.window.showErrorMessage(
      `callcascade: could not start "${command} serve" (${message}). See the callcascade output; callcascade.serverPath names the binary.`,
      'Open settings',
    ).then((choice) => {
      if (choice) {
        vscode.commands.executeCommand('workbench.action.openSettings', 'callcascade.serverPath');
      }
    });
    updateStatusItem();
    return;
  }
  schedulePoll();
  updateStatusItem();
}

/**
 * Says, once per start, that the binary is missing and how to get it.
 * @param {{ command: string, from: string }} configured
 */
function notifyMissingServer(configured) {
  const message = missingServerMessage(configured);
  testHook('missingServer', { text: message });
  vscode.window.showErrorMessage(message, 'Copy install command', 'Set callcascade.serverPath').then(async (choice) => {
    if (choice === 'Copy install command') {
      await vscode.env.clipboard.writeText(INSTALL_COMMAND);
      vscode.window.showInformationMessage(`callcascade: "${INSTALL_COMMAND}" is on the clipboard; run it, then callcascade: Restart server.`);
    } else if (choice) {
      vscode.commands.executeCommand('workbench.action.openSettings', 'callcascade.serverPath');
    }
  });
}

/** @param {vscode.ExtensionContext} context */
async function callerTree(context) {
  const config = vscode.workspace.getConfiguration('callcascade');
  const configured = configuredCommand((key) => config.get(key));
  const command = findExecutable(configured.command);
  if (!command) {
    notifyMissingServer(configured);
    return;
  }
  const depth = Math.min(6, Math.max(1, Number(config.get('callerTreeDepth')) || 3));
  await showCallerTree(context, { command, env: serverEnv, depth, output, testHook });
}

/** @param {vscode.ExtensionContext} context */
async function restart(context) {
  clearInterval(pollTimer);
  if (client) {
    const old = client;
    client = undefined;
    await old.stop().catch(() => undefined);
  }
  await start(context);
}

/** @param {vscode.WorkspaceConfiguration} config */
function serverSettings(config) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const key of SERVER_SETTINGS) {
    const value = config.get(key);
    if (value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)) {
      out[key] = value;
    }
  }
  return out;
}

/** Runs one of the server's workspace commands. */
async function serverCommand(command, args = []) {
  if (!client || !client.isRunning()) {
    throw new Error('the callcascade server is not running');
  }
  return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args });
}

async function reindex() {
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'callcascade: re-indexing' },
    () => serverCommand('callcascade.reindex').then((r) => showCommandResult('callcascade.reindex', r)),
  ).then(undefined, (err) => vscode.window.showErrorMessage(`callcascade: re-index failed: ${err.message}`));
}

async function showStatus() {
  try {
    lastStatus = await serverCommand('callcascade.status');
    updateStatusItem();
    await openJSON(lastStatus);
  } catch (err) {
    vscode.window.showErrorMessage(`callcascade: status failed: ${err.message}`);
  }
}

async function findCallersJson() {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    vscode.window.showInformationMessage('callcascade: put the cursor on a function name first');
    return;
  }
  const args = [{
    uri: editor.document.uri.toString(),
    position: { line: editor.selection.active.line, character: editor.selection.active.character },
  }];
  try {
    const result = await serverCommand('callcascade.findCallers', args);
    testHook('command', { command: 'callcascade.findCallersJson', result });
    await openJSON(result);
  } catch (err) {
    vscode.window.showErrorMessage(`callcascade: find callers failed: ${err.message}`);
  }
}

async function openJSON(value) {
  const doc = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(value, null, 2) });
  await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
}

/** Shows what a server command answered, as fits the command. */
async function showCommandResult(command, result) {
  testHook('command', { command, result });
  switch (command) {
    case 'callcascade.reindex': {
      const list = Array.isArray(result) ? result : [];
      const files = list.reduce((n, r) => n + (r.files || 0), 0);
      const parsed = list.reduce((n, r) => n + (r.parsed || 0), 0);
      const failed = list.filter((r) => r.error).map((r) => `${r.root}: ${r.error}`);
      if (failed.length) {
        vscode.window.showErrorMessage(`callcascade: re-index failed for ${failed.join('; ')}`);
      } else {
        vscode.window.showInformationMessage(`callcascade: re-indexed ${files} files (${parsed} parsed)`);
      }
      break;
    }
    case 'callcascade.copyReport':
      await vscode.env.clipboard.writeText(JSON.stringify(result, null, 2));
      vscode.window.showInformationMessage('callcascade: the JSON report is on the clipboard');
      break;
    case 'callcascade.findCallers':
    case 'callcascade.showGrepMatches':
    case 'callcascade.status':
      await openJSON(result);
      break;
    default:
      break; // openLocation: the server opens the file itself (window/showDocument)
  }
  if (command === 'callcascade.status') {
    lastStatus = result;
    updateStatusItem();
  }
}

function schedulePoll() {
  clearInterval(pollTimer);
  const seconds = Number(vscode.workspace.getConfiguration('callcascade').get('statusPollSeconds')) || 0;
  pollStatus();
  if (seconds > 0) {
    pollTimer = setInterval(pollStatus, seconds * 1000);
  }
}

async function pollStatus() {
  if (!client || !client.isRunning()) {
    return;
  }
  try {
    lastStatus = await serverCommand('callcascade.status');
  } catch (err) {
    output.appendLine(`status poll failed: ${err.message}`);
  }
  updateStatusItem();
}

/** The callcascade diagnostics open in the editor, by severity. */
function degradedAnswers() {
  let warnings = 0;
  let infos = 0;
  for (const [, diagnostics] of vscode.languages.getDiagnostics()) {
    for (const d of diagnostics) {
      if (d.source !== DIAGNOSTIC_SOURCE) {
        continue;
      }
      if (d.severity === vscode.DiagnosticSeverity.Warning) {
        warnings++;
      } else {
        infos++;
      }
    }
  }
  return { warnings, infos };
}

/** The breakers the last status answer reported as not closed. */
function openBreakers() {
  const breakers = (lastStatus && Array.isArray(lastStatus.breakers)) ? lastStatus.breakers : [];
  return breakers.filter((b) => b.state && b.state !== 'closed');
}

function updateStatusItem() {
  if (!statusItem) {
    return;
  }
  const running = client && client.isRunning();
  const { warnings, infos } = degradedAnswers();
  const breakers = openBreakers();
  const tooltip = new vscode.MarkdownString(undefined, true);
  const indexing = [...progress.values()];
  if (missingServer) {
    statusItem.text = '$(circle-slash) callcascade: server not found';
    statusItem.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
    tooltip.appendMarkdown(`The callcascade binary was not found. Install it with \`${INSTALL_COMMAND}\`, or set **callcascade.serverPath**, then run **callcascade: Restart server**.`);
  } else if (!running) {
    statusItem.text = '$(circle-slash) callcascade';
    statusItem.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
    tooltip.appendMarkdown('The callcascade server is not running. See the **callcascade** output.');
  } else if (indexing.length > 0) {
    const p = indexing[0];
    const detail = p.message || (typeof p.percentage === 'number' ? `${p.percentage}%` : '');
    statusItem.text = `$(sync~spin) callcascade: indexing${detail ? ` ${detail}` : ''}`;
    statusItem.backgroundColor = undefined;
    tooltip.appendMarkdown(`${p.title || 'callcascade: indexing'}: answers come from what is indexed so far and from the fallback stages.`);
  } else if (breakers.length > 0) {
    statusItem.text = `$(error) callcascade: ${breakers.length === 1 ? 'breaker' : `${breakers.length} breakers`} ${breakers[0].state}`;
    statusItem.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
    tooltip.appendMarkdown(breakers.map((b) => `- ${b.backend} for \`${b.repo}\`: **${b.state}**`).join('\n'));
    tooltip.appendMarkdown('\n\nAnswers come from the next stages until the backend recovers.');
  } else if (warnings + infos > 0) {
    const parts = [];
    if (warnings) {
      parts.push(`${warnings} not found`);
    }
    if (infos) {
      parts.push(`${infos} from fallbacks`);
    }
    statusItem.text = `$(warning) callcascade: ${parts.join(', ')}`;
    statusItem.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    tooltip.appendMarkdown('Some call hierarchy answers did not come from the code graph: see the Problems view and its quick fixes.');
  } else {
    statusItem.text = '$(type-hierarchy-sub) callcascade';
    statusItem.backgroundColor = undefined;
    tooltip.appendMarkdown('callcascade: answers come from the code graph.');
  }
  tooltip.appendMarkdown('\n\nClick for the server\'s status.');
  statusItem.tooltip = tooltip;
  statusItem.show();
  testHook('status', { text: statusItem.text });
}

// End-to-end tests (editors/vscode/test) read what the extension showed from
// a file named by CALLCASCADE_VSCODE_TEST_LOG; without it this does nothing.
function testHook(kind, value) {
  const file = process.env.CALLCASCADE_VSCODE_TEST_LOG;
  if (!file) {
    return;
  }
  try {
    require('fs').appendFileSync(file, JSON.stringify({ kind, ...value }) + '\n');
  } catch (err) {
    output.appendLine(`test log: ${err.message}`);
  }
}

async function deactivate() {
  clearInterval(pollTimer);
  if (client) {
    await client.stop();
  }
}

module.exports = { activate, deactivate };
