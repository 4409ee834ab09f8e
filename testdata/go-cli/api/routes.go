package api

import (
	"github.com/gin-gonic/gin"
	"github.com/go-chi/chi/v5"
)

func Register(r *gin.Engine) { // @def(register, "Register")
	g := r.Group("/api")
	g.GET("/orders", listOrders) // @site(ginList, "listOrders") @ref(register, listOrders, ginList)
	g.GET("", index)             // @site(ginIndex, "index") @ref(register, index, ginIndex)
	v1 := g.Group("/v1")
	v1.POST("/orders", createOrder) // @site(ginCreate, "createOrder") @ref(register, createOrder, ginCreate)
}

func Mount(r chi.Router) { // @def(mount, "Mount")
	r.Route("/reports", func(r chi.Router) {
		r.Get("/", listReports)          // @site(chiList, "listReports") @ref(mount, listReports, chiList)
		r.Post("/{id}/send", sendReport) // @site(chiSend, "sendReport") @ref(mount, sendReport, chiSend)
	})
}

func index(c *gin.Context)       {} // @def(index, "index")
func listOrders(c *gin.Context)  {} // @def(listOrders, "listOrders")
func createOrder(c *gin.Context) {} // @def(createOrder, "createOrder")

func listReports(w http.ResponseWriter, r *http.Request) {} // @def(listReports, "listReports")
func sendReport(w http.ResponseWriter, r *http.Request)  {} // @def(sendReport, "sendReport")
