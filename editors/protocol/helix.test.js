// Replays what Helix sends for the features editors/helix/languages.toml
// gives callcascade (diagnostics, code-action, workspace-command): Helix has
// no call hierarchy, so callers are reached through the "Find callers (with
// fallbacks)" code action and :lsp-workspace-command. Helix drops what a
// command answers; what it shows is diagnostics and messages.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const {
  rpc, copyFixture, writeDeadFunction, positionOf, uri, startServer, until, initializeParams, didOpen, request,
} = require('./lsp');

// Helix asks for code actions on the primary selection: with the cursor on
// a name, a one-character range.
function cursorRange(pos) {
  return { start: pos, end: { line: pos.line, character: pos.character + 1 } };
}

// Helix sends the diagnostics of this server that overlap the selection.
function overlapping(diags, range) {
  return (diags || []).filter((d) => d.range.start.line <= range.end.line && d.range.end.line >= range.start.line &&
    d.range.start.character <= range.end.character && d.range.end.character >= range.start.character);
}

test('Helix: the Find callers code action and workspace commands, without call hierarchy', { timeout: 60000 }, async (t) => {
  const ws = copyFixture(t, 'nest-events');
  const dead = writeDeadFunction(ws);
  // Helix answers workspace/configuration from the server's `config`, one
  // key per section part: {graphTimeoutMs, budgetMs} has no "callcascade".
  const { conn, seen, stderr } = startServer(t, { configuration: () => null });
  t.after(() => {
    if (t.failed) {
      console.error(stderr());
    }
  });

  const init = await request(conn, rpc.InitializeRequest.type, initializeParams('helix-initialize.json', ws));
  const caps = init.capabilities;
  // Helix offers utf-8 first; a server that names none is read as utf-16,
  // which Helix also speaks.
  assert.ok([undefined, 'utf-8', 'utf-16', 'utf-32'].includes(caps.positionEncoding), `positionEncoding ${caps.positionEncoding}`);
  assert.ok(caps.codeActionProvider, 'code actions (Helix: space a)');
  for (const cmd of ['callcascade.reindex', 'callcascade.findCallers', 'callcascade.status']) {
    assert.ok(caps.executeCommandProvider.commands.includes(cmd), `:lsp-workspace-command lists ${cmd}`);
  }
  await conn.sendNotification(rpc.InitializedNotification.type, {});
  await conn.sendNotification(rpc.DidChangeConfigurationNotification.type, { settings: { graphTimeoutMs: 150, budgetMs: 500 } });
  await until('the first index to end ($/progress end)', () => seen.progress.some((v) => v.kind === 'end'), 15000);

  // space a on the dead function, before any diagnostic: "Find callers".
  await didOpen(conn, dead);
  const deadPos = positionOf(dead, 'reconcileQuarterlyZebraLedger');
  const first = await request(conn, rpc.CodeActionRequest.type, {
    textDocument: { uri: uri(dead) }, range: cursorRange(deadPos),
    context: { diagnostics: [], triggerKind: rpc.CodeActionTriggerKind.Invoked },
  });
  const find = first.find((a) => a.title === 'Find callers (with fallbacks): reconcileQuarterlyZebraLedger');
  assert.ok(find, `Find callers offered: ${JSON.stringify(first.map((a) => a.title))}`);
  assert.ok(find.command && !find.edit, 'a command Helix executes as is (no resolve needed)');
  await request(conn, rpc.ExecuteCommandRequest.type, { command: find.command.command, arguments: find.command.arguments });
  // What the Helix user sees: a Warning on the name.
  const diags = await until('the Warning Helix would show', () => {
    const list = seen.diagnostics.get(uri(dead));
    return list && list.length ? list : null;
  });
  assert.equal(diags.length, 1);
  assert.equal(diags[0].severity, rpc.DiagnosticSeverity.Warning);
  assert.equal(diags[0].source, 'callcascade');
  assert.equal(diags[0].code, 'no_callers');
  assert.deepEqual(diags[0].range.start, deadPos);

  // space a again: the diagnostic's quickfixes, sent back with their data.
  const range = cursorRange(deadPos);
  const second = await request(conn, rpc.CodeActionRequest.type, {
    textDocument: { uri: uri(dead) }, range,
    context: { diagnostics: overlapping(diags, range), triggerKind: rpc.CodeActionTriggerKind.Invoked },
  });
  const quickfixes = second.filter((a) => a.kind === 'quickfix');
  assert.deepEqual(quickfixes.map((a) => a.title), diags[0].data.suggestions.map((s) => s.title));
  const reindex = quickfixes.find((a) => a.command.command === 'callcascade.reindex');
  assert.ok(reindex, 'a re-index quick fix');
  const reindexed = await request(conn, rpc.ExecuteCommandRequest.type, { command: reindex.command.command, arguments: reindex.command.arguments });
  assert.ok(reindexed.some((r) => r.root === ws && r.files > 0), `re-indexed the workspace: ${JSON.stringify(reindexed)}`);

  // :lsp-workspace-command sends no arguments at all.
  const status = await request(conn, rpc.ExecuteCommandRequest.type, { command: 'callcascade.status' });
  assert.ok(status.workspaces.some((w) => w.root === ws));
  const all = await request(conn, rpc.ExecuteCommandRequest.type, { command: 'callcascade.reindex' });
  assert.ok(all.some((r) => r.root === ws));

  // Find callers on the event handler: a precise answer, so no diagnostic.
  const listener = `${ws}/src/reports/report.listener.ts`;
  await didOpen(conn, listener);
  const handlerPos = positionOf(listener, 'handleReportCreated(payload');
  const actions = await request(conn, rpc.CodeActionRequest.type, {
    textDocument: { uri: uri(listener) }, range: cursorRange(handlerPos),
    context: { diagnostics: [], triggerKind: rpc.CodeActionTriggerKind.Invoked },
  });
  const findHandler = actions.find((a) => a.title === 'Find callers (with fallbacks): handleReportCreated');
  assert.ok(findHandler, `Find callers on the handler: ${JSON.stringify(actions.map((a) => a.title))}`);
  const answer = await request(conn, rpc.ExecuteCommandRequest.type, { command: findHandler.command.command, arguments: findHandler.command.arguments });
  assert.ok(JSON.stringify(answer.calls).includes("via event 'report.created'"), `the publisher, through its event: ${JSON.stringify(answer.calls)}`);
  assert.equal((seen.diagnostics.get(uri(listener)) || []).length, 0, 'no diagnostic for a precise answer');
});
