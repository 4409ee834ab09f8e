package server

import "example.com/payments/pb"

// Server embeds pb's UnimplementedServiceServer, whose unexported method
// makes it a pb.ServiceServer.
type Server struct {
	pb.UnimplementedServiceServer
}

func (s *Server) Find(id int) string { return "found" } // @def(serverFind, "Find")

func Use(s *Server) string { // @def(use, "Use")
	return s.Find(2) // @site(u1, "Find") @call(use, serverFind, u1) @dispatch(use, ifaceFind, u1)
}
