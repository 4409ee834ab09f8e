package legacy

// legacyUsecase has the methods' names with other parameter types: it does
// not satisfy admin.Usecase.
type legacyUsecase struct{}

func (l legacyUsecase) ValidateToken(ctx string, token string) (string, error) { // @def(legacyValidate, "ValidateToken") @nocallers(legacyValidate)
	return ctx + token, nil
}

func (l legacyUsecase) Cancel(stop func()) {
	stop()
}
