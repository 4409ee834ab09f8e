package usecase

import "context"

type adminUsecase struct{}

func New() adminUsecase { return adminUsecase{} }

func (m adminUsecase) ValidateToken(ctx context.Context, token string) (string, error) { // @def(validate, "ValidateToken")
	return token, ctx.Err()
}

func (m adminUsecase) Cancel(stop context.CancelFunc) { // @def(cancel, "Cancel")
	stop()
}
