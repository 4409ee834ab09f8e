; Facts query for TypeScript and TSX. Captures name the role of a node; the
; extractor reads the details (names, receivers, types) from the captured
; node, so patterns stay broad and simple. Captures starting with "_" are
; only for predicates.
;
; These files are the specification; extraction does not run them. Each
; language's match method (extract_*.go) does the same matching in Go over
; the flattened tree, which is much cheaper than a query cursor, and
; match_test.go fails when the two capture different nodes: change both.

; Symbols: @function/@method/@class/@interface is the declaration, @name its name.
(function_declaration name: (identifier) @name) @function
(generator_function_declaration name: (identifier) @name) @function
(class_declaration name: (type_identifier) @name) @class
(abstract_class_declaration name: (type_identifier) @name) @class
(class name: (type_identifier) @name) @class
(interface_declaration name: (type_identifier) @name) @interface
(method_definition name: (_) @name) @method
(abstract_method_signature name: (_) @name) @method
(interface_body (method_signature name: (_) @name) @method)
; a function-typed property of an interface is a method (execute: () => void)
(interface_body (property_signature name: (_) @name type: (type_annotation (function_type))) @method)
(interface_body (property_signature name: (_) @name type: (type_annotation (parenthesized_type (function_type)))) @method)
; a top-level type alias of an object type is an interface, its method
; signatures and function-typed properties methods
(program (type_alias_declaration value: (object_type (property_signature name: (_) @name type: (type_annotation (function_type))) @method) !type_parameters))
(program (export_statement (type_alias_declaration value: (object_type (property_signature name: (_) @name type: (type_annotation (function_type))) @method) !type_parameters)))
(program (type_alias_declaration name: (type_identifier) @name value: (object_type) !type_parameters) @interface)
(program (export_statement (type_alias_declaration name: (type_identifier) @name value: (object_type) !type_parameters) @interface))
(program (type_alias_declaration value: (object_type (method_signature name: (_) @name) @method) !type_parameters))
(program (export_statement (type_alias_declaration value: (object_type (method_signature name: (_) @name) @method) !type_parameters)))
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @function
(public_field_definition
  name: (_) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @method

; Calls (new Foo() included).
(call_expression) @call
(new_expression) @call

; Imports: ES imports, import x = require(), and const x = require('m').
(import_statement) @import
(export_statement source: (_)) @import
(export_statement (export_clause) !source) @import
; an import type: svc: import('./m.js').Svc
(type_annotation (member_expression
  object: (call_expression function: (import) arguments: (arguments . (string) .))
  property: (property_identifier)) @import)
(variable_declarator
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string) .))
  (#eq? @_require "require")) @import

; Fields: class properties, and this.x = ... assignments in methods.
(public_field_definition) @field
(class_body (method_definition "get") @field)
(object (pair) @field)
(object (shorthand_property_identifier) @field)
(assignment_expression left: (member_expression object: (this))) @field

; Locals: variable declarations (typed or initialised with new).
(variable_declarator) @local
(export_statement value: (_)) @local
(program (expression_statement (assignment_expression
  left: (member_expression object: (identifier) @_m property: (property_identifier) @_e)) @local)
  (#eq? @_m "module") (#eq? @_e "exports"))
(export_statement "default" declaration: (class_declaration)) @local
(export_statement "default" declaration: (abstract_class_declaration)) @local
(program (type_alias_declaration) @local)
(program (export_statement (type_alias_declaration) @local))
; A function's typed parameters: a callback's are locals of the function around it.
(arrow_function parameters: (formal_parameters [(required_parameter type: (_)) (optional_parameter type: (_))])) @local
(function_expression parameters: (formal_parameters [(required_parameter type: (_)) (optional_parameter type: (_))])) @local

; The module a dynamic import gives, to its then's callback: import("./x").then(m => m.X)
(call_expression
  function: (member_expression
    object: (call_expression function: (import))
    property: (property_identifier) @_then)
  arguments: (arguments . [(arrow_function) (function_expression)])
  (#eq? @_then "then")) @local

; String literals and substitution-free template strings.
(string) @string
(template_string) @string
