package fields

// drop is a method of Expirer declared in another file than the struct.
func (x *Expirer[M]) drop(key string) bool { // @def(drop, "drop")
	return x.metric.Remove(key) // @site(dropRemove, "Remove") @call(drop, removableRemove, dropRemove) @dispatch(drop, gaugeRemove, dropRemove)
}
