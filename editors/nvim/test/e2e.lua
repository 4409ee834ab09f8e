-- Headless end-to-end run of the callcascade Neovim module against the built
-- server. It drives Neovim as a user would (user commands, quickfix, the
-- code-action menu) and writes what it observed as JSON to $CC_OUT; the Go
-- test (editors/editors_test.go) makes the assertions.
--
--   nvim --headless -u NONE -i NONE -n -c 'luafile e2e.lua' </dev/null
--
-- Environment: CC_PLUGIN (editors/nvim), CC_BIN (the server), CC_OUT, and
-- the cursor positions CC_TARGET_FILE/LINE/COL (1-based line, 0-based
-- column) and CC_DEAD_FILE/LINE/COL, CC_ACTION (a Lua pattern of the code
-- action to choose).
local env = vim.env
local report = { steps = {}, errors = {} }

local function write_report()
  local f = assert(io.open(env.CC_OUT, 'w'))
  f:write(vim.fn.json_encode(report))
  f:close()
end

local function fail(msg)
  table.insert(report.errors, msg)
  write_report()
  vim.cmd('cquit 2')
end

-- The watchdog fires even inside vim.wait, so a hung request cannot hang CI.
vim.defer_fn(function()
  fail('watchdog: the run took longer than ' .. env.CC_WATCHDOG_MS .. ' ms')
end, tonumber(env.CC_WATCHDOG_MS or '20000'))

local v = vim.version()
report.editor = string.format('Neovim %d.%d.%d', v.major, v.minor, v.patch)

vim.opt.runtimepath:prepend(env.CC_PLUGIN)
vim.cmd('filetype on') -- with -u NONE, languageId would be empty otherwise

-- Record what the server answers to workspace/executeCommand (code actions
-- in command form end up there) and which documents it asks to show.
report.executed = {}
vim.lsp.handlers['workspace/executeCommand'] = function(err, result, ctx)
  table.insert(report.executed, { command = ctx.params.command, error = err and err.message, result = result })
end
-- $/progress as the server sends it (client.messages.progress is 0.7's,
-- client.progress 0.10's): the first index's end is recorded here.
local progress_ended = false
local on_progress = vim.lsp.handlers['$/progress']
vim.lsp.handlers['$/progress'] = function(err, result, ctx, config)
  if result and result.value and result.value.kind == 'end' then
    progress_ended = true
  end
  if on_progress then
    return on_progress(err, result, ctx, config)
  end
end
report.shown = {}
local show_document = vim.lsp.handlers['window/showDocument']
vim.lsp.handlers['window/showDocument'] = function(err, result, ctx, config)
  table.insert(report.shown, ctx.params.uri)
  if show_document then
    return show_document(err, result, ctx, config)
  end
  return { success = true }
end

local cc = require('callcascade')
local cmd = { env.CC_BIN, 'serve', '--log-level', 'debug' }
if env.CC_ENABLE_ONLY == '1' then
  -- The README's 0.11+ setup: lsp/callcascade.lua on the runtime path gives
  -- the filetypes and root markers; only the command is configured here.
  report.setup = 'vim.lsp.enable'
  vim.lsp.config('callcascade', { cmd = cmd })
  vim.lsp.enable('callcascade')
  cc.create_commands()
else
  report.setup = 'setup'
  cc.setup({ cmd = cmd })
end

local function open_at(file, line, col)
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local attached = vim.wait(10000, function()
    local client = cc.client(bufnr)
    return client ~= nil and client.initialized ~= false and client.server_capabilities ~= nil
  end, 20)
  if not attached then
    fail('no callcascade client attached to ' .. file)
  end
  vim.api.nvim_win_set_cursor(0, { tonumber(line), tonumber(col) })
  return bufnr
end

local function qf_after(command)
  vim.fn.setqflist({}, 'r', { title = 'before ' .. command, items = {} })
  vim.cmd(command)
  local ok = vim.wait(10000, function()
    return vim.fn.getqflist({ title = 1 }).title:find('^callcascade: ') ~= nil
  end, 20)
  local items = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    table.insert(items, {
      filename = vim.fn.fnamemodify(vim.fn.bufname(item.bufnr), ':p'),
      lnum = item.lnum,
      col = item.col,
      text = item.text,
    })
  end
  vim.cmd('cclose')
  return { filled = ok, title = vim.fn.getqflist({ title = 1 }).title, items = items }
end

-- 1. Incoming and outgoing calls land in the quickfix list.
local bufnr = open_at(env.CC_TARGET_FILE, env.CC_TARGET_LINE, env.CC_TARGET_COL)
local client = cc.client(bufnr)
-- Ask once the first index is done ($/progress end): an answer during
-- indexing can miss callers in files not parsed yet.
report.index_progress_done = vim.wait(8000, function()
  return progress_ended
end, 20)
report.server = client.server_capabilities and client.server_capabilities.callHierarchyProvider
report.incoming = qf_after('CallcascadeIncoming')
vim.api.nvim_set_current_buf(bufnr)
vim.api.nvim_win_set_cursor(0, { tonumber(env.CC_TARGET_LINE), tonumber(env.CC_TARGET_COL) })
report.outgoing = qf_after('CallcascadeOutgoing')

-- 2. A function nobody calls: its empty answer comes with a diagnostic.
if env.CC_DEAD_FILE then
  local dead = open_at(env.CC_DEAD_FILE, env.CC_DEAD_LINE, env.CC_DEAD_COL)
  report.dead_incoming = qf_after('CallcascadeIncoming')
  vim.api.nvim_set_current_buf(dead)
  vim.api.nvim_win_set_cursor(0, { tonumber(env.CC_DEAD_LINE), tonumber(env.CC_DEAD_COL) })
  vim.wait(tonumber(env.CC_DIAG_WAIT_MS or '3000'), function()
    return #vim.diagnostic.get(dead) > 0
  end, 20)
  report.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(dead)) do
    table.insert(report.diagnostics, {
      lnum = d.lnum, col = d.col, severity = d.severity, source = d.source,
      message = d.message,
      code = d.user_data and d.user_data.lsp and d.user_data.lsp.code,
    })
  end

  -- 3. A code action chosen from the menu runs on the server.
  if env.CC_ACTION then
    report.actions = {}
    vim.ui.select = function(items, opts, on_choice)
      local chosen
      for _, item in ipairs(items) do
        local title = opts.format_item and opts.format_item(item) or tostring(item)
        table.insert(report.actions, title)
        if not chosen and title:find(env.CC_ACTION) then
          chosen = item
        end
      end
      on_choice(chosen)
    end
    local before = #report.executed
    vim.lsp.buf.code_action()
    vim.wait(5000, function()
      return #report.executed > before
    end, 20)
  end
end

-- Every buffer of the workspace went to one server.
local all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
report.servers_started = 0
for _, c in pairs(all) do
  if c.name == 'callcascade' then
    report.servers_started = report.servers_started + 1
  end
end

write_report()
vim.cmd('qall!')
