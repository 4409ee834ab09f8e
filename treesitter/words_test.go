package treesitter

import (
	"math/rand/v2"
	"testing"
)

// The set must never say no where IndexWord finds the word: the grep stage
// would lose a caller. Random texts over a small alphabet of identifier
// characters, separators and multi-byte letters put every word edge to
// the test.
func TestWordsAgreeWithIndexWord(t *testing.T) {
	alphabet := []string{"a", "b", "_", "$", "1", " ", ".", "(", "é", "ß", "\u0301", "日", "—", "\n"}
	names := []string{"a", "b", "ab", "ba", "a_b", "$a", "é", "aé", "日a", "a1", "_", "ab\u0301", "ß"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		var text []byte
		for range rng.IntN(30) {
			text = append(text, alphabet[rng.IntN(len(alphabet))]...)
		}
		ws, ok := Words(text)
		if !ok {
			t.Fatalf("%q is valid UTF-8, yet no set was made", text)
		}
		for _, name := range names {
			if !IsIdentifierName(name) {
				continue
			}
			found := IndexWord(text, []byte(name), 0) >= 0
			if found && !ws.MayHold([]byte(name)) {
				t.Fatalf("IndexWord finds %q in %q, the word set says it is not there", name, text)
			}
		}
	}
}

func TestWordsSayNoToAbsentWords(t *testing.T) {
	ws, ok := Words([]byte("func (c *Client) DoAction(req Request) { c.doActionWithSigner(req, \"CreateUser\") }"))
	if !ok {
		t.Fatal("no set for valid text")
	}
	for _, present := range []string{"DoAction", "Client", "CreateUser", "doActionWithSigner", "c"} {
		if !ws.MayHold([]byte(present)) {
			t.Errorf("%s is in the text, the set says no", present)
		}
	}
	for _, absent := range []string{"Do", "Action", "DoActionWithChan", "Create", "doAction"} {
		if ws.MayHold([]byte(absent)) {
			t.Errorf("%s is not a whole word of the text, the set says it may be (a hash collision here is possible but unlikely)", absent)
		}
	}
}

func TestWordsRefuseInvalidUTF8(t *testing.T) {
	if _, ok := Words([]byte("abc \xff def")); ok {
		t.Error("a set was made for invalid UTF-8: IndexWord decodes around each match there, and the set could disagree")
	}
}
