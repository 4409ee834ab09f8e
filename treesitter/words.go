package treesitter

import (
	"slices"
	"sync"
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

// identByte marks the ASCII bytes grepIdentByte accepts.
var identByte = func() (t [utf8.RuneSelf]bool) {
	for c := range utf8.RuneSelf {
		t[c] = grepIdentByte(byte(c))
	}
	return t
}()

// FNV-1a, 32 bits: computed byte by byte while the words are drawn, so
// that a file costs one pass (the grep warm-up draws the words of every
// file of the workspace).
const (
	fnvOffset = 2166136261
	fnvPrime  = 16777619
)

// WordHash is the hash a WordSet keeps for word.
func WordHash(word []byte) uint32 {
	h := uint32(fnvOffset)
	for _, c := range word {
		h = (h ^ uint32(c)) * fnvPrime
	}
	return h
}

// Words lists src's words. ok is false where the set would not be exact
// about whole words: src is not valid UTF-8 (IndexWord then decodes
// around each match, and a run drawn from the start could differ).
func Words(src []byte) (ws WordSet, ok bool) {
	if !utf8.Valid(src) {
		return WordSet{}, false
	}
	scratch := wordScratch.Get().(*[]uint32)
	defer wordScratch.Put(scratch)
	hashes := (*scratch)[:0]
	h, in := uint32(fnvOffset), false
	for i := 0; i < len(src); {
		c := src[i]
		if c < utf8.RuneSelf {
			if identByte[c] {
				h, in = (h^uint32(c))*fnvPrime, true
			} else if in {
				hashes = append(hashes, h)
				h, in = fnvOffset, false
			}
			i++
			continue
		}
		r, width := utf8.DecodeRune(src[i:])
		if r != utf8.RuneError && grepIdentRune(r) {
			for _, b := range src[i : i+width] {
				h = (h ^ uint32(b)) * fnvPrime
			}
			in = true
		} else if in {
			hashes = append(hashes, h)
			h, in = fnvOffset, false
		}
		i += width
	}
	if in {
		hashes = append(hashes, h)
	}
	slices.Sort(hashes)
	*scratch = hashes
	// A set of its own size: the grep stage keeps one per file.
	return WordSet{hashes: slices.Clone(slices.Compact(hashes))}, true
}

// wordScratch holds the hashes of a file's every word while they are
// sorted and made distinct, one buffer per Words call at a time.
var wordScratch = sync.Pool{New: func() any { return new([]uint32) }}

// MayHold reports whether the text may hold word as a whole word; false is
// certain. word must be an identifier name (IsIdentifierName): a name with
// a character that ends a word is never one of the set's words.
func (ws WordSet) MayHold(word []byte) bool {
	_, found := slices.BinarySearch(ws.hashes, WordHash(word))
	return found
}

// Hashes are the set's hashes, ascending. They are shared: never modify them.
func (ws WordSet) Hashes() []uint32 { return ws.hashes }

// Bytes is the set's size in memory, for a budget.
func (ws WordSet) Bytes() int64 { return int64(len(ws.hashes)) * 4 }
