; Facts query for Go. See typescript.scm for the capture conventions.

(package_clause (package_identifier) @package)

; Symbols.
(function_declaration name: (identifier) @name) @function
(method_declaration name: (field_identifier) @name) @method
(type_spec name: (type_identifier) @name type: (struct_type)) @class
(type_spec name: (type_identifier) @name type: (interface_type)) @interface
; Named non-struct types (type List []Node) have methods too.
(type_spec
  name: (type_identifier) @name
  type: [(type_identifier) (qualified_type) (generic_type) (slice_type) (array_type)
         (map_type) (pointer_type) (function_type) (channel_type)]) @class
(type_alias name: (type_identifier) @name) @class
; Interface methods: calls through an interface resolve to them.
(method_elem name: (field_identifier) @name) @method

; Calls. F[int](x) parses as a conversion to a generic type.
(call_expression) @call
(type_conversion_expression type: (generic_type)) @call
; Keyed literals of a package's type: frameworks register functions in them.
(composite_literal type: (qualified_type) body: (literal_value (keyed_element))) @call

; Imports.
(import_spec) @import

; Fields: those of named struct types belong to the type; those of anonymous
; structs to the struct (the first match of a field is the one kept).
(type_spec
  name: (type_identifier) @container
  type: (struct_type (field_declaration_list (field_declaration) @field)))
(struct_type (field_declaration_list (field_declaration) @field)) @container

; Locals.
(short_var_declaration) @local
(var_spec) @local
(const_spec) @local
(range_clause) @local
(receive_statement) @local
; switch v := x.(type): v per case; a closure's parameters.
(type_switch_statement) @local
(func_literal) @local
; Named results.
(function_declaration result: (parameter_list) @local)
(method_declaration result: (parameter_list) @local)
(func_literal result: (parameter_list) @local)

; Strings.
(interpreted_string_literal) @string
(raw_string_literal) @string
