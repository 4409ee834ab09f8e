package treesitter

// javaValueToken is the property a Spring field is injected with,
// @Value("${app.topic}") String topic: the annotation's argument as
// written, kept as the field's injection token. A send to that field
// names the same property as a listener's topics = "${app.topic}".
func javaValueToken(e *extractor, fieldDecl *node) string {
	for _, c := range namedChildren(fieldDecl) {
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
