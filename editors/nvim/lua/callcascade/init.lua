-- callcascade for Neovim: starts `callcascade serve` for the languages it
-- indexes and adds commands for its call hierarchy and workspace commands.
--
--   require('callcascade').setup{}
--
-- Neovim 0.11+ goes through vim.lsp.config/vim.lsp.enable, 0.8-0.10 through
-- vim.lsp.start, and 0.7 through vim.lsp.start_client (one client per root).
-- Only APIs that 0.7 has are used elsewhere (no vim.fs, no vim.iter), and
-- the 0.11 method-call forms (client:request) where 0.11 wants them.
local M = {}

M.filetypes = {
  'typescript', 'typescriptreact', 'javascript', 'javascriptreact',
  'python', 'go', 'java',
}

M.root_markers = { '.git', 'package.json', 'go.mod', 'pyproject.toml', 'setup.py', 'pom.xml', 'build.gradle' }

local defaults = {
  -- The server command; `callcascade` must be on PATH unless cmd names it.
  cmd = { 'callcascade', 'serve' },
  filetypes = M.filetypes,
  root_markers = M.root_markers,
  -- Sent as initializationOptions: maxFileSize, exclude, graphTimeoutMs, ...
  init_options = {},
  -- Extra environment for the server, e.g. CALLCASCADE_NEO4J_URI. The Neo4j
  -- password is best left in the environment Neovim was started with.
  cmd_env = nil,
  on_attach = nil,
  capabilities = nil,
  -- false leaves the user commands out.
  commands = true,
}

M.config = vim.deepcopy(defaults)

local function has(version)
  return vim.fn.has('nvim-' .. version) == 1
end

-- find_root walks up from path to the first folder holding a marker, and
-- falls back to the file's own folder so a lone file still gets a server.
local function find_root(path, markers)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  local uv = vim.uv or vim.loop -- vim.uv from 0.10; 0.7 has only vim.loop
  while dir and dir ~= '' do
    for _, marker in ipairs(markers) do
      if uv.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      break
    end
    dir = parent
  end
  return vim.fn.fnamemodify(path, ':p:h')
end

local function client_config(root)
  local cfg = M.config
  return {
    name = 'callcascade',
    cmd = cfg.cmd,
    cmd_env = cfg.cmd_env,
    root_dir = root,
    -- The folder's name is its path, as Neovim names it: 0.8-0.10 reuse a
    -- running client for a new buffer only when the buffer's root equals a
    -- workspace folder's name, and started a server per buffer otherwise.
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    -- An empty Lua table would go out as a JSON array, which the server rejects.
    init_options = next(cfg.init_options or {}) and cfg.init_options or nil,
    on_attach = cfg.on_attach,
    capabilities = cfg.capabilities or vim.lsp.protocol.make_client_capabilities(),
  }
end

-- Neovim 0.7: vim.lsp.start does not exist; keep one client per root.
local clients_by_root = {}

local function start_legacy(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == '' then
    return
  end
  local root = find_root(path, M.config.root_markers)
  local id = clients_by_root[root]
  if not id or not vim.lsp.get_client_by_id(id) or vim.lsp.client_is_stopped(id) then
    id = vim.lsp.start_client(client_config(root))
    if not id then
      vim.notify('callcascade: could not start ' .. table.concat(M.config.cmd, ' '), vim.log.levels.ERROR)
      return
    end
    clients_by_root[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
end

local function start(bufnr)
  if not has('0.8') then
    return start_legacy(bufnr)
  end
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == '' then
    return
  end
  vim.lsp.start(client_config(find_root(path, M.config.root_markers)), { bufnr = bufnr })
end

-- request sends an LSP request: client:request on 0.11+ (the dot form is
-- deprecated there), client.request before (0.7 has only that).
local function request(client, method, params, handler, bufnr)
  if has('0.11') then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

--- The callcascade client attached to bufnr (the current buffer by default).
function M.client(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  -- get_clients is 0.10+; buf_get_clients is all 0.7 has.
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
  for _, client in pairs(clients) do
    if client.name == 'callcascade' then
      return client
    end
  end
  return nil
end

--- Runs one of the server's workspace commands (callcascade.reindex,
--- callcascade.status, callcascade.findCallers) and hands the result to
--- on_result(err, result).
function M.execute(command, arguments, on_result)
  local client = M.client()
  if not client then
    vim.notify('callcascade: no callcascade server is attached to this buffer', vim.log.levels.WARN)
    return
  end
  request(client, 'workspace/executeCommand', { command = command, arguments = arguments }, function(err, result)
    if on_result then
      on_result(err, result)
    elseif err then
      vim.notify('callcascade: ' .. command .. ' failed: ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
    end
  end, vim.api.nvim_get_current_buf())
end

-- show_json opens a scratch buffer with the pretty-printed result, so it can
-- be read, searched or yanked (for an AI assistant, say).
local function show_json(title, value)
  local text = vim.fn.json_encode(value)
  if vim.fn.executable('jq') == 1 then
    local pretty = vim.fn.systemlist({ 'jq', '.' }, text)
    if vim.v.shell_error == 0 then
      text = table.concat(pretty, '\n')
    end
  end
  vim.cmd('botright new')
  local buf = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.split(text, '\n', { plain = true }))
  vim.bo[buf].buftype = 'nofile'
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].filetype = 'json'
  pcall(vim.api.nvim_buf_set_name, buf, title)
end

--- Finds the callers of the function under the cursor with the server's
--- full cascade and shows the structured JSON answer.
function M.find_callers()
  local client = M.client()
  local params = vim.lsp.util.make_position_params(0, client and client.offset_encoding or 'utf-16')
  M.execute('callcascade.findCallers', { { uri = params.textDocument.uri, position = params.position } }, function(err, result)
    if err then
      vim.notify('callcascade: findCallers failed: ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    vim.schedule(function()
      show_json('callcascade://callers', result)
    end)
  end)
end

-- byte_col turns an LSP position's character (in the client's encoding)
-- into a 1-based byte column of the line, as the quickfix list wants.
local function byte_col(line, character, encoding)
  if not line or encoding == 'utf-8' then
    return character + 1
  end
  local units, i = 0, 1
  while i <= #line and units < character do
    local b = line:byte(i)
    local len = b >= 0xF0 and 4 or b >= 0xE0 and 3 or b >= 0xC0 and 2 or 1
    units = units + ((encoding == 'utf-16' and len == 4) and 2 or 1)
    i = i + len
  end
  return i
end

-- file_line reads one line of a file, from its buffer when it is loaded.
local function file_line(fname, lnum, cache)
  local bufnr = vim.fn.bufnr(fname)
  if bufnr ~= -1 and vim.api.nvim_buf_is_loaded(bufnr) then
    return vim.api.nvim_buf_get_lines(bufnr, lnum - 1, lnum, false)[1]
  end
  if cache[fname] == nil then
    local ok, lines = pcall(vim.fn.readfile, fname)
    cache[fname] = ok and lines or false
  end
  return cache[fname] and cache[fname][lnum] or nil
end

--- Fills the quickfix list with the calls into (direction 'incoming') or
--- out of ('outgoing') the function under the cursor, one entry per call
--- site, each with the other function's name and how callcascade found it.
--- The call sites (fromRanges) are in the caller's file: the other side's
--- for incoming calls, the function's own for outgoing ones. (Neovim 0.7's
--- own vim.lsp.buf.outgoing_calls files them under the callee's file.)
function M.call_hierarchy(direction)
  local bufnr = vim.api.nvim_get_current_buf()
  local client = M.client(bufnr)
  if not client then
    vim.notify('callcascade: no callcascade server is attached to this buffer', vim.log.levels.WARN)
    return
  end
  local encoding = client.offset_encoding or 'utf-16'
  local params = vim.lsp.util.make_position_params(0, encoding)
  request(client, 'textDocument/prepareCallHierarchy', params, function(err, items)
    if err then
      vim.notify('callcascade: prepareCallHierarchy failed: ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    if not items or #items == 0 then
      vim.notify('callcascade: no function under the cursor', vim.log.levels.INFO)
      return
    end
    local item = items[1]
    local method = direction == 'incoming' and 'callHierarchy/incomingCalls' or 'callHierarchy/outgoingCalls'
    request(client, method, { item = item }, function(err2, calls)
      if err2 then
        vim.notify('callcascade: ' .. method .. ' failed: ' .. (err2.message or vim.inspect(err2)), vim.log.levels.ERROR)
        return
      end
      local qf, cache = {}, {}
      for _, call in ipairs(calls or {}) do
        local other = direction == 'incoming' and call.from or call.to
        local fname = vim.uri_to_fname(direction == 'incoming' and call.from.uri or item.uri)
        local text = other.name
        if other.detail and other.detail ~= '' then
          text = text .. '  [' .. other.detail .. ']'
        end
        for _, range in ipairs(call.fromRanges or {}) do
          local lnum = range.start.line + 1
          table.insert(qf, {
            filename = fname,
            lnum = lnum,
            col = byte_col(file_line(fname, lnum, cache), range.start.character, encoding),
            text = text,
          })
        end
      end
      local title = string.format('callcascade: %s %s', direction == 'incoming' and 'callers of' or 'calls from', item.name)
      vim.schedule(function()
        vim.fn.setqflist({}, ' ', { title = title, items = qf })
        vim.cmd('botright copen')
      end)
    end, bufnr)
  end, bufnr)
end

--- Defines the :Callcascade* commands (setup does, unless commands = false;
--- on 0.11+ vim.lsp.enable('callcascade') alone defines none).
function M.create_commands()
  local cmd = vim.api.nvim_create_user_command
  cmd('CallcascadeIncoming', function()
    M.call_hierarchy('incoming')
  end, { desc = 'callcascade: callers of the function under the cursor (quickfix)' })
  cmd('CallcascadeOutgoing', function()
    M.call_hierarchy('outgoing')
  end, { desc = 'callcascade: calls made by the function under the cursor (quickfix)' })
  cmd('CallcascadeReindex', function()
    M.execute('callcascade.reindex', {}, function(err)
      if err then
        vim.notify('callcascade: re-index failed: ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      else
        vim.notify('callcascade: re-indexed')
      end
    end)
  end, { desc = 'callcascade: re-index the workspace' })
  cmd('CallcascadeStatus', function()
    M.execute('callcascade.status', {}, function(err, result)
      if err then
        vim.notify('callcascade: status failed: ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
        return
      end
      vim.schedule(function()
        show_json('callcascade://status', result)
      end)
    end)
  end, { desc = 'callcascade: breakers, stage counts and fallback rates' })
  cmd('CallcascadeFindCallers', M.find_callers,
    { desc = 'callcascade: callers of the function under the cursor as JSON, with fallbacks' })
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  if M.config.commands then
    M.create_commands()
  end
  if has('0.11') and vim.lsp.config then
    local cfg = client_config(vim.fn.getcwd())
    cfg.root_dir = nil
    cfg.workspace_folders = nil
    cfg.root_markers = M.config.root_markers
    cfg.filetypes = M.config.filetypes
    vim.lsp.config('callcascade', cfg)
    vim.lsp.enable('callcascade')
    return
  end
  local group = vim.api.nvim_create_augroup('callcascade', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.config.filetypes,
    callback = function(args)
      start(args.buf)
    end,
  })
  -- Buffers opened before setup ran.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(M.config.filetypes, vim.bo[bufnr].filetype) then
      start(bufnr)
    end
  end
end

return M
