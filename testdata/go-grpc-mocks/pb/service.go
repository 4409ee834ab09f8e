package pb

// ServiceServer is a gRPC server interface as protoc-gen-go-grpc writes it:
// its unexported method can be had only from this package's
// UnimplementedServiceServer.
type ServiceServer interface {
	Find(id int) string // @def(ifaceFind, "Find")
	mustEmbedUnimplementedServiceServer()
}

type UnimplementedServiceServer struct{}

func (UnimplementedServiceServer) Find(id int) string { return "" } // @def(unimplFind, "Find")

func (UnimplementedServiceServer) mustEmbedUnimplementedServiceServer() {}

func Serve(s ServiceServer) string { // @def(serve, "Serve")
	return s.Find(1) // @site(s1, "Find") @call(serve, ifaceFind, s1) @dispatch(serve, serverFind, s1)
}
