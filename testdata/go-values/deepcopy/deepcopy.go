// Package deepcopy is the shape controller-gen writes (envoyproxy/gateway's
// zz_generated.deepcopy.go): a field is copied through a local that shadows
// the receiver with a pointer to the field, and each element through an
// explicit dereference, (*in)[i].DeepCopyInto(&(*out)[i]), a call of the
// element type's method, as gopls says.
package deepcopy

type Entry struct{ N int }

func (in *Entry) DeepCopyInto(out *Entry) { *out = *in } // @def(entryCopy, "DeepCopyInto") @callers(entryCopy, listCopy, entryDeep)

func (in *Entry) DeepCopy() *Entry { // @def(entryDeep, "DeepCopy")
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
