package treesitter

import (
	"unicode"
	"unicode/utf8"
)

// IdentifierAt returns the identifier under (or just before) a byte offset,
// with its span: what the cursor is on when no declaration or resolvable
// call is. It scans bytes only, so it is cheap enough for every cursor move.
func IdentifierAt(src []byte, offset uint32) (string, Span, bool) {
	if int(offset) > len(src) {
		return "", Span{}, false
	}
	start, end := int(offset), int(offset)
	for start > 0 {
		r, size := utf8.DecodeLastRune(src[:start])
		if !isIdentRune(r) {
			break
		}
		start -= size
	}
	for end < len(src) {
		r, size := utf8.DecodeRune(src[end:])
		if !isIdentRune(r) {
			break
		}
		end += size
	}
	if start == end {
		return "", Span{}, false
	}
	word := string(src[start:end])
	if first, _ := utf8.DecodeRuneInString(word); unicode.IsDigit(first) {
		return "", Span{}, false
	}
	return word, NewLineIndex(src).Span(uint32(start), uint32(end)), true
}

func isIdentRune(r rune) bool {
	return r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// keywords are the reserved words of the supported languages that can look
// like a name under the cursor; a request on one is not a request about a
// function.
var keywords = map[Language]map[string]bool{}

func init() {
	add := func(langs []Language, words ...string) {
		for _, l := range langs {
			if keywords[l] == nil {
				keywords[l] = map[string]bool{}
			}
			for _, w := range words {
				keywords[l][w] = true
			}
		}
	}
	ecma := []Language{TypeScript, TSX, JavaScript}
	add(ecma, "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "export",
		"extends", "finally", "for", "function", "if", "import", "in", "instanceof", "let", "new", "return", "super", "switch",
		"this", "throw", "try", "typeof", "var", "void", "while", "with", "yield", "async", "await", "static", "true", "false",
		"null", "undefined", "interface", "type", "enum", "implements", "private", "protected", "public", "readonly", "of")
	add([]Language{Python}, "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
		"def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
		"nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "self", "cls")
	add([]Language{Go}, "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for",
		"func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct", "switch",
		"type", "var", "nil", "true", "false")
	add([]Language{Java}, "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
		"continue", "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
		"implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private", "protected",
		"public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws",
		"transient", "try", "void", "volatile", "while", "true", "false", "null", "var", "record")
}

// IsKeyword reports whether word is a reserved word of lang.
func IsKeyword(lang Language, word string) bool { return keywords[lang][word] }
