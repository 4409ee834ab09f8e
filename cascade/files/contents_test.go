package files

import "testing"

// The kept contents never exceed their budget.
func TestContentsBudget(t *testing.T) {
	c := newContents(10)
	c.put("/r/a", 6, 1, []byte("123456"), nil, 0)
	c.put("/r/b", 6, 1, []byte("abcdef"), nil, 0) // over budget: not kept
	if _, ok := c.get("/r/b", 6, 1); ok {
		t.Error("kept a file past the budget")
	}
	if got, ok := c.get("/r/a", 6, 1); !ok || string(got.data) != "123456" {
		t.Errorf("lost a file within the budget: %v", ok)
	}
	if _, ok := c.get("/r/a", 6, 2); ok {
		t.Error("an entry with another modification time was used")
	}
	c.forgetFiles("/r", []string{"a", "b"})
	if c.bytes != 0 || len(c.files) != 0 {
		t.Errorf("forgetFiles left %d bytes in %d files", c.bytes, len(c.files))
	}
}
