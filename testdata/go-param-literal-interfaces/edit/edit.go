package edit

// Editor reads and writes.
type Editor interface {
	ReadFile(string) ([]byte, error) // @def(editorRead, "ReadFile")
	WriteFile(string, []byte) error
}

type split struct {
	r interface{ ReadFile(string) ([]byte, error) } // @def(fieldRead, "ReadFile")
}

func (s split) ReadFile(p string) ([]byte, error) { // @def(splitRead, "ReadFile")
	return s.r.ReadFile(p) // @site(s1, "ReadFile") @call(splitRead, fieldRead, s1) @dispatch(splitRead, fencedRead, s1) @dispatch(splitRead, editorRead, s1) @dispatch(splitRead, splitRead, s1)
}

func (s split) WriteFile(string, []byte) error { return nil }

// Fenced pairs a reader with no writer.
func Fenced(r interface {
	ReadFile(string) ([]byte, error) // @def(fencedRead, "ReadFile")
}) Editor {
	return split{r: r}
}

// Edit reads through the editor.
func Edit(e Editor, p string) ([]byte, error) { // @def(edit, "Edit")
	return e.ReadFile(p) // @site(e1, "ReadFile") @call(edit, editorRead, e1) @dispatch(edit, splitRead, e1) @dispatch(edit, fencedRead, e1) @dispatch(edit, fieldRead, e1) @dispatch(edit, paramRead, e1)
}

// Count takes a literal with a method of its own, in an unexported function.
func count(c interface{ Count() int }) int { // @def(count, "count") @def(countLit, "Count")
	return c.Count() // @site(c1, "Count") @call(count, countLit, c1)
}

// Total uses count.
func Total() int { return count(nil) }
