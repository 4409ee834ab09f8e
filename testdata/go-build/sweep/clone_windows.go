package sweep

func clone() error { return nil } // @def(cloneWindows, "clone")
