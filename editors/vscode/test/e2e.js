// End-to-end run of the packaged extension in real VS Code (code-server),
// driven through Debian's Chromium with playwright-core, as a user would:
// open a file, Shift+Alt+H, read the "Callers of" tree, look at a
// diagnostic, pick a quick fix from Ctrl+. — with a screenshot of each step.
// It writes what it saw to $CC_ART/report.json; the Go test asserts.
//
// Environment: CC_CODE_SERVER, CC_VSIX, CC_BIN, CC_WS, CC_ART, CC_HOME,
// CC_TARGET (relative file), CC_TARGET_LINE/COL (1-based), CC_DEAD,
// CC_DEAD_LINE/COL, CC_ACTION (a regexp of the quick fix to choose),
// CC_TARGET_NAME, CC_DEAD_NAME (the functions' names), CC_EXPECT_CALLER (a
// caller name to wait for in the tree), CC_TREE_CALLER (a name the caller
// tree picture must show). playwright-core
// is found through NODE_PATH.
'use strict';

const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');

const env = process.env;
const art = env.CC_ART;
const report = { steps: [], errors: [], seconds: {} };
const started = Date.now();
let shot = 0;

function writeReport() {
  fs.writeFileSync(path.join(art, 'report.json'), JSON.stringify(report, null, 2));
}

function step(name, value) {
  report.steps.push(name);
  report.seconds[name] = (Date.now() - started) / 1000;
  if (value !== undefined) {
    report[name] = value;
  }
}

async function screenshot(page, name) {
  shot++;
  const file = path.join(art, `${String(shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file });
  (report.screenshots = report.screenshots || []).push(file);
}

// The server's stdin, as VS Code sent it, is kept so that the initialize
// params VS Code really sends can be replayed by the Node test.
function writeCaptureWrapper(dir) {
  const wrapper = path.join(dir, 'callcascade-capture.sh');
  // Both directions and the server's log are kept for failures too.
  // Other subcommands (callers, for the caller tree) run as they are.
  fs.writeFileSync(wrapper, '#!/bin/sh\n' +
    `if [ "$1" != serve ]; then exec "${env.CC_BIN}" "$@"; fi\n` +
    `tee "${path.join(art, 'client-to-server.jsonrpc')}" | "${env.CC_BIN}" "$@" --log-level debug 2>"${path.join(art, 'server.log')}" | tee "${path.join(art, 'server-to-client.jsonrpc')}"\n`,
  { mode: 0o755 });
  return wrapper;
}

function startCodeServer(userData, extensions, testLog) {
  const args = [
    '--auth', 'none', '--bind-addr', '127.0.0.1:0',
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--disable-getting-started-override', '--disable-proxy',
    '--user-data-dir', userData, '--extensions-dir', extensions,
    env.CC_WS,
  ];
  const child = spawn(env.CC_CODE_SERVER, args, {
    detached: true, // its own process group, killed whole at the end
    env: {
      ...process.env,
      HOME: env.CC_HOME,
      XDG_CONFIG_HOME: path.join(env.CC_HOME, '.config'),
      XDG_DATA_HOME: path.join(env.CC_HOME, '.local', 'share'),
      XDG_CACHE_HOME: path.join(env.CC_HOME, '.cache'),
      CALLCASCADE_VSCODE_TEST_LOG: testLog,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = fs.createWriteStream(path.join(art, 'code-server.log'));
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk) => {
      seen += chunk.toString();
      const m = seen.match(/HTTP server listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) {
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`code-server exited (${code}) before listening; see code-server.log`)));
  });
  return { child, url };
}

function testLogEntries(file) {
  if (!fs.existsSync(file)) {
    return [];
  }
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

async function until(what, fn, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) {
      return v;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function openFile(page, rel) {
  const tab = `.tab.active[aria-label*="${path.basename(rel)}"]`;
  // Quick open on a loaded machine sometimes takes the Enter before its
  // list has settled on the row, and opens nothing (a CI run at load 2 with
  // the race-built tests beside it): ask again, up to three times.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+P');
    await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
    await page.keyboard.press('Control+A');
    await page.keyboard.type(rel, { delay: 5 });
    // Wait for the result list to show the file before choosing it.
    await page.waitForSelector(`.quick-input-list .monaco-list-row[aria-label*="${path.basename(rel)}"]`);
    await page.keyboard.press('Enter');
    try {
      await page.waitForSelector(tab, { timeout: attempt < 3 ? 10000 : 30000 });
      break;
    } catch (err) {
      if (attempt >= 3) {
        throw err;
      }
      await page.keyboard.press('Escape');
    }
  }
  await page.waitForSelector('.monaco-editor.focused', { timeout: 10000 });
}

async function goTo(page, line, col) {
  await page.keyboard.press('Control+G');
  await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
  await page.keyboard.type(`${line}:${col}`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.quick-input-widget', { state: 'hidden' });
}

// runCommand runs a command from the palette (F1) by its title.
async function runCommand(page, title, rowLabel) {
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
  await page.keyboard.type(title, { delay: 5 });
  await page.waitForSelector(`.quick-input-list .monaco-list-row[aria-label*="${rowLabel}"]`);
  await page.keyboard.press('Enter');
}

// The call hierarchy opens in the References view ("REFERENCES: CALLERS
// OF") in the side bar: its first row is the function, the rows under it
// its callers.
const hierarchyRows = '.part.sidebar .monaco-list-row[role=treeitem]';

// prepareCallHierarchyRequests counts the prepare requests VS Code sent the
// server (the capture wrapper keeps them): an answer without one came from
// another provider (VS Code's own TypeScript features).
function prepareCallHierarchyRequests() {
  const file = path.join(art, 'client-to-server.jsonrpc');
  if (!fs.existsSync(file)) {
    return 0;
  }
  return (fs.readFileSync(file, 'utf8').match(/"method":"textDocument\/prepareCallHierarchy"/g) || []).length;
}

// showCallHierarchy presses Shift+Alt+H on the position and waits for the
// tree. When VS Code asked another provider (ours was not registered yet
// under load: the TypeScript extension's answered with no callers), it asks
// again from the same position, as a user would, up to three times; the Go
// test logs each extra press with what VS Code had sent.
async function showCallHierarchy(page, root, expectCaller, position) {
  const rows = page.locator(hierarchyRows);
  const shown = async () => {
    const texts = await rows.allInnerTexts();
    return texts.length > 0 && texts[0].includes(root) && (!expectCaller || texts.slice(1).some((t) => t.includes(expectCaller)));
  };
  for (let attempt = 1; ; attempt++) {
    const before = prepareCallHierarchyRequests();
    await page.keyboard.press('Shift+Alt+H');
    try {
      await until(`the call hierarchy of ${root}`, shown, attempt < 3 ? 10000 : 30000);
      return;
    } catch (err) {
      const sent = prepareCallHierarchyRequests() - before;
      (report.hierarchyRetries = report.hierarchyRetries || []).push({ root, attempt, prepareRequestsSent: sent });
      await screenshot(page, `no-call-hierarchy-${root}-${attempt}`);
      if (attempt >= 3 || !position) {
        throw err;
      }
      await page.keyboard.press('Control+1');
      await goTo(page, position.line, position.col);
    }
  }
}

// serverRunning waits for the status-bar item of a started client: before
// that VS Code has no callcascade provider to ask.
async function serverRunning(page) {
  await until('the callcascade server to run (status bar)', async () => {
    const shown = testLogEntries(path.join(art, 'extension-events.jsonl')).filter((e) => e.kind === 'status');
    return shown.length > 0 && !/circle-slash/.test(shown[shown.length - 1].text);
  }, 60000);
}

async function hierarchy(page) {
  const header = await page.locator('.part.sidebar .pane-header .title, .part.sidebar .composite.title .title-label').allInnerTexts();
  const rows = (await page.locator(hierarchyRows).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  return { header: header.map((t) => t.trim()), rows };
}

// widenSideBar drags the side bar's edge so the callers' details are not
// cut off in the screenshot.
async function widenSideBar(page, width) {
  const bar = await page.locator('.part.sidebar').boundingBox();
  if (!bar) {
    return;
  }
  const x = bar.x + bar.width;
  const y = bar.y + bar.height / 2;
  await page.mouse.move(x - 1, y);
  await page.mouse.down();
  await page.mouse.move(x + 40, y, { steps: 2 });
  await page.mouse.move(bar.x + width, y, { steps: 5 });
  await page.mouse.up();
}

async function main() {
  const work = fs.mkdtempSync(path.join(env.CC_HOME, 'vscode-'));
  const userData = path.join(work, 'user-data');
  const extensions = path.join(work, 'extensions');
  const testLog = path.join(art, 'extension-events.jsonl');
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify({
    'callcascade.serverPath': writeCaptureWrapper(work),
    'callcascade.statusPollSeconds': 2,
    // A team graph that is down (nothing listens on port 1): the embedded
    // store behind it answers, and after a few faults its breaker opens.
    'callcascade.backend': 'neo4j',
    'callcascade.neo4jUri': 'bolt://127.0.0.1:1',
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'security.workspace.trust.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'git.enabled': false,
    'chat.commandCenter.enabled': false,
    'editor.minimap.enabled': false,
    'editor.hover.enabled': false,
    'window.commandCenter': false,
  }, null, 2));

  const install = spawnSync(env.CC_CODE_SERVER, ['--user-data-dir', userData, '--extensions-dir', extensions, '--install-extension', env.CC_VSIX], {
    env: { ...process.env, HOME: env.CC_HOME }, encoding: 'utf8', timeout: 60000,
  });
  fs.writeFileSync(path.join(art, 'install-extension.log'), `${install.stdout}\n${install.stderr}`);
  if (install.status !== 0) {
    throw new Error(`installing the .vsix failed (${install.status}); see install-extension.log`);
  }
  report.seconds.installed = (Date.now() - started) / 1000;
  report.installed = fs.readdirSync(extensions).filter((d) => d.startsWith('callcascade.'));
  report.editor = `code-server ${spawnSync(env.CC_CODE_SERVER, ['--version'], { encoding: 'utf8' }).stdout.trim().split('\n')[0]}`;

  const server = startCodeServer(userData, extensions, testLog);
  let browser;
  let page;
  try {
    const url = await Promise.race([server.url, new Promise((_, rej) => setTimeout(() => rej(new Error('code-server did not start in 30 s')), 30000))]);
    browser = await chromium.launch({
      executablePath: env.CC_CHROMIUM || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 760 } });
    page = await context.newPage();
    page.setDefaultTimeout(30000); // generous: CI machines are shared
    await page.goto(`${url}?folder=${encodeURIComponent(env.CC_WS)}`);
    await page.waitForSelector('.monaco-workbench .part.editor', { timeout: 30000 });
    report.seconds.workbench = (Date.now() - started) / 1000;
    const vscodeVersion = await page.evaluate(() => document.documentElement.getAttribute('data-vscode-version')).catch(() => null);
    if (vscodeVersion) {
      report.editor += ` (VS Code ${vscodeVersion})`;
    }

    // 1. The call hierarchy of the target: its callers in "Callers of".
    await openFile(page, env.CC_TARGET);
    await until('the callcascade status-bar item', async () =>
      (await page.locator('.statusbar-item', { hasText: 'callcascade' }).count()) > 0, 30000);
    await serverRunning(page);
    await until('the first index ($/progress end)', async () =>
      !(await page.locator('.statusbar-item', { hasText: 'indexing' }).count()), 10000);
    const target = { line: env.CC_TARGET_LINE, col: env.CC_TARGET_COL };
    await goTo(page, target.line, target.col);
    await showCallHierarchy(page, env.CC_TARGET_NAME, env.CC_EXPECT_CALLER, target);
    await widenSideBar(page, 560);
    step('callers', await hierarchy(page));
    await screenshot(page, 'call-hierarchy');
    // The README's picture: the tree and the handler beside it.
    await page.screenshot({ path: path.join(art, 'readme-call-hierarchy.png'), clip: { x: 0, y: 0, width: 1100, height: 340 } });

    // 2. A function nobody calls: an empty tree, then a Warning on its name.
    await openFile(page, env.CC_DEAD);
    await goTo(page, env.CC_DEAD_LINE, env.CC_DEAD_COL);
    await showCallHierarchy(page, env.CC_DEAD_NAME, '', { line: env.CC_DEAD_LINE, col: env.CC_DEAD_COL });
    // The Warning is published once the answer is computed: the tree is
    // final by then.
    await page.waitForSelector('.monaco-editor .squiggly-warning', { timeout: 10000 });
    step('deadCallers', await hierarchy(page));
    await page.keyboard.press('Control+Shift+M');
    const problems = page.locator('.markers-panel .monaco-list-row');
    await until('the problem in the Problems view', async () => (await problems.count()) > 0);
    step('problems', (await problems.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()));
    await until('the status bar to count the degraded answer', async () =>
      (await page.locator('.statusbar-item', { hasText: 'not found' }).count()) > 0, 10000);
    step('statusBar', (await page.locator('.statusbar-item', { hasText: 'callcascade' }).allInnerTexts()).map((t) => t.trim()));
    await screenshot(page, 'diagnostic');

    // 3. Ctrl+. on the name: the quick fixes; choose one with the keyboard
    // (clicks on this menu time out).
    await goTo(page, env.CC_DEAD_LINE, env.CC_DEAD_COL);
    await until('the cursor on the name', async () =>
      (await page.locator('.statusbar-item', { hasText: `Ln ${env.CC_DEAD_LINE}, Col ${env.CC_DEAD_COL}` }).count()) > 0);
    const actionRows = page.locator('.action-widget .monaco-list-row.action');
    // Now and then (1 of the first 6 runs here) VS Code answers the first Ctrl+. with
    // "No code actions available" although the server had sent the actions
    // (seen in server-to-client.jsonrpc; the cause is not found yet). A user
    // presses it again, and so does this, once; the Go test logs it.
    report.quickFixAttempts = 0;
    for (;;) {
      report.quickFixAttempts++;
      await page.keyboard.press('Control+.');
      try {
        await until('the quick fix menu', async () => (await actionRows.count()) > 0, 5000);
        break;
      } catch (err) {
        await screenshot(page, `no-quick-fix-menu-${report.quickFixAttempts}`);
        if (report.quickFixAttempts >= 2) {
          throw err;
        }
        await page.keyboard.press('Escape');
        await page.waitForTimeout(500);
      }
    }
    const actions = (await actionRows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    step('actions', actions);
    await screenshot(page, 'quick-fixes');
    const wanted = actions.findIndex((a) => new RegExp(env.CC_ACTION).test(a));
    if (wanted < 0) {
      throw new Error(`no quick fix matches ${env.CC_ACTION}: ${JSON.stringify(actions)}`);
    }
    // The menu opens with the first action focused.
    for (let i = 0; i < wanted; i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'callcascade' });
    await until('the notification of the quick fix', async () => (await toast.count()) > 0);
    step('notifications', (await toast.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()));
    await page.waitForTimeout(500); // let the toast finish sliding in for the picture
    await screenshot(page, 'quick-fix-applied');

    // 4. Asking again while Neo4j stays down: the answers still come (from
    // the embedded store), the breaker opens, VS Code says so in a
    // notification and the status bar turns to the open breaker.
    await page.locator(`.tab[aria-label*="${path.basename(env.CC_TARGET)}"]`).click();
    await page.waitForSelector(`.tab.active[aria-label*="${path.basename(env.CC_TARGET)}"]`);
    const breakerItem = page.locator('.statusbar-item', { hasText: 'breaker' });
    report.askedUntilBreakerOpen = 0;
    while (!(await breakerItem.count()) && report.askedUntilBreakerOpen < 10) {
      report.askedUntilBreakerOpen++;
      // Shift+Alt+H leaves the focus in the Callers view: back to the
      // editor (Ctrl+1), on the name, each time.
      await page.keyboard.press('Control+1');
      await goTo(page, target.line, target.col);
      await showCallHierarchy(page, env.CC_TARGET_NAME, env.CC_EXPECT_CALLER, target);
      await page.waitForTimeout(700);
    }
    await until('the status bar to show the open breaker', async () => (await breakerItem.count()) > 0, 10000);
    step('breakerCallers', await hierarchy(page));
    step('breakerStatusBar', (await breakerItem.allInnerTexts()).map((t) => t.trim()));
    const breakerToast = page.locator('.notifications-toasts .notification-toast', { hasText: 'went from closed to open' });
    await until('the notification that the breaker opened', async () => (await breakerToast.count()) > 0, 10000);
    step('breakerNotifications', (await breakerToast.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()));
    await page.waitForTimeout(500);
    await screenshot(page, 'breaker-open');

    // 5. "callcascade: Find callers (JSON)" from the command palette, on the
    // handler: the structured answer opens beside the code.
    await page.keyboard.press('Control+1');
    await goTo(page, env.CC_TARGET_LINE, env.CC_TARGET_COL);
    await page.keyboard.press('F1');
    await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
    await page.keyboard.type('callcascade: Find callers (JSON)', { delay: 5 });
    await page.waitForSelector('.quick-input-list .monaco-list-row[aria-label*="Find callers (JSON)"]');
    await page.keyboard.press('Enter');
    await until('the JSON answer in an editor', async () =>
      (await page.locator('.tab.active', { hasText: 'Untitled' }).count()) > 0, 10000);
    step('findCallersJson', testLogEntries(testLog).filter((e) => e.command === 'callcascade.findCallersJson').map((e) => e.result));
    await screenshot(page, 'find-callers-json');

    // 6. "callcascade: Show caller tree" on the handler: the command line
    // draws the callers in Mermaid and a webview shows the picture (an SVG
    // naming the callers).
    await page.keyboard.press('Control+1');
    await goTo(page, env.CC_TARGET_LINE, env.CC_TARGET_COL);
    await runCommand(page, 'callcascade: Show caller tree', 'Show caller tree');
    await until('the caller tree picture (the webview\'s report)', async () =>
      testLogEntries(testLog).some((e) => e.kind === 'picture'), 60000);
    // The webview's own document: an SVG in #picture that names the caller.
    let pictureFrame;
    const svgText = await until('the SVG in the webview', async () => {
      for (const frame of page.frames()) {
        const svg = frame.locator('#picture svg');
        if (await svg.count().catch(() => 0)) {
          const text = (await svg.first().textContent().catch(() => '')) || '';
          if (text.includes(env.CC_TREE_CALLER)) {
            pictureFrame = frame;
            return text.replace(/\s+/g, ' ').trim();
          }
        }
      }
      return '';
    }, 30000);
    step('callerTree', {
      svgText,
      tab: (await page.locator('.tab.active').allInnerTexts()).map((t) => t.trim()),
      events: testLogEntries(testLog).filter((e) => e.kind === 'callerTree' || e.kind === 'picture'),
    });
    // Room for the picture: no side bar, no panel, no tooltip.
    await page.keyboard.press('Control+B');
    await page.keyboard.press('Control+J');
    await page.mouse.move(1270, 600);
    await page.waitForTimeout(500);
    await screenshot(page, 'caller-tree');
    const webview = await page.locator('iframe.webview.ready').last().boundingBox().catch(() => null);
    if (webview) {
      await page.screenshot({ path: path.join(art, 'readme-caller-tree.png'), clip: webview });
    }

    // A click on the caller's box opens its file.
    await pictureFrame.locator('#picture .node', { hasText: env.CC_TREE_CALLER }).first().click();
    await until(`the file of ${env.CC_TREE_CALLER} in an editor`, async () =>
      (await page.locator(`.tab.active[aria-label*="${env.CC_TREE_CALLER_FILE}"]`).count()) > 0, 10000);
    step('treeOpened', (await page.locator('.tab.active').allInnerTexts()).map((t) => t.trim()));

    // 7. The server binary gone: callcascade.serverPath set, in the
    // Settings editor, to a file that does not exist. A notification says
    // how to install it; the status bar says so too.
    await page.keyboard.press('Control+Comma'); // the Settings editor, its search box focused
    await page.waitForSelector('.settings-editor .suggest-input-container', { timeout: 20000 });
    await page.keyboard.type('callcascade.serverPath', { delay: 5 });
    // A machine-overridable setting: code-server lists it under the remote
    // machine's tab (where the server runs), not the browser user's.
    const remoteTab = page.locator('.settings-editor .settings-tabs-widget .action-label', { hasText: 'Remote' });
    if (await remoteTab.count()) {
      await remoteTab.first().click();
    }
    // The search filters the list a moment after typing: wait for the row
    // of this setting, not the first input of the unfiltered list.
    const row = page.locator('.settings-editor .setting-item-contents', { hasText: 'Server Path' }).first();
    await row.waitFor({ timeout: 20000 });
    const input = row.locator('.setting-item-control input').first();
    await input.waitFor({ timeout: 20000 });
    await input.fill(path.join(work, 'no-such-dir', 'callcascade'));
    await page.keyboard.press('Tab');
    const missingToast = page.locator('.notifications-toasts .notification-toast', { hasText: 'go install github.com/callcascade/callcascade@latest' });
    await until('the notification that the server is missing', async () => (await missingToast.count()) > 0, 20000);
    step('missingServerNotifications', (await missingToast.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()));
    // The extension updates its status item right after asking for the
    // notification, but the workbench may paint the toast first (a CI run
    // under load read the old text): give the status bar a moment, then
    // record what it shows, whatever it is.
    const statusBar = async () => (await page.locator('.statusbar-item', { hasText: 'callcascade' }).allInnerTexts()).map((t) => t.trim());
    await until('the status bar to say the server is missing', async () => (await statusBar()).some((t) => t.includes('server not found')), 10000).catch(() => {});
    step('missingServerStatusBar', await statusBar());
    await page.waitForTimeout(500);
    await screenshot(page, 'server-missing');
  } catch (err) {
    if (page) {
      await screenshot(page, 'failure').catch(() => undefined);
    }
    throw err;
  } finally {
    report.extensionEvents = testLogEntries(testLog);
    if (browser) {
      await browser.close().catch(() => undefined);
    }
    try {
      process.kill(-server.child.pid, 'SIGTERM');
    } catch (err) {
      // already gone
    }
  }
}

const watchdog = setTimeout(() => {
  report.errors.push('watchdog: the run took longer than ' + env.CC_WATCHDOG_MS + ' ms');
  writeReport();
  process.exit(3);
}, Number(env.CC_WATCHDOG_MS || 90000));

main().then(() => {
  clearTimeout(watchdog);
  writeReport();
  process.exit(0);
}, async (err) => {
  clearTimeout(watchdog);
  report.errors.push(err && err.stack ? err.stack : String(err));
  writeReport();
  process.exit(1);
});
