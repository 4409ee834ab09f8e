package sweep

func clone() error { return nil } // @def(cloneDarwin, "clone")
