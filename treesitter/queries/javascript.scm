; Facts query for JavaScript (with JSX). See typescript.scm for the capture
; conventions; JavaScript has no types, so fields and locals come from
; new-expressions only.

; Symbols.
(function_declaration name: (identifier) @name) @function
(generator_function_declaration name: (identifier) @name) @function
(class_declaration name: (identifier) @name) @class
(class name: (identifier) @name) @class
(method_definition name: (_) @name) @method
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @function
(field_definition
  property: (_) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @method

; Calls.
(call_expression) @call
(new_expression) @call

; Imports.
(import_statement) @import
(export_statement source: (_)) @import
(export_statement (export_clause) !source) @import
(variable_declarator
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string) .))
  (#eq? @_require "require")) @import

; Fields.
(field_definition) @field
(object (pair) @field)
(object (shorthand_property_identifier) @field)
(assignment_expression left: (member_expression object: (this))) @field

; Locals.
(variable_declarator) @local
(export_statement value: (_)) @local
(program (expression_statement (assignment_expression
  left: (member_expression object: (identifier) @_m property: (property_identifier) @_e)) @local)
  (#eq? @_m "module") (#eq? @_e "exports"))
(export_statement "default" declaration: (class_declaration)) @local
; The module a dynamic import gives, to its then's callback: import("./x").then(m => m.X)
(call_expression
  function: (member_expression
    object: (call_expression function: (import))
    property: (property_identifier) @_then)
  arguments: (arguments . [(arrow_function) (function_expression)])
  (#eq? @_then "then")) @local

; Strings.
(string) @string
(template_string) @string
