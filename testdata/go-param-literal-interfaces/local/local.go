package local

// Local reads through a literal of its own, declared in the body.
func Local(v any) ([]byte, error) { // @def(local, "Local")
	r := v.(interface{ ReadFile(string) ([]byte, error) }) // @def(bodyRead, "ReadFile")
	return r.ReadFile("local.yaml")                        // @site(b1, "ReadFile") @call(local, bodyRead, b1) @dispatch(local, paramRead, b1)
}

// Param reads through a literal in another package's parameter.
func Param(r interface{ ReadFile(string) ([]byte, error) }) ([]byte, error) { // @def(param, "Param") @def(paramRead, "ReadFile")
	return r.ReadFile("param.yaml") // @site(p1, "ReadFile") @call(param, paramRead, p1) @dispatch(param, bodyRead, p1)
}
