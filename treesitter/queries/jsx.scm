; Facts query for the grammars that parse JSX (TSX, JavaScript): appended to
; their own query (typescript.scm, javascript.scm). See typescript.scm.

; A component used as an element is called with its props, as tsserver's call
; hierarchy counts it: <Foo />, <Foo>...</Foo>, <ui.Foo />. A lowercase name
; is an intrinsic element (<div>), no call of ours.
(jsx_opening_element name: (_) @_name (#match? @_name "^[A-Z]")) @call
(jsx_self_closing_element name: (_) @_name (#match? @_name "^[A-Z]")) @call
