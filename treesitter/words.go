package treesitter

import (
	"hash/maphash"
	"slices"
	"unicode/utf8"
)

// WordSet is the distinct whole words of a text (maximal runs of identifier
// characters, as IndexWord draws their edges), each kept as a 32-bit hash,
// sorted. The grep stage's prefilter asks it whether a file may hold a name
// instead of scanning the file's bytes for it: on a 7,000-file workspace the
// scan was most of a search's CPU for a name with no caller. A hash shared
// by two words makes MayHold say yes wrongly, never no wrongly, so a yes is
// still checked with IndexWord.
type WordSet struct {
	hashes []uint32
}

// wordSeed is fixed for the process: the hashes of a name and of a file's
// words must agree.
var wordSeed = maphash.MakeSeed()

// WordHash is the hash a WordSet keeps for word.
func WordHash(word []byte) uint32 { return wordHash(word) }

func wordHash(word []byte) uint32 {
	h := maphash.Bytes(wordSeed, word)
	return uint32(h ^ h>>32)
}

// Words lists src's words. ok is false where the set would not be exact
// about whole words: src is not valid UTF-8 (IndexWord then decodes
// around each match, and a run drawn from the start could differ).
func Words(src []byte) (ws WordSet, ok bool) {
	if !utf8.Valid(src) {
		return WordSet{}, false
	}
	var hashes []uint32
	start := -1 // the current run's first byte, -1 outside a run
	for i := 0; i < len(src); {
		c := src[i]
		ident, width := false, 1
		if c < utf8.RuneSelf {
			ident = grepIdentByte(c)
		} else {
			var r rune
			r, width = utf8.DecodeRune(src[i:])
			ident = r != utf8.RuneError && grepIdentRune(r)
		}
		switch {
		case ident && start < 0:
			start = i
		case !ident && start >= 0:
			hashes = append(hashes, wordHash(src[start:i]))
			start = -1
		}
		i += width
	}
	if start >= 0 {
		hashes = append(hashes, wordHash(src[start:]))
	}
	slices.Sort(hashes)
	return WordSet{hashes: slices.Clip(slices.Compact(hashes))}, true
}

// MayHold reports whether the text may hold word as a whole word; false is
// certain. word must be an identifier name (IsIdentifierName): a name with
// a character that ends a word is never one of the set's words.
func (ws WordSet) MayHold(word []byte) bool {
	_, found := slices.BinarySearch(ws.hashes, wordHash(word))
	return found
}

// Hashes are the set's hashes, ascending. They are shared: never modify them.
func (ws WordSet) Hashes() []uint32 { return ws.hashes }

// Bytes is the set's size in memory, for a budget.
func (ws WordSet) Bytes() int64 { return int64(cap(ws.hashes)) * 4 }
