package a

func Run() {} // @def(aRun, "Run")
