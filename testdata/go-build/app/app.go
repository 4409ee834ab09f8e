package app

import "example.com/gb/store"

func Stop(s store.Service) { // @def(stop, "Stop")
	s.Close() // @site(stopClose, "Close") @dispatch(stop, dbClose, stopClose)
}

func Reset(d *store.DB) { // @def(reset, "Reset")
	d.Close() // @site(resetClose, "Close") @call(reset, dbClose, resetClose)
}
