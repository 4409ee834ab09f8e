" callcascade for Vim (8.2+/9) through ALE (3.x): the server as an LSP
" linter for the languages it indexes, and commands for what ALE has no
" built-in for (call hierarchy, the server's workspace commands).
"
"   let g:callcascade_executable = '/path/to/callcascade'   " default: on PATH
"   source /path/to/callcascade/editors/vim/callcascade.vim
"
" Diagnostics show up like any ALE linter's; :ALECodeAction lists the
" quickfixes; :CallcascadeIncoming / :CallcascadeOutgoing fill the quickfix
" list; :CallcascadeFindCallers, :CallcascadeReindex and :CallcascadeStatus
" run the server's commands and show their JSON in a scratch window.

if exists('g:loaded_callcascade')
    finish
endif
let g:loaded_callcascade = 1

let s:filetypes = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact', 'python', 'go', 'java']
let s:root_markers = ['.git', 'package.json', 'go.mod', 'pyproject.toml', 'setup.py', 'pom.xml', 'build.gradle']

" The nearest folder up from the buffer holding a marker; ALE starts no
" language server without a root.
function! CallcascadeRoot(buffer) abort
    let l:dir = fnamemodify(bufname(a:buffer), ':p:h')
    while 1
        for l:marker in s:root_markers
            if isdirectory(l:dir . '/' . l:marker) || filereadable(l:dir . '/' . l:marker)
                return l:dir
            endif
        endfor
        let l:parent = fnamemodify(l:dir, ':h')
        if l:parent is# l:dir
            return fnamemodify(bufname(a:buffer), ':p:h')
        endif
        let l:dir = l:parent
    endwhile
endfunction

for s:ft in s:filetypes
    call ale#linter#Define(s:ft, {
    \   'name': 'callcascade',
    \   'lsp': 'stdio',
    \   'executable': {b -> get(g:, 'callcascade_executable', 'callcascade')},
    \   'command': '%e serve',
    \   'project_root': function('CallcascadeRoot'),
    \   'initialization_options': {b -> get(g:, 'callcascade_init_options', {})},
    \})
endfor

function! s:Position() abort
    " ALE counts columns in bytes from 1; LSP in UTF-16 units from 0. The
    " two agree on ASCII lines, which is where identifiers are.
    return {'line': line('.') - 1, 'character': col('.') - 1}
endfunction

function! s:Request(method, params, Handler) abort
    call ale#lsp_linter#SendRequest(bufnr(''), 'callcascade', [0, a:method, a:params], a:Handler)
endfunction

function! s:Fail(what, response) abort
    echohl ErrorMsg
    echomsg 'callcascade: ' . a:what . ' failed: ' . string(get(a:response, 'error', a:response))
    echohl None
endfunction

" The call hierarchy as a quickfix list: one entry per call site.
function! s:FillQuickfix(direction, response) abort
    if has_key(a:response, 'error')
        return s:Fail(a:direction . ' calls', a:response)
    endif
    let l:key = a:direction is# 'incoming' ? 'from' : 'to'
    let l:items = []
    for l:call in (type(a:response.result) == v:t_list ? a:response.result : [])
        let l:item = l:call[l:key]
        " Incoming call sites are in the caller's file; outgoing ones in the
        " file of the function asked about.
        let l:file = ale#util#ToResource(a:direction is# 'incoming' ? l:item.uri : s:item.uri)
        for l:range in l:call.fromRanges
            call add(l:items, {
            \   'filename': l:file,
            \   'lnum': l:range.start.line + 1,
            \   'col': l:range.start.character + 1,
            \   'text': l:item.name . (empty(get(l:item, 'detail', '')) ? '' : '  [' . l:item.detail . ']'),
            \})
        endfor
    endfor
    call setqflist([], ' ', {'title': 'callcascade ' . a:direction . ' calls of ' . s:item.name, 'items': l:items})
    let g:callcascade_last_hierarchy = {'direction': a:direction, 'items': l:items}
    if get(g:, 'callcascade_open_quickfix', 1)
        botright copen
    endif
endfunction

function! s:OnPrepared(direction, response) abort
    if has_key(a:response, 'error')
        return s:Fail('prepareCallHierarchy', a:response)
    endif
    let l:items = a:response.result
    if type(l:items) != v:t_list || empty(l:items)
        echomsg 'callcascade: no function at the cursor'
        return
    endif
    let s:item = l:items[0]
    call s:Request('callHierarchy/' . a:direction . 'Calls', {'item': s:item},
    \   function('s:FillQuickfix', [a:direction]))
endfunction

function! CallcascadeHierarchy(direction) abort
    call s:Request('textDocument/prepareCallHierarchy', {
    \   'textDocument': {'uri': ale#util#ToURI(expand('%:p'))},
    \   'position': s:Position(),
    \}, function('s:OnPrepared', [a:direction]))
endfunction

function! s:ShowJSON(title, response) abort
    let g:callcascade_last_command = a:response
    if has_key(a:response, 'error')
        return s:Fail(a:title, a:response)
    endif
    if !get(g:, 'callcascade_show_json', 1)
        return
    endif
    botright new
    setlocal buftype=nofile bufhidden=wipe noswapfile filetype=json
    call setline(1, split(json_encode(a:response.result), '\n'))
    execute 'file ' . fnameescape('callcascade://' . a:title)
endfunction

function! CallcascadeCommand(command, arguments) abort
    call s:Request('workspace/executeCommand', {'command': a:command, 'arguments': a:arguments},
    \   function('s:ShowJSON', [substitute(a:command, '^callcascade\.', '', '')]))
endfunction

command! CallcascadeIncoming call CallcascadeHierarchy('incoming')
command! CallcascadeOutgoing call CallcascadeHierarchy('outgoing')
command! CallcascadeFindCallers call CallcascadeCommand('callcascade.findCallers',
\   [{'uri': ale#util#ToURI(expand('%:p')), 'position': s:Position()}])
command! CallcascadeReindex call CallcascadeCommand('callcascade.reindex', [])
command! CallcascadeStatus call CallcascadeCommand('callcascade.status', [])
