package server

import "reflect"

// A gomock recorder names the mocked method by value on a typed nil
// ((*MockStore)(nil).Get): gopls counts it as a reference of MockStore.Get
// (and of the interfaces MockStore implements), and so of no other type's
// Get: Other.Get has no caller, and no grep guess either.
type Store interface {
	Get(key string) error
}

type MockStore struct{}

func (m *MockStore) Get(key string) error { return nil } // @def(mockGet, "Get")

type Cache struct{}

func (c *Cache) Get(key int) error { return nil } // @def(cacheGet, "Get")

type Other struct{}

func (o *Other) Get(key string) error { return nil } // @def(otherGet, "Get") @nocallers(otherGet)

type MockStoreRecorder struct{}

func (mr *MockStoreRecorder) Get(key any) reflect.Type { // @def(record, "Get")
	return reflect.TypeOf((*MockStore)(nil).Get) // @site(recordGet, "Get") @ref(record, mockGet, recordGet)
}

func cached() reflect.Type { // @def(cached, "cached")
	return reflect.TypeOf((&Cache{}).Get) // @site(cachedGet, "Get") @ref(cached, cacheGet, cachedGet)
}
