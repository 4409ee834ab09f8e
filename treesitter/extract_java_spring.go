package treesitter

// javaValueToken is the property a Spring field is injected with: its own
// @Value("${app.topic}"), or that of a constructor parameter assigned to
// it (this.topic = topic), as written; kept as the field's injection
// token. A send to that field names the same property as a listener's
// topics = "${app.topic}".
func javaValueToken(e *extractor, fieldDecl *node) string {
	if v := javaValueAnnotation(e, fieldDecl); v != "" {
		return v
	}
	return ""
}

// javaFieldToken is javaValueToken for one declarator of a field
// declaration: a constructor's @Value parameter assigned to it counts.
func javaFieldToken(e *extractor, fieldDecl *node, name string) string {
	if v := javaValueToken(e, fieldDecl); v != "" {
		return v
	}
	if body := parent(fieldDecl); nodeType(body) == "class_body" {
		return javaConstructorValueTokens(e, body)[name]
	}
	return ""
}

// javaValueAnnotation is the argument of a @Value(...) among the
// modifiers of a declaration or parameter.
func javaValueAnnotation(e *extractor, decl *node) string {
	for c := range eachNamed(decl) {
		if c.Type() != "modifiers" {
			continue
		}
		for _, d := range javaAnnotations(e, c) {
			if lastSegment(d.Name) == "Value" && len(d.Args) == 1 {
				return d.Args[0]
			}
		}
	}
	return ""
}

// javaConstructorValueTokens maps the fields of a class body that its
// constructors assign from a @Value parameter (this.topic = topic) to
// that parameter's @Value argument.
func javaConstructorValueTokens(e *extractor, classBody *node) map[string]string {
	out := map[string]string{}
	for ctor := range eachNamed(classBody) {
		if ctor.Type() != "constructor_declaration" {
			continue
		}
		params := map[string]string{}
		for p := range eachNamed(field(ctor, "parameters")) {
			if p.Type() == "formal_parameter" {
				if v := javaValueAnnotation(e, p); v != "" {
					params[e.text(field(p, "name"))] = v
				}
			}
		}
		if len(params) == 0 {
			continue
		}
		for st := range eachNamed(field(ctor, "body")) {
			a := firstNamed(st)
			if st.Type() != "expression_statement" || nodeType(a) != "assignment_expression" {
				continue
			}
			left, right := field(a, "left"), field(a, "right")
			if nodeType(left) != "field_access" || e.text(field(left, "object")) != "this" || nodeType(right) != "identifier" {
				continue
			}
			if v, ok := params[e.text(right)]; ok {
				out[e.text(field(left, "field"))] = v
			}
		}
	}
	return out
}
