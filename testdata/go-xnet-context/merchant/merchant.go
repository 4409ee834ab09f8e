package merchant

import (
	"context"

	"example.com/xnetctx/admin"
)

type merchantUsecase struct {
	adminUsecase admin.Usecase
}

func (m merchantUsecase) Check(ctx context.Context) error { // @def(check, "Check")
	_, err := m.adminUsecase.ValidateToken(ctx, "t") // @site(v1, "ValidateToken") @call(check, ifaceValidate, v1) @dispatch(check, validate, v1)
	c, stop := context.WithCancel(ctx)
	_ = c
	m.adminUsecase.Cancel(stop) // @site(c1, "Cancel") @call(check, ifaceCancel, c1) @dispatch(check, cancel, c1)
	return err
}
