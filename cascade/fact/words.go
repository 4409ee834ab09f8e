package fact

import (
	"slices"
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

// DistinctWords is how many different words a SplitWords result holds:
// the size of the word sets NameShare compares.
func DistinctWords(words []string) int {
	if len(words) > 16 { // long literals: a set, not the quadratic scan
		seen := make(map[string]struct{}, len(words))
		for _, w := range words {
			seen[w] = struct{}{}
		}
		return len(seen)
	}
	n := 0
	for i, w := range words {
		if !slices.Contains(words[:i], w) {
			n++
		}
	}
	return n
}

// NameShare says how much of a text is a name: the share of the text's
// distinct words that are the name's, when the text holds every word of the
// name; 0 when it misses one. 'update-customer-groups' is all of
// updateCustomerGroups (1.0), '/references/cart/deleteLineItemTaxLines' mostly
// deleteLineItemTaxLines (5 of 7), and neither 'setLineItemTaxLines' nor
// 'archive' is deleteLineItemTaxLines or archiveReport at all (0), however
// many of the words they share. The keyword stage counts a literal as naming
// a function only above a share (keyword.DefaultThreshold).
func NameShare(text string, name []string) float64 {
	if len(name) == 0 {
		return 0
	}
	have := SplitWords(text)
	for _, w := range name {
		if !slices.Contains(have, w) {
			return 0
		}
	}
	return float64(DistinctWords(name)) / float64(DistinctWords(have))
}
