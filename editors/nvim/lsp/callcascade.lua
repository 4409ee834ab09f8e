-- Neovim 0.11+: with editors/nvim on the runtimepath, this is the default
-- configuration of vim.lsp.enable('callcascade'); change it with
-- vim.lsp.config('callcascade', { cmd = { '/abs/path/callcascade', 'serve' } }).
-- (Older Neovim never reads lsp/*.lua: require('callcascade').setup{} there.)
local cc = require('callcascade')
return {
  cmd = { 'callcascade', 'serve' },
  filetypes = cc.filetypes,
  root_markers = cc.root_markers,
}
