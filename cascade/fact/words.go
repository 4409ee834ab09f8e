package fact

import (
	"strings"
	"unicode"
)

// SplitWords returns the lower-cased words of identifiers and phrases, so a
// query in prose ("move files permanent storage") and a name in code
// (moveFilesToPermanentStorage, move_files, move-files, a.moveFiles) meet on
// the same terms. It splits at every character that is not a letter or digit,
// at lower→upper case changes (camelCase), before the last capital of an
// acronym followed by a lower-case letter (HTTPServer → http server), and
// between letters and digits (parseJSON2Yaml → parse json 2 yaml). Letters
// without case (CJK, say) stay in their words.
func SplitWords(s string) []string {
	var words []string
	runes := []rune(s)
	start := -1 // index of the first rune of the current word, -1 between words
	flush := func(end int) {
		if start >= 0 && end > start {
			words = append(words, strings.ToLower(string(runes[start:end])))
		}
		start = -1
	}
	for i, r := range runes {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		prev := runes[i-1]
		switch {
		case unicode.IsDigit(prev) != unicode.IsDigit(r):
			// Digits are words of their own: v2, utf8, parseJSON2Yaml.
			flush(i)
			start = i
		case unicode.IsUpper(r) && !unicode.IsUpper(prev):
			// camelCase boundary: lower (or caseless) then upper.
			flush(i)
			start = i
		case unicode.IsUpper(prev) && unicode.IsUpper(r) && i+1 < len(runes) && unicode.IsLower(runes[i+1]):
			// End of an acronym: the last capital starts the next word
			// (HTTPServer → HTTP, Server).
			flush(i)
			start = i
		}
	}
	flush(len(runes))
	return words
}
