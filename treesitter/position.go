package treesitter

import (
	"bytes"
	"encoding/binary"
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
	ascii      bool     // src is all ASCII: a column is a byte count
	// marks holds, for each long line of a file that is not all ASCII, the
	// UTF-16 column every markStride bytes: a minified bundle's one line of
	// hundreds of kilobytes was scanned from its start for each position on
	// it (a vendored TinyMCE's translations: 27 of a Python repository's 39
	// CPU-seconds of extraction).
	marks map[int][]lineMark
}

// lineMark is a character boundary on a long line and its UTF-16 column.
type lineMark struct{ off, units uint32 }

// A line longer than longLine bytes gets marks every markStride bytes.
const (
	longLine   = 1024
	markStride = 256
)

// NewLineIndex indexes src. It keeps a reference to src, which must not be
// modified afterwards.
func NewLineIndex(src []byte) *LineIndex {
	li := &LineIndex{lineStarts: make([]uint32, 0, 1+len(src)/32)}
	li.reset(src)
	return li
}

// reset indexes src in li, reusing li's memory.
func (li *LineIndex) reset(src []byte) {
	starts := append(li.lineStarts[:0], 0)
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, uint32(i))
	}
	*li = LineIndex{src: src, lineStarts: starts, ascii: isASCII(src)}
	if !li.ascii {
		li.markLongLines()
	}
}

// markLongLines fills marks for the lines longer than longLine bytes.
func (li *LineIndex) markLongLines() {
	for line, start := range li.lineStarts {
		end := li.contentEnd(line)
		if end-start <= longLine {
			continue
		}
		marks := make([]lineMark, 0, 1+(end-start)/markStride)
		next := start
		var units uint32
		for i := start; i < end; {
			if i >= next {
				marks = append(marks, lineMark{i, units})
				next = i + markStride
			}
			r, size := utf8.DecodeRune(li.src[i:end])
			units += utf16Len(r)
			i += uint32(size)
		}
		if li.marks == nil {
			li.marks = map[int][]lineMark{}
		}
		li.marks[line] = marks
	}
}

// isASCII reports whether b has no byte above 0x7f, eight bytes at a time.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// LineCount is the number of lines; a file ending in "\n" has an empty last line.
func (li *LineIndex) LineCount() int { return len(li.lineStarts) }

// lineOf returns the line containing byteOffset (which must be <= len(src)).
func (li *LineIndex) lineOf(byteOffset uint32) int {
	// The first line start greater than the offset is one past its line.
	lo, hi := 0, len(li.lineStarts)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if li.lineStarts[mid] > byteOffset {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo - 1
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
	return li.positionOnLine(li.lineOf(byteOffset), byteOffset)
}

// positionOnLine is Position for an offset known to be on line.
func (li *LineIndex) positionOnLine(line int, byteOffset uint32) Position {
	end := li.contentEnd(line)
	if byteOffset > end {
		byteOffset = end
	}
	start := li.lineStarts[line]
	var units uint32
	if marks := li.marks[line]; marks != nil {
		// Count from the nearest mark at or before the offset.
		k := min(int((byteOffset-start)/markStride), len(marks)-1)
		for k > 0 && marks[k].off > byteOffset {
			k--
		}
		start, units = marks[k].off, marks[k].units
	} else if li.ascii || isASCII(li.src[start:byteOffset]) {
		return Position{Line: uint32(line), Character: byteOffset - start}
	}
	for i := start; i < byteOffset; {
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
	end := li.Position(endByte)
	// Most spans start on the line they end on: no second search.
	line := int(end.Line)
	var start Position
	if startByte >= li.lineStarts[line] {
		start = li.positionOnLine(line, startByte)
	} else {
		start = li.Position(startByte)
	}
	return Span{
		Start:     start,
		End:       end,
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

// CharacterColumn converts a column counted in characters (code points),
// as people and terminals count them, to UTF-16 code units on line, as LSP
// counts them. A column past the end of the line stops at its end.
func (li *LineIndex) CharacterColumn(line uint32, chars int) uint32 {
	start, ok := li.Offset(Position{Line: line})
	if !ok {
		return 0
	}
	var units uint32
	for _, r := range string(li.src[start:]) {
		if chars <= 0 || r == '\n' || r == '\r' {
			break
		}
		chars--
		units += utf16Len(r)
	}
	return units
}
