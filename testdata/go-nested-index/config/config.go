package config

type KV struct{ Key, Value string }

// KVS is a sub-system's key-value list.
type KVS []KV

func (kvs *KVS) Set(key, value string) {} // @def(kvsSet, "Set") @callers(kvsSet, merge, lookupBoth)

func (kvs KVS) Lookup(key string) (string, bool) { return "", false } // @def(kvsLookup, "Lookup") @callers(kvsLookup, merge)

// Config maps a sub-system, then a target, to its list
// (minio/minio's internal/config).
type Config map[string]map[string]KVS

// merge's ckvs is c[subSys][tgt], two indexes: tree-sitter-go reads the
// expression as a generic type instantiated twice, which Go cannot write.
func (c Config) merge(defaults KVS) { // @def(merge, "merge")
	for subSys, tgtKV := range c {
		for tgt := range tgtKV {
			ckvs := c[subSys][tgt]
			for _, kv := range defaults {
				if _, ok := c[subSys][tgt].Lookup(kv.Key); !ok { // @site(mergeLookup, "Lookup") @call(merge, kvsLookup, mergeLookup)
					ckvs.Set(kv.Key, kv.Value) // @site(mergeSet, "Set") @call(merge, kvsSet, mergeSet)
				}
			}
		}
	}
}

// lookupBoth's kvs comes from the comma-ok form of the same expression.
func (c Config) lookupBoth(subSys, tgt string) { // @def(lookupBoth, "lookupBoth")
	if kvs, ok := c[subSys][tgt]; ok {
		kvs.Set("k", "v") // @site(bothSet, "Set") @call(lookupBoth, kvsSet, bothSet)
	}
}
