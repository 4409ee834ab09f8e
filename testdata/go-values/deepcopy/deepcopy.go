// Package deepcopy is the shape controller-gen writes (envoyproxy/gateway's
// zz_generated.deepcopy.go): a field is copied through a local that shadows
// the receiver with a pointer to the field, and each element through an
// explicit dereference, (*in)[i].DeepCopyInto(&(*out)[i]), a call of the
// element type's method, as gopls says.
package deepcopy

type Entry struct{ N int }

func (in *Entry) DeepCopyInto(out *Entry) { *out = *in } // @def(entryCopy, "DeepCopyInto") @callers(entryCopy, listCopy, entryDeep)

func (in *Entry) DeepCopy() *Entry { // @def(entryDeep, "DeepCopy") @callers(entryDeep, tagsCopy, entriesCopy)
	out := new(Entry)
	in.DeepCopyInto(out) // @site(deepInto, "DeepCopyInto") @call(entryDeep, entryCopy, deepInto)
	return out
}

type List struct {
	Items []Entry
	First *Entry
}

func (in *List) DeepCopyInto(out *List) { // @def(listCopy, "DeepCopyInto")
	if in.Items != nil {
		in, out := &in.Items, &out.Items
		*out = make([]Entry, len(*in))
		for i := range *in {
			(*in)[i].DeepCopyInto(&(*out)[i]) // @site(itemsInto, "DeepCopyInto")
		}
	}
	if in.First != nil {
		in, out := &in.First, &out.First
		*out = new(Entry)
		(*in).DeepCopyInto(*out) // @site(firstInto, "DeepCopyInto") @call(listCopy, entryCopy, itemsInto, firstInto)
	}
}

// Ranging over what a pointer points to: for key, val := range *in gives
// the map's values, for i, e := range *c the slice's elements.
type Tags struct{ ByKey map[string]Entry }

func (in *Tags) DeepCopyInto(out *Tags) { // @def(tagsCopy, "DeepCopyInto")
	if in.ByKey != nil {
		in, out := &in.ByKey, &out.ByKey
		*out = make(map[string]Entry, len(*in))
		for key, val := range *in {
			(*out)[key] = *val.DeepCopy() // @site(tagsDeep, "DeepCopy") @call(tagsCopy, entryDeep, tagsDeep)
		}
	}
}

type Entries []*Entry

func (c *Entries) DeepCopy() Entries { // @def(entriesCopy, "DeepCopy")
	out := make(Entries, len(*c))
	for i, e := range *c {
		out[i] = e.DeepCopy() // @site(entriesDeep, "DeepCopy") @call(entriesCopy, entryDeep, entriesDeep)
	}
	return out
}
