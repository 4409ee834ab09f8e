package treesitter

import (
	"sort"
	"unicode/utf8"
)

// LineIndex maps byte offsets of one file to LSP positions (zero-based line,
// UTF-16 column) and back.
//
// Lines end at "\n". In a "\r\n" pair the "\r" belongs to no character of the
// line: positions past it clamp to before it. A lone "\r" is ordinary text,
// as it is for tree-sitter and for nearly all editors we serve; treating it as
// a line break would make our line numbers disagree with the parser's.
//
// Invalid UTF-8 bytes count as one UTF-16 unit each (each decodes to U+FFFD),
// and characters outside the Basic Multilingual Plane count as two.
type LineIndex struct {
	src        []byte
	lineStarts []uint32 // byte offset where each line begins; lineStarts[0] == 0
}

// NewLineIndex indexes src. It keeps a reference to src, which must not be
// modified afterwards.
func NewLineIndex(src []byte) *LineIndex {
	starts := make([]uint32, 1, 1+len(src)/32)
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, uint32(i+1))
		}
	}
	return &LineIndex{src: src, lineStarts: starts}
}

// LineCount is the number of lines; a file ending in "\n" has an empty last line.
func (li *LineIndex) LineCount() int { return len(li.lineStarts) }

// lineOf returns the line containing byteOffset (which must be <= len(src)).
func (li *LineIndex) lineOf(byteOffset uint32) int {
	// The first line start greater than the offset is one past its line.
	return sort.Search(len(li.lineStarts), func(i int) bool { return li.lineStarts[i] > byteOffset }) - 1
}

// contentEnd is the byte offset where line's characters end: before its
// "\n" or "\r\n", or at the end of the file.
func (li *LineIndex) contentEnd(line int) uint32 {
	if line+1 >= len(li.lineStarts) {
		return uint32(len(li.src))
	}
	end := li.lineStarts[line+1] - 1 // the "\n"
	if end > li.lineStarts[line] && li.src[end-1] == '\r' {
		end--
	}
	return end
}

// Position converts a byte offset to an LSP position. Offsets past the end of
// the file clamp to the end, offsets inside a multi-byte character to the
// character's start, and an offset between "\r" and "\n" to before the "\r".
func (li *LineIndex) Position(byteOffset uint32) Position {
	if byteOffset > uint32(len(li.src)) {
		byteOffset = uint32(len(li.src))
	}
	line := li.lineOf(byteOffset)
	end := li.contentEnd(line)
	if byteOffset > end {
		byteOffset = end
	}
	var units uint32
	for i := li.lineStarts[line]; i < byteOffset; {
		r, size := utf8.DecodeRune(li.src[i:end])
		if i+uint32(size) > byteOffset {
			break // byteOffset is inside this character
		}
		units += utf16Len(r)
		i += uint32(size)
	}
	return Position{Line: uint32(line), Character: units}
}

// Offset converts an LSP position to a byte offset. A character past the end
// of its line clamps to the line's end, a character inside a surrogate pair
// to the start of that character; a line past the end of the file is not a
// position in it (ok is false).
func (li *LineIndex) Offset(p Position) (offset uint32, ok bool) {
	if uint64(p.Line) >= uint64(len(li.lineStarts)) {
		return 0, false
	}
	i := li.lineStarts[p.Line]
	end := li.contentEnd(int(p.Line))
	var units uint32
	for i < end && units < p.Character {
		r, size := utf8.DecodeRune(li.src[i:end])
		w := utf16Len(r)
		if units+w > p.Character {
			break // the position is inside a surrogate pair
		}
		units += w
		i += uint32(size)
	}
	return i, true
}

// Span builds a Span for the half-open byte range [startByte, endByte).
func (li *LineIndex) Span(startByte, endByte uint32) Span {
	if endByte < startByte {
		endByte = startByte
	}
	return Span{
		Start:     li.Position(startByte),
		End:       li.Position(endByte),
		StartByte: startByte,
		EndByte:   endByte,
	}
}

// utf16Len is the number of UTF-16 code units r takes; utf8.RuneError (one
// per invalid byte) takes one, as U+FFFD does.
func utf16Len(r rune) uint32 {
	if r >= 0x10000 {
		return 2
	}
	return 1
}
