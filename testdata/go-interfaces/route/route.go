// Package route has an interface that embeds one from outside the
// workspace (envoyproxy/gateway's RouteContext embeds controller-runtime's
// client.Object), whose methods are not read here. gopls, which reads them,
// lists TCPContext.GetRouteStatus among the callers of
// route.GetRouteStatus(): TCPContext has the interface's own methods and
// embeds an outside type that brings client.Object's. Bare has them too but
// embeds nothing that could bring the rest, so it implements no
// RouteContext.
package route

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	gwapi "sigs.k8s.io/gateway-api/apis/v1"
)

type RouteContext interface {
	client.Object
	GetRouteStatus() *gwapi.RouteStatus
	GetHostnames() []string
}

type TCPContext struct {
	*gwapi.TCPRoute
}

func (r *TCPContext) GetRouteStatus() *gwapi.RouteStatus { return nil } // @def(tcpStatus, "GetRouteStatus") @callers(tcpStatus, status)

func (r *TCPContext) GetHostnames() []string { return nil }

type Bare struct{}

func (b *Bare) GetRouteStatus() *gwapi.RouteStatus { return nil } // @def(bareStatus, "GetRouteStatus") @nocallers(bareStatus)

func (b *Bare) GetHostnames() []string { return nil }

func Status(route RouteContext) *gwapi.RouteStatus { // @def(status, "Status")
	return route.GetRouteStatus() // @site(statusGet, "GetRouteStatus") @dispatch(status, tcpStatus, statusGet)
}
