package memory

import "example.com/gi/store"

// FakePicker is a test double of store.Picker: its Select returns Rows,
// so calls through store.Querier never run it.
type FakePicker struct{ rows store.Rows }

func (f FakePicker) Select(fields ...string) store.Rows { return f.rows } // @def(fakeSelect, "Select")

// FakeSizer counts in ints: it implements store.Sizer, not store.Querier.
type FakeSizer struct{}

func (FakeSizer) Count() (int, error) { return 0, nil } // @def(fakeCount, "Count")
