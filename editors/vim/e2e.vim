" Headless end-to-end run of editors/vim/callcascade.vim in Vim with ALE,
" against the built server. It records what Vim showed as JSON in $CC_OUT;
" the Go test (editors/editors_test.go) makes the assertions.
"
"   vim -N -u NONE -i NONE -n -es -S e2e.vim
"
" Environment: CC_SETUP (callcascade.vim), CC_BIN, CC_OUT, the cursor
" positions CC_TARGET_FILE/LINE/COL and CC_DEAD_FILE/LINE/COL (1-based line,
" 0-based column), and CC_ACTION (a pattern of the code action to choose).

let s:report = {'errors': [], 'responses': []}

function! s:WriteReport() abort
    call writefile([json_encode(s:report)], $CC_OUT)
endfunction

function! s:Fail(msg) abort
    call add(s:report.errors, a:msg)
    call s:WriteReport()
    cquit 2
endfunction

" The watchdog fires during :sleep, so a request that never answers cannot
" hang CI.
call timer_start(str2nr($CC_WATCHDOG_MS), {-> s:Fail('watchdog: the run took longer than ' . $CC_WATCHDOG_MS . ' ms')})

function! s:Wait(ms, Cond) abort
    let l:waited = 0
    while l:waited < a:ms
        if a:Cond()
            return 1
        endif
        sleep 20m
        let l:waited += 20
    endwhile
    return a:Cond()
endfunction

function! s:At(file, line, col) abort
    " :edit on the current buffer would re-read it from disk and make ALE send
    " a didChange; switch buffers as a user would instead.
    if bufloaded(a:file)
        execute 'buffer ' . bufnr(a:file)
    else
        execute 'edit ' . fnameescape(a:file)
    endif
    call cursor(str2nr(a:line), str2nr(a:col) + 1)
endfunction

function! s:Hierarchy(direction) abort
    unlet! g:callcascade_last_hierarchy
    call CallcascadeHierarchy(a:direction)
    if !s:Wait(10000, {-> exists('g:callcascade_last_hierarchy')})
        call s:Fail(a:direction . ' calls never reached the quickfix list')
    endif
    let l:items = []
    for l:item in getqflist()
        call add(l:items, {'filename': fnamemodify(bufname(l:item.bufnr), ':p'),
        \   'lnum': l:item.lnum, 'col': l:item.col, 'text': l:item.text})
    endfor
    cclose
    return {'title': getqflist({'title': 1}).title, 'items': l:items}
endfunction

function! s:Command(command, arguments) abort
    unlet! g:callcascade_last_command
    call CallcascadeCommand(a:command, a:arguments)
    if !s:Wait(10000, {-> exists('g:callcascade_last_command')})
        call s:Fail(a:command . ' got no answer')
    endif
    return g:callcascade_last_command
endfunction

" Every response on ALE's connections, to see what a code action's command
" answered (ALE itself drops it).
function! s:Record(conn_id, response) abort
    if has_key(a:response, 'id') && has_key(a:response, 'result')
        call add(s:report.responses, a:response.result)
    endif
endfunction

try
    let s:report.editor = split(execute('version'), "\n")[0]
    let g:callcascade_executable = $CC_BIN
    let g:callcascade_open_quickfix = 0
    let g:callcascade_show_json = 0
    let g:ale_linters = {'typescript': ['callcascade']}
    let g:ale_linters_explicit = 1
    let g:ale_lint_delay = 0
    let g:ale_echo_cursor = 0
    let g:ale_set_signs = 0
    let g:ale_set_highlights = 0
    filetype on
    packadd ale
    let s:ale_source = globpath(&packpath, 'pack/*/opt/ale/autoload/ale.vim', 0, 1)
    let s:report.ale = substitute(matchstr(join(readfile(s:ale_source[0]), "\n"), 's:current_ale_version = \[\zs[^\]]*'), ', ', '.', 'g')
    execute 'source ' . fnameescape($CC_SETUP)

    " 1. Call hierarchy in the quickfix list. ALE sends no progress
    " capability, so wait for the first index the way a user could: re-index.
    call s:At($CC_TARGET_FILE, $CC_TARGET_LINE, $CC_TARGET_COL)
    let s:report.reindex = s:Command('callcascade.reindex', [])
    call s:At($CC_TARGET_FILE, $CC_TARGET_LINE, $CC_TARGET_COL)
    let s:report.incoming = s:Hierarchy('incoming')
    call s:At($CC_TARGET_FILE, $CC_TARGET_LINE, $CC_TARGET_COL)
    let s:report.outgoing = s:Hierarchy('outgoing')

    " 2. A function nobody calls: ALE lists the server's diagnostic.
    call s:At($CC_DEAD_FILE, $CC_DEAD_LINE, $CC_DEAD_COL)
    let s:dead = bufnr('')
    ALELint
    let s:report.dead_incoming = s:Hierarchy('incoming')
    call s:At($CC_DEAD_FILE, $CC_DEAD_LINE, $CC_DEAD_COL)
    call s:Wait(5000, {-> !empty(filter(copy(ale#engine#GetLoclist(s:dead)), 'v:val.linter_name is# "callcascade"'))})
    let s:report.diagnostics = filter(copy(ale#engine#GetLoclist(s:dead)), 'v:val.linter_name is# "callcascade"')

    " 3. :ALECodeAction lists the quickfixes; answer its prompt with the one
    " whose title matches $CC_ACTION.
    for s:conn in keys(ale#lsp#GetConnections())
        call ale#lsp#RegisterCallback(s:conn, function('s:Record'))
    endfor
    let s:report.responses = []
    let s:report.prompts = []
    function! ale#util#Input(message, value, ...) abort
        call add(s:report.prompts, a:message)
        for l:line in split(a:message, "\n")
            let l:m = matchlist(l:line, '^\(\d\+\)) \(.*\)$')
            if !empty(l:m) && l:m[2] =~# $CC_ACTION
                return l:m[1]
            endif
        endfor
        return ''
    endfunction
    ALECodeAction
    " The first response is the list of actions, then the command's answer.
    call s:Wait(5000, {-> len(s:report.responses) >= 2})
catch
    call s:Fail(v:exception . ' at ' . v:throwpoint)
endtry

call s:WriteReport()
qall!
