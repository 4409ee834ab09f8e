package treesitter

import "strings"

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
		if v := javaConstructorValueTokens(e, body)[name]; v != "" {
			return v
		}
	}
	return javaInjectToken(e, fieldDecl, name)
}

// JavaInjectPrefix starts the Token of a Java field Spring injects a bean
// into (Field.Token): "inject:" by type, "inject:NAME" for a bean
// qualified or named NAME (@Qualifier("NAME"), @Named("NAME"),
// @Resource(name = "NAME"), a constructor parameter's @Qualifier), and
// "inject:*" for a @Resource with no name (the bean named as the field,
// else by type). The resolver narrows a call through the field to that
// bean's class (framework_spring.go).
const JavaInjectPrefix = "inject:"

// javaStereotypes are the class annotations that make a Spring bean of
// the class (component scanning), and so constructor injection of its
// fields.
var javaStereotypes = map[string]bool{"Component": true, "Service": true, "Repository": true,
	"Controller": true, "RestController": true, "Configuration": true, "ControllerAdvice": true,
	"RestControllerAdvice": true, "SpringBootApplication": true, "Named": true, "ManagedBean": true}

// JavaStereotype reports whether a class annotation (its name as written)
// makes the class a Spring bean.
func JavaStereotype(name string) bool { return javaStereotypes[lastSegment(name)] }

// javaInjectToken is the JavaInjectPrefix token of a field Spring injects:
// one annotated @Autowired, @Inject or @Resource; one a constructor of a
// bean class (or an @Autowired constructor) assigns from its parameter
// (this.store = store); a final field of a bean class whose constructor
// Lombok writes (@RequiredArgsConstructor, @AllArgsConstructor). "" for
// any other field.
func javaInjectToken(e *extractor, fieldDecl *node, name string) string {
	own := javaModifierAnnotations(e, fieldDecl)
	qualifier := javaQualifier(own)
	for _, d := range own {
		switch lastSegment(d.Name) {
		case "Autowired", "Inject":
			return JavaInjectPrefix + qualifier
		case "Resource":
			for _, a := range d.Args {
				if k, v, ok := strings.Cut(a, "="); ok && strings.TrimSpace(k) == "name" {
					if lit, ok := StringLiteral(v); ok && lit != "" {
						return JavaInjectPrefix + lit
					}
				}
			}
			return JavaInjectPrefix + "*"
		}
	}
	body := parent(fieldDecl)
	class := parent(body)
	if nodeType(body) != "class_body" || nodeType(class) != "class_declaration" {
		return ""
	}
	bean, lombok := false, false
	for _, d := range javaModifierAnnotations(e, class) {
		switch n := lastSegment(d.Name); {
		case javaStereotypes[n]:
			bean = true
		case n == "RequiredArgsConstructor" || n == "AllArgsConstructor":
			lombok = true
		}
	}
	if q, ok := javaConstructorInjected(e, body, name, bean); ok {
		if q == "" {
			q = qualifier
		}
		return JavaInjectPrefix + q
	}
	if bean && lombok && javaFinalUnset(e, fieldDecl) {
		return JavaInjectPrefix + qualifier
	}
	return ""
}

// javaModifierAnnotations are the annotations among the modifiers of a
// declaration or parameter.
func javaModifierAnnotations(e *extractor, decl *node) []Decorator {
	for c := range eachNamed(decl) {
		if c.Type() == "modifiers" {
			return javaAnnotations(e, c)
		}
	}
	return nil
}

// javaQualifier is the bean name a @Qualifier("x") or @Named("x") among
// annotations asks for, "" if none.
func javaQualifier(annotations []Decorator) string {
	for _, d := range annotations {
		switch lastSegment(d.Name) {
		case "Qualifier", "Named":
			if len(d.Args) == 1 {
				v := d.Args[0]
				if k, rest, ok := strings.Cut(v, "="); ok && strings.TrimSpace(k) == "value" {
					v = rest
				}
				if lit, ok := StringLiteral(v); ok {
					return lit
				}
			}
		}
	}
	return ""
}

// javaFinalUnset reports whether a field declaration is final, not
// static, and has no initializer: one a generated constructor sets.
func javaFinalUnset(e *extractor, fieldDecl *node) bool {
	final := false
	for c := range eachNamed(fieldDecl) {
		if c.Type() != "modifiers" {
			continue
		}
		for m := c.FirstChild(); m != nil; m = m.NextSibling() {
			switch m.Type() {
			case "final":
				final = true
			case "static":
				return false
			}
		}
	}
	for _, d := range childrenByField(fieldDecl, "declarator") {
		if field(d, "value") != nil {
			return false
		}
	}
	return final
}

// javaConstructorInjected reports whether a constructor of a class body
// assigns field name from one of its parameters (this.name = param), in a
// bean class (bean) or in a constructor or method (a setter) annotated
// @Autowired or @Inject; qualifier is that parameter's @Qualifier, "" if
// none.
func javaConstructorInjected(e *extractor, classBody *node, name string, bean bool) (qualifier string, ok bool) {
	for ctor := range eachNamed(classBody) {
		if ctor.Type() != "constructor_declaration" && ctor.Type() != "method_declaration" {
			continue
		}
		injecting := bean && ctor.Type() == "constructor_declaration" // a setter injects only when @Autowired
		for _, d := range javaModifierAnnotations(e, ctor) {
			if n := lastSegment(d.Name); n == "Autowired" || n == "Inject" {
				injecting = true
			}
		}
		if !injecting {
			continue
		}
		params := map[string]string{}
		for p := range eachNamed(field(ctor, "parameters")) {
			if p.Type() == "formal_parameter" {
				params[e.text(field(p, "name"))] = javaQualifier(javaModifierAnnotations(e, p))
			}
		}
		for st := range eachNamed(field(ctor, "body")) {
			a := firstNamed(st)
			if st.Type() != "expression_statement" || nodeType(a) != "assignment_expression" {
				continue
			}
			left, right := field(a, "left"), field(a, "right")
			if nodeType(left) != "field_access" || e.text(field(left, "object")) != "this" || nodeType(right) != "identifier" ||
				e.text(field(left, "field")) != name {
				continue
			}
			if q, found := params[e.text(right)]; found {
				return q, true
			}
		}
	}
	return "", false
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
