package mvcc

type KeyValue struct{ Key []byte }

func (m *KeyValue) GetKey() []byte { return m.Key } // @def(GetKey, "GetKey")

type Event struct{ Kv *KeyValue }

func (m *Event) GetKv() *KeyValue { return m.Kv } // @def(GetKv, "GetKv")
