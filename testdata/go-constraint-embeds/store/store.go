// Package store consumes one-time codes of any kind through a generic
// function whose type parameter is constrained by an interface literal that
// embeds a named interface and a pointer term (ory/kratos's useOneTimeCode).
package store

type codeProvider interface {
	TableName() string // @def(ifaceTable, "TableName")
	GetID() int        // @def(ifaceID, "GetID")
}

func useCode[P any, U interface { // @def(useCode, "useCode")
	*P
	codeProvider
}](codes []U) (target U) {
	for i := range codes {
		c := codes[i]
		if c.GetID() > 0 { // @site(idSite, "GetID") @call(useCode, ifaceID, idSite) @dispatch(useCode, recID, idSite)
			target = c
		}
	}
	_ = target.TableName() // @site(tableSite, "TableName") @call(useCode, ifaceTable, tableSite) @dispatch(useCode, recTable, tableSite)
	return target
}
