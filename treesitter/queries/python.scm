; Facts query for Python. See typescript.scm for the capture conventions.

; Symbols: functions become methods when their parent symbol is a class.
(function_definition name: (identifier) @name) @function
(class_definition name: (identifier) @name) @class

; Calls, and decorators without arguments (@d over a def calls d).
(call) @call
((decorator [(identifier) (attribute)] @_d) @call
  (#not-match? @_d "(^|\\.)(property|setter|getter|deleter|staticmethod|classmethod|abstractmethod|overload|override|final|cached_property|dataclass|total_ordering|runtime_checkable)$"))

; Imports.
(import_statement) @import
(import_from_statement) @import

; Fields: annotated class attributes and self.x assignments in methods.
(class_definition
  body: (block
    (expression_statement
      (assignment left: (identifier) type: (_)) @field)))
(assignment
  left: (attribute object: (identifier) @_self)
  (#eq? @_self "self")) @field

; Locals: x = Foo() and x: Foo = ... (class-level ones are skipped); loop
; and comprehension variables; with ... as x; x := f().
(assignment left: (identifier)) @local
(assignment left: (pattern_list)) @local
(assignment left: (tuple_pattern)) @local
(for_statement) @local
(for_in_clause) @local
(with_item) @local
(except_clause) @local
(named_expression) @local
(assert_statement) @local
(if_statement condition: (call)) @local

; Strings.
(string) @string
