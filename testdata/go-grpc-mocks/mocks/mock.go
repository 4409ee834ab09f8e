package mocks

import "reflect"

// MockServiceServer is a mock as mockgen writes it, in another package: its
// mustEmbedUnimplementedServiceServer is this package's own method, not the
// one pb.ServiceServer asks for, so it is no pb.ServiceServer.
type MockServiceServer struct{}

func (m *MockServiceServer) Find(id int) string { return "mock" } // @def(mockFind, "Find")

func (m *MockServiceServer) mustEmbedUnimplementedServiceServer() {}

func Record() reflect.Type { // @def(record, "Record")
	return reflect.TypeOf((*MockServiceServer)(nil).Find) // @site(r1, "Find") @ref(record, mockFind, r1)
}

func UseMock(m *MockServiceServer) string { // @def(useMock, "UseMock")
	return m.Find(3) // @site(m1, "Find") @call(useMock, mockFind, m1)
}
