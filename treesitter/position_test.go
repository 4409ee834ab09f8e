package treesitter

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestLineIndexPosition(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		offset uint32
		want   Position
	}{
		{"start of file", "abc", 0, Position{0, 0}},
		{"ascii", "abc\ndef", 5, Position{1, 1}},
		{"end of line", "abc\ndef", 3, Position{0, 3}},
		{"start of second line", "abc\ndef", 4, Position{1, 0}},
		{"end of file", "abc\ndef", 7, Position{1, 3}},
		{"past end of file clamps", "abc\ndef", 100, Position{1, 3}},
		{"after trailing newline", "abc\n", 4, Position{1, 0}},
		{"cjk counts one unit per char", "日本語x", 9, Position{0, 3}},
		{"inside a cjk char clamps to its start", "日本語", 4, Position{0, 1}},
		{"emoji counts two units", "😀x", 4, Position{0, 2}},
		{"after emoji and cjk", "a😀日b", 8, Position{0, 4}},
		{"inside emoji clamps to its start", "😀", 2, Position{0, 0}},
		{"crlf second line", "ab\r\ncd", 5, Position{1, 1}},
		{"crlf before the cr", "ab\r\ncd", 2, Position{0, 2}},
		{"between cr and lf clamps before the cr", "ab\r\ncd", 3, Position{0, 2}},
		{"lone cr is text", "a\rb", 2, Position{0, 2}},
		{"invalid utf-8 byte is one unit", "\xff\xfeab", 3, Position{0, 3}},
		{"truncated utf-8 sequence", "\xe6\x97x", 2, Position{0, 2}},
		{"empty file", "", 0, Position{0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := NewLineIndex([]byte(tt.src)).Position(tt.offset)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Position(%d) of %q (-want +got):\n%s", tt.offset, tt.src, diff)
			}
		})
	}
}

func TestLineIndexOffset(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		pos    Position
		want   uint32
		wantOK bool
	}{
		{"ascii", "abc\ndef", Position{1, 1}, 5, true},
		{"start of file", "abc", Position{0, 0}, 0, true},
		{"past end of line clamps to line end", "abc\ndef", Position{0, 10}, 3, true},
		{"past end of last line clamps to file end", "abc\ndef", Position{1, 10}, 7, true},
		{"empty last line after newline", "abc\n", Position{1, 0}, 4, true},
		{"line past end of file", "abc\ndef", Position{2, 0}, 0, false},
		{"far line past end of file", "abc", Position{1 << 31, 0}, 0, false},
		{"cjk", "日本語x", Position{0, 2}, 6, true},
		{"after emoji", "😀x", Position{0, 2}, 4, true},
		{"inside surrogate pair clamps to char start", "a😀x", Position{0, 2}, 1, true},
		{"crlf clamps before the cr", "ab\r\ncd", Position{0, 5}, 2, true},
		{"crlf second line", "ab\r\ncd", Position{1, 2}, 6, true},
		{"lone cr is text", "a\rb", Position{0, 2}, 2, true},
		{"invalid utf-8 byte is one unit", "\xff\xfeab", Position{0, 2}, 2, true},
		{"empty file", "", Position{0, 0}, 0, true},
		{"empty file, line 1", "", Position{1, 0}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := NewLineIndex([]byte(tt.src)).Offset(tt.pos)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("Offset(%v) of %q = %d, %v; want %d, %v", tt.pos, tt.src, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestLineIndexSpan(t *testing.T) {
	src := "x := 1\r\n// 日本😀 call()\r\n"
	start := uint32(strings.Index(src, "call"))
	got := NewLineIndex([]byte(src)).Span(start, start+4)
	want := Span{Start: Position{1, 8}, End: Position{1, 12}, StartByte: start, EndByte: start + 4}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Span (-want +got):\n%s", diff)
	}
}

// charBoundaries lists the offsets where a character starts, plus the end
// of the file, leaving out the "\n" of a "\r\n" (no position lies between
// the two).
func charBoundaries(src []byte) []uint32 {
	var out []uint32
	for i := 0; i < len(src); {
		if !(src[i] == '\n' && i > 0 && src[i-1] == '\r') {
			out = append(out, uint32(i))
		}
		_, size := utf8.DecodeRune(src[i:])
		i += size
	}
	return append(out, uint32(len(src)))
}

func TestLineIndexRoundTrip(t *testing.T) {
	for _, src := range []string{
		"", "abc", "a\nb\n", "日本語\n😀x\r\nz", "\xff\xe6\x97\n\r\r\n😀", "\n\n\n",
	} {
		li := NewLineIndex([]byte(src))
		for _, b := range charBoundaries([]byte(src)) {
			p := li.Position(b)
			if got, ok := li.Offset(p); !ok || got != b {
				t.Errorf("%q: Offset(Position(%d) = %v) = %d, %v", src, b, p, got, ok)
			}
		}
	}
}

func FuzzLineIndex(f *testing.F) {
	for _, seed := range []string{"", "a\nb", "日本語\r\n😀", "\xff\xfe\r", "x\r\n\r\n"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		li := NewLineIndex(src)
		for _, b := range charBoundaries(src) {
			p := li.Position(b)
			got, ok := li.Offset(p)
			if !ok || got != b {
				t.Fatalf("%q: Offset(Position(%d) = %v) = %d, %v", src, b, p, got, ok)
			}
		}
		// Any position inside the file's lines maps to a valid offset.
		for line := 0; line < li.LineCount(); line++ {
			if off, ok := li.Offset(Position{Line: uint32(line), Character: 1 << 30}); !ok || off > uint32(len(src)) {
				t.Fatalf("%q: Offset(line %d, far right) = %d, %v", src, line, off, ok)
			}
		}
	})
}

// referencePosition is Position computed the plain way: find the line by
// scanning, then count UTF-16 units rune by rune.
func referencePosition(src []byte, off uint32) Position {
	if off > uint32(len(src)) {
		off = uint32(len(src))
	}
	var line, start uint32
	for i := uint32(0); i < off; i++ {
		if src[i] == '\n' {
			line, start = line+1, i+1
		}
	}
	end := uint32(len(src))
	if i := bytes.IndexByte(src[start:], '\n'); i >= 0 {
		end = start + uint32(i)
		if end > start && src[end-1] == '\r' {
			end--
		}
	}
	off = min(off, end)
	var units uint32
	for i := start; i < off; {
		r, size := utf8.DecodeRune(src[i:end])
		if i+uint32(size) > off {
			break
		}
		units += utf16Len(r)
		i += uint32(size)
	}
	return Position{Line: line, Character: units}
}

// The ASCII and same-line shortcuts must not change any position.
func TestLineIndexMatchesReference(t *testing.T) {
	pieces := []string{"a", "bc", " ", "\n", "\r\n", "\r", "日", "😀", "\xff", "\xe6\x97"}
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 300; round++ {
		var b strings.Builder
		for n := rng.Intn(40); n > 0; n-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		if round%3 == 0 { // and files that are pure ASCII
			b.Reset()
			for n := rng.Intn(40); n > 0; n-- {
				b.WriteString(pieces[rng.Intn(6)])
			}
		}
		src := []byte(b.String())
		li := NewLineIndex(src)
		for start := uint32(0); start <= uint32(len(src))+2; start++ {
			if got, want := li.Position(start), referencePosition(src, start); got != want {
				t.Fatalf("Position(%d) of %q = %v, want %v", start, src, got, want)
			}
			for end := start; end <= uint32(len(src))+2; end++ {
				want := Span{Start: referencePosition(src, start), End: referencePosition(src, end), StartByte: start, EndByte: end}
				if got := li.Span(start, end); got != want {
					t.Fatalf("Span(%d, %d) of %q = %v, want %v", start, end, src, got, want)
				}
			}
		}
	}
}

func TestCharacterColumn(t *testing.T) {
	src := []byte("a\r\n日本😀x = f()\nlast")
	li := NewLineIndex(src)
	for _, tc := range []struct {
		line  uint32
		chars int
		want  uint32
	}{
		{0, 1, 1},
		{0, 5, 1}, // past the end: stops before \r\n
		{1, 2, 2}, // two CJK characters, one unit each
		{1, 3, 4}, // the emoji is two units
		{1, 4, 5},
		{2, 2, 2},
		{9, 1, 0}, // no such line
	} {
		if got := li.CharacterColumn(tc.line, tc.chars); got != tc.want {
			t.Errorf("CharacterColumn(%d, %d) = %d, want %d", tc.line, tc.chars, got, tc.want)
		}
	}
}

// A minified bundle's line of kilobytes, not all ASCII, is counted from the
// marks: every position on it must still be the one counted from the line's
// start, whatever the characters around the marks (multi-byte characters
// across a mark, invalid bytes, "\r\n" ends).
func TestLineIndexLongLinesMatchReference(t *testing.T) {
	pieces := []string{"a", "bc", " ", "(", "日", "😀", "\xff", "\xe6\x97", "é"}
	rng := rand.New(rand.NewSource(2))
	for round := 0; round < 20; round++ {
		var b strings.Builder
		for line := 0; line < 3; line++ {
			n := rng.Intn(3 * longLine)
			if line == 1 {
				n = longLine + 1 + rng.Intn(4*markStride) // one long line at least
			}
			for b.Len() < n*(line+1) {
				if round%4 == 0 && line == 0 {
					b.WriteString(pieces[rng.Intn(4)]) // a long ASCII line in a file that is not
				} else {
					b.WriteString(pieces[rng.Intn(len(pieces))])
				}
			}
			b.WriteString([]string{"\n", "\r\n"}[rng.Intn(2)])
		}
		src := []byte(b.String())
		li := NewLineIndex(src)
		if len(li.marks) == 0 {
			t.Fatalf("round %d: no line was marked in %d bytes", round, len(src))
		}
		for off := uint32(0); off <= uint32(len(src))+2; off++ {
			if got, want := li.Position(off), referencePosition(src, off); got != want {
				t.Fatalf("round %d: Position(%d) = %v, want %v", round, off, got, want)
			}
		}
	}
}
