package api

import (
	"github.com/gin-gonic/gin"
	"github.com/go-chi/chi/v5"
)

func Register(r *gin.Engine) { // @def(register, "Register")
	g := r.Group("/api")
	g.GET("/orders", listOrders) // @site(ginList, "GET") @registered(register, listOrders, "g.GET(/orders)", ginList)
	g.GET("", index)             // @site(ginIndex, "GET") @registered(register, index, "g.GET()", ginIndex)
	v1 := g.Group("/v1")
	v1.POST("/orders", createOrder) // @site(ginCreate, "POST") @registered(register, createOrder, "v1.POST(/orders)", ginCreate)
}

func Mount(r chi.Router) { // @def(mount, "Mount")
	r.Route("/reports", func(r chi.Router) {
		r.Get("/", listReports)          // @site(chiList, "Get") @registered(mount, listReports, "r.Get(/)", chiList)
		r.Post("/{id}/send", sendReport) // @site(chiSend, "Post") @registered(mount, sendReport, "r.Post(/{id}/send)", chiSend)
	})
}

func index(c *gin.Context)       {} // @def(index, "index")
func listOrders(c *gin.Context)  {} // @def(listOrders, "listOrders")
func createOrder(c *gin.Context) {} // @def(createOrder, "createOrder")

func listReports(w http.ResponseWriter, r *http.Request) {} // @def(listReports, "listReports")
func sendReport(w http.ResponseWriter, r *http.Request)  {} // @def(sendReport, "sendReport")
