; Facts query for Java. See typescript.scm for the capture conventions.

(package_declaration [(identifier) (scoped_identifier)] @package)

; Symbols.
(class_declaration name: (identifier) @name) @class
(enum_declaration name: (identifier) @name) @class
(record_declaration name: (identifier) @name) @class
(interface_declaration name: (identifier) @name) @interface
(method_declaration name: (identifier) @name) @method
(constructor_declaration name: (identifier) @name) @method

; Calls.
(method_invocation) @call
(object_creation_expression) @call
(explicit_constructor_invocation) @call
(assignment_expression left: (field_access) right: (identifier)) @call

; Imports.
(import_declaration) @import

; Fields (record components are read from the record declaration).
(field_declaration) @field
(constant_declaration) @field
(record_declaration) @field

; Locals.
(local_variable_declaration) @local
(enhanced_for_statement) @local
(catch_formal_parameter) @local
(instanceof_expression) @local
(resource) @local
(lambda_expression) @local

; Strings.
(string_literal) @string
