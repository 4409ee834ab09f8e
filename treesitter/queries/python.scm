; Facts query for Python. See typescript.scm for the capture conventions.

; Symbols: functions become methods when their parent symbol is a class.
(function_definition name: (identifier) @name) @function
(class_definition name: (identifier) @name) @class

; Calls.
(call) @call

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
; and comprehension variables; with ... as x.
(assignment left: (identifier)) @local
(assignment left: (pattern_list)) @local
(assignment left: (tuple_pattern)) @local
(for_statement) @local
(for_in_clause) @local
(with_item) @local

; Strings.
(string) @string
